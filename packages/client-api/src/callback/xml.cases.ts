// The XML test cases, run once per engine: xml.test.ts (Node: fast-xml-parser) and
// xml.dom.test.ts (jsdom: DOMParser). Both engines must give the same result for each.
import { describe, expect, it } from 'vitest';
import { ResponseShapeError } from '../errors';
import {
  decodeResponse,
  encodeCommand,
  escapeXml,
  parseSiteMap,
  parseXml,
  serializeXml,
  textContent,
} from './xml';

/** Registers every parseXml / decodeResponse / encodeCommand case with the engine this environment resolves. */
export function describeXmlCases(): void {
  function resultOf(text: string) {
    return `<Response><Status>OK</Status><Result>${text}</Result></Response>`;
  }

  describe('encodeCommand', () => {
    it('writes one child element per field, CommandType first', () => {
      expect(
        encodeCommand({
          CommandType: 'wtoElementExecCommand',
          CommandName: 'entity.translation.get',
          CommandElementName: 'lblCustomerName',
          DbEntityId: '12',
          ParentId: '0',
          PropertyId: '3',
        }),
      ).toBe(
        '<Command><CommandType>wtoElementExecCommand</CommandType><CommandName>entity.translation.get</CommandName>' +
          '<CommandElementName>lblCustomerName</CommandElementName><DbEntityId>12</DbEntityId>' +
          '<ParentId>0</ParentId><PropertyId>3</PropertyId></Command>',
      );
      expect(encodeCommand({ ComponentName: 'x', CommandType: 'Web.Resources.XmlOfComponentName' })).toBe(
        '<Command><CommandType>Web.Resources.XmlOfComponentName</CommandType><ComponentName>x</ComponentName></Command>',
      );
    });

    it('escapes & < > " and \' in text and leaves out undefined fields', () => {
      const xml = encodeCommand({ CommandType: 'X', Text: `a & b < c > d " e ' f`, Missing: undefined });
      expect(xml).toBe(
        '<Command><CommandType>X</CommandType><Text>a &amp; b &lt; c &gt; d &quot; e &apos; f</Text></Command>',
      );
    });

    it('writes Params as Param elements with an escaped Name attribute', () => {
      expect(
        encodeCommand({ CommandType: 'Web.Data.XmlOfId', DataId: 'd1', Params: { x: '1', 'a"b': '<2>' } }),
      ).toBe(
        '<Command><CommandType>Web.Data.XmlOfId</CommandType><DataId>d1</DataId>' +
          '<Params><Param Name="x">1</Param><Param Name="a&quot;b">&lt;2&gt;</Param></Params></Command>',
      );
    });

    it('refuses control characters XML cannot carry, but keeps tab and newlines', () => {
      expect(() => encodeCommand({ CommandType: 'X', Text: 'bell\u0007' })).toThrow(/U\+0007/);
      expect(() => encodeCommand({ CommandType: 'X', Params: { p: 'nul\u0000' } })).toThrow(RangeError);
      expect(() => encodeCommand({ CommandType: 'X', Text: 'lone \uD800 surrogate' })).toThrow(RangeError);
      expect(encodeCommand({ CommandType: 'X', Text: 'a\tb\nc' })).toContain('<Text>a\tb\nc</Text>');
    });

    it('refuses field names that are not XML names and a missing CommandType', () => {
      expect(() => encodeCommand({ CommandType: 'X', 'bad name': '1' })).toThrow(RangeError);
      expect(() => encodeCommand({ CommandType: 'X', '<evil>': '1' })).toThrow(RangeError);
      expect(() => encodeCommand({ CommandType: '' })).toThrow(/CommandType/);
    });
  });

  describe('escaping round-trips', () => {
    const samples = [
      `&<>"'`,
      'a &amp; already-escaped &lt;text&gt;',
      'unicode: é ü 中文 😀 \u00a0 \u2028',
      '  leading and trailing spaces  ',
      'line1\nline2\ttabbed',
      ']]> and <![CDATA[',
    ];
    for (const sample of samples) {
      it(`decodes what it encoded: ${JSON.stringify(sample)}`, () => {
        const command = parseXml(encodeCommand({ CommandType: 'X', Text: sample, Params: { p: sample } }));
        expect(command.name).toBe('Command');
        const text = command.children.find((n) => typeof n !== 'string' && n.name === 'Text');
        expect(text && typeof text !== 'string' && textContent(text.children)).toBe(sample);
        const decoded = decodeResponse(resultOf(serializeXml([sample])));
        expect(decoded.resultText).toBe(sample);
      });
    }
  });

  describe('escapeXml', () => {
    it('escapes all five characters by default, and only what a place needs with context', () => {
      const text = `a&b<c>d"e'f\tg\nh\ri`;
      expect(escapeXml(text)).toBe(`a&amp;b&lt;c&gt;d&quot;e&apos;f\tg\nh\ri`);
      expect(escapeXml(text, { context: 'text' })).toBe(`a&amp;b&lt;c&gt;d"e'f\tg\nh\ri`);
      expect(escapeXml(text, { context: 'attribute' })).toBe(`a&amp;b&lt;c&gt;d&quot;e'f&#9;g&#10;h&#13;i`);
    });
  });

  describe('serializeXml', () => {
    const node = {
      name: 'Node',
      attributes: { Title: `R&D "x"\n'y'\u0007`, Url: null, Description: undefined },
      children: [`a < b 'c'\u0000`, { name: 'Empty' }],
    };

    it('leaves out null and undefined attributes and writes an element without children as <X/>', () => {
      expect(serializeXml([node])).toBe(
        `<Node Title="R&amp;D &quot;x&quot;\n&apos;y&apos;\u0007">a &lt; b &apos;c&apos;\u0000<Empty/></Node>`,
      );
    });

    it('escapes by context and drops characters XML cannot carry when asked', () => {
      const xml = serializeXml([node], { escaping: 'context', dropForbidden: true });
      expect(xml).toBe(`<Node Title="R&amp;D &quot;x&quot;&#10;'y'">a &lt; b 'c'<Empty/></Node>`);
      expect(parseXml(xml)).toEqual({
        name: 'Node',
        attributes: { Title: `R&D "x"\n'y'` },
        children: [`a < b 'c'`, { name: 'Empty', attributes: {}, children: [] }],
      });
    });
  });

  describe('parseXml options', () => {
    it('keeps unknown references as text, but refuses them when strict', () => {
      expect(parseXml('<A x="&nbsp;">&constructor; &amp; &#0;</A>')).toEqual({
        name: 'A',
        attributes: { x: '&nbsp;' },
        children: ['&constructor; & &#0;'],
      });
      for (const bad of ['&nbsp;', '&constructor;', '&#0;', '&#xD800;', '&#x110000;', '&AMP;', '&amp']) {
        expect(() => parseXml(`<A>${bad}</A>`, { strict: true })).toThrow(ResponseShapeError);
        expect(() => parseXml(`<A x="${bad}"/>`, { strict: true })).toThrow(ResponseShapeError);
      }
      expect(parseXml('<A x="&lt;">&#x1F600;&#65;&apos;</A>', { strict: true })).toEqual({
        name: 'A',
        attributes: { x: '<' },
        children: ["😀A'"],
      });
    });

    it('refuses more than one root, text outside the root and entity declarations when strict', () => {
      expect(parseXml('<A/><B/>').name).toBe('A');
      expect(() => parseXml('<A/><B/>', { strict: true })).toThrow(ResponseShapeError);
      expect(() => parseXml('<A><!ENTITY x "y"></A>', { strict: true })).toThrow(ResponseShapeError);
      expect(parseXml(' <A/> ', { strict: true }).name).toBe('A');
    });

    it('trims text runs and attribute values as written when trimText, keeping CDATA', () => {
      expect(parseXml('<A x=" v "> <B> t <![CDATA[ c ]]> </B> &#32;u </A>', { trimText: true })).toEqual({
        name: 'A',
        attributes: { x: 'v' },
        children: [{ name: 'B', attributes: {}, children: ['t c '] }, ' u'],
      });
    });
  });

  describe('decodeResponse', () => {
    it('reads Status, text Result, Message and Exception', () => {
      expect(decodeResponse(resultOf('hello &amp; &#233;&#x1F600;'))).toEqual({
        status: 'OK',
        resultText: 'hello & é😀',
        resultXml: ['hello & é😀'],
      });
      const error = decodeResponse(
        '<?xml version="1.0" encoding="utf-8"?><Response><Status>ERROR</Status><Message>Invalid xml was found</Message>' +
          '<Exception><![CDATA[System.Xml.XmlException: a & b]]></Exception></Response>',
      );
      expect(error).toMatchObject({
        status: 'ERROR',
        resultText: '',
        message: 'Invalid xml was found',
        exception: 'System.Xml.XmlException: a & b',
      });
    });

    it('keeps CDATA literal and leaves unknown entities unresolved', () => {
      expect(decodeResponse(resultOf('<![CDATA[&amp;<b>]]>')).resultText).toBe('&amp;<b>');
      expect(decodeResponse(resultOf('&nbsp;&copy;')).resultText).toBe('&nbsp;&copy;');
    });

    it('re-serialises a Result made of elements and keeps its nodes', () => {
      const decoded = decodeResponse(resultOf('<Component Name="a&amp;b"><Part>1 &lt; 2</Part></Component>'));
      expect(decoded.resultText).toBe('<Component Name="a&amp;b"><Part>1 &lt; 2</Part></Component>');
      expect(decoded.resultXml).toEqual([
        {
          name: 'Component',
          attributes: { Name: 'a&b' },
          children: [{ name: 'Part', attributes: {}, children: ['1 < 2'] }],
        },
      ]);
    });

    it('refuses a DOCTYPE, so no entity or DTD is ever resolved', () => {
      const xxe =
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Response><Status>OK</Status><Result>&x;</Result></Response>';
      expect(() => decodeResponse(xxe)).toThrow(ResponseShapeError);
      expect(() => decodeResponse(xxe)).toThrow(/DOCTYPE/);
      const billion = '<!doctype Response [<!ENTITY a "aaaa">]><Response><Status>&a;</Status></Response>';
      expect(() => decodeResponse(billion)).toThrow(/DOCTYPE/);
    });

    it('refuses XML that is not well-formed, another root, and a missing or unknown Status', () => {
      expect(() => decodeResponse('<Response><Status>OK</Status>')).toThrow(/not well-formed/);
      expect(() => decodeResponse('not xml')).toThrow(ResponseShapeError);
      expect(() => decodeResponse('<Command><Status>OK</Status></Command>')).toThrow(/not <Response>/);
      expect(() => decodeResponse('<Response><Result>1</Result></Response>')).toThrow(/no Status/);
      expect(() => decodeResponse('<Response><Status>MAYBE</Status></Response>')).toThrow(
        /unknown Status "MAYBE"/,
      );
    });
  });

  describe('parseSiteMap', () => {
    const siteMapXml =
      '<SiteMap><Node Title="Home" Url="/" Description="Start &amp; overview">' +
      '<Node Title="Orders" Url="/form?WebTemplateNo=10"/><Node Title="Reports"><Node Title="Sales" Url="/form?WebTemplateNo=20&amp;a_nofocus=1"/></Node>' +
      '</Node><Node Title="Help" Url="/help/index"/></SiteMap>';
    const expected = [
      {
        title: 'Home',
        url: '/',
        description: 'Start & overview',
        children: [
          { title: 'Orders', url: '/form?WebTemplateNo=10', description: null, children: [] },
          {
            title: 'Reports',
            url: null,
            description: null,
            children: [
              { title: 'Sales', url: '/form?WebTemplateNo=20&a_nofocus=1', description: null, children: [] },
            ],
          },
        ],
      },
      { title: 'Help', url: '/help/index', description: null, children: [] },
    ];

    it('reads the nested Node tree of a Result made of elements', () => {
      expect(parseSiteMap(decodeResponse(resultOf(siteMapXml)))).toEqual(expected);
    });

    it('reads a site map sent as escaped text, and plain XML text', () => {
      expect(parseSiteMap(decodeResponse(resultOf(serializeXml([siteMapXml]))))).toEqual(expected);
      expect(parseSiteMap(siteMapXml)).toEqual(expected);
    });

    it('gives an empty list for an empty result and refuses a DOCTYPE in text', () => {
      expect(parseSiteMap(decodeResponse(resultOf('')))).toEqual([]);
      expect(() => parseSiteMap('<!DOCTYPE x><SiteMap/>')).toThrow(ResponseShapeError);
    });
  });
}
