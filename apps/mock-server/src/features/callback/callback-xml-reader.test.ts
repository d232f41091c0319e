import { encodeCommand, parseXml } from '@procedo/client-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallbackError, parseCommandXml } from './callback-xml';
import { CALLBACK_XML_LIMITS, InvalidXmlError, readCallbackXml } from './callback-xml-reader';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/;

/** Text a command field can carry: any string without the characters XML 1.0 forbids. */
const fieldText = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !FORBIDDEN.test(text));
const fieldName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,15}$/).filter((name) => name !== 'Params');
const paramName = fc
  .stringMatching(/^[A-Za-z0-9 _.:$&<>"'-]{1,12}$/)
  .filter((name) => name === name.trim() && !['__proto__', 'constructor', 'prototype'].includes(name));

/** What the server reads back from a field or Param name: trimmed, line ends as LF. */
const asRead = (text: string) => text.trim().replace(/\r\n?/g, '\n');

function refusal(body: string): unknown {
  try {
    readCallbackXml(body);
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Text as written in a document: plain characters, the references XML allows, now and then a bad one. */
const writtenText = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.stringMatching(/^[a-z0-9 \t\r\n.,;:!?=/\-'"é中]{0,8}$/) },
      { weight: 1, arbitrary: fc.constantFrom('😀', '\u00a0', '\u2028') },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '&amp;',
          '&lt;',
          '&gt;',
          '&quot;',
          '&apos;',
          '&#65;',
          '&#x20;',
          '&#32;',
          '&#x1F600;',
        ),
      },
      { weight: 1, arbitrary: fc.constantFrom('&', '&nbsp;', '&#0;', '&#x;', '&amp', ']]>', '>') },
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));
const elementName = fc.constantFrom('A', 'B', 'Param', 'a:b', 'x-y.z', 'É', '_1');
const attributeValue = writtenText.map((text) => text.replace(/"/g, '&quot;'));

/** Documents that are well-formed but for the occasional bad reference or "]]>": a tree of elements, text, CDATA, comments and PIs. */
const documentArbitrary = fc.letrec<{ node: string; element: string }>((tie) => ({
  node: fc.oneof(
    { weight: 3, arbitrary: writtenText },
    { weight: 2, arbitrary: tie('element') },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z <>&]{0,6}$/).map((t) => `<![CDATA[${t}]]>`) },
    { weight: 1, arbitrary: fc.stringMatching(/^[a-z <>&]{0,6}$/).map((t) => `<!--${t}-->`) },
    { weight: 1, arbitrary: fc.constant('<?pi data?>') },
  ),
  element: fc
    .tuple(
      elementName,
      fc.uniqueArray(fc.tuple(fc.constantFrom('x', 'Name', 'y:z', 'w'), attributeValue), {
        maxLength: 3,
        selector: ([name]) => name,
      }),
      fc.array(tie('node'), { maxLength: 4, depthIdentifier: 'tree' }),
    )
    .map(([name, attributes, children]) => {
      const written = attributes.map(([key, value]) => ` ${key}="${value}"`).join('');
      return children.length === 0
        ? `<${name}${written}/>`
        : `<${name}${written}>${children.join('')}</${name}>`;
    }),
})).element;

describe('readCallbackXml', () => {
  it('reads a CR before a comment and an LF after it as two line ends, as the codec does', () => {
    // Found by the property below (fast-check seed -1621091927).
    const xml = '<A><A>;\r<!---->\né</A></A>';
    expect(readCallbackXml(xml)).toEqual(parseXml(xml, { strict: true, trimText: true }));
  });

  it('reads every document as the client-api codec does, and accepts none it refuses', () => {
    fc.assert(
      fc.property(documentArbitrary, (xml) => {
        let expected: unknown;
        try {
          expected = parseXml(xml, { strict: true, trimText: true });
        } catch {
          expected = 'refused';
        }
        let actual: unknown;
        try {
          actual = readCallbackXml(xml);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidXmlError);
          actual = 'refused';
        }
        // Stricter only where XML 1.0 says so: "]]>" in text, which the codec lets through.
        if (actual === 'refused' && expected !== 'refused') expect(xml).toContain(']]>');
        else expect(actual).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws anything but InvalidXmlError, whatever the string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (body) => {
        const error = refusal(body);
        expect(error === undefined || error instanceof InvalidXmlError).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back every command the client encodes', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fieldName, fieldText, { maxKeys: 8 }),
        fc.dictionary(paramName, fieldText, { maxKeys: 6 }),
        (fields, params) => {
          const withParams = Object.keys(params).length > 0;
          const body = encodeCommand({
            CommandType: 'X',
            ...fields,
            ...(withParams ? { Params: params } : {}),
          });
          const expected: Record<string, unknown> = { CommandType: 'X' };
          for (const [name, value] of Object.entries(fields))
            if (name !== 'CommandType') expected[name] = asRead(value);
          if (withParams) {
            expected.Params = Object.fromEntries(
              Object.entries(params).map(([name, value]) => [asRead(name), asRead(value)]),
            );
          }
          expect(parseCommandXml(body)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a character XML 1.0 forbids anywhere in a valid body', () => {
    const body = encodeCommand({ CommandType: 'Web.Session', CommandName: 'KeepAlive', Params: { a: 'b' } });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: body.length }),
        fc.constantFrom(
          '\u0000',
          '\u0001',
          '\u0008',
          '\u000B',
          '\u000C',
          '\u001F',
          '\uFFFE',
          '\uFFFF',
          '\uD800',
          '\uDC00',
        ),
        (at, char) => {
          expect(refusal(body.slice(0, at) + char + body.slice(at))).toBeInstanceOf(InvalidXmlError);
        },
      ),
    );
  });

  it('refuses more attributes on one element than the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: CALLBACK_XML_LIMITS.attributesPerElement + 1, max: 5000 }),
        fc.integer({ min: 0, max: 3 }),
        (count, depth) => {
          const attributes = Array.from({ length: count }, (_, i) => ` a${i}="${i}"`).join('');
          const body = `<Command>${'<F>'.repeat(depth)}<G${attributes}/>${'</F>'.repeat(depth)}</Command>`;
          expect(refusal(body)).toBeInstanceOf(InvalidXmlError);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses nesting deeper than the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: CALLBACK_XML_LIMITS.depth + 1, max: 50_000 }), (depth) => {
        expect(refusal(`${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`)).toBeInstanceOf(InvalidXmlError);
      }),
      { numRuns: 30 },
    );
  });

  it('refuses more elements than the cap, however they are arranged', () => {
    const element = fc.constantFrom('<a/>', '<a></a>', '<a>t</a>', '<a><b/></a>', '<a x="1"/>');
    fc.assert(
      fc.property(
        fc.array(element, { minLength: CALLBACK_XML_LIMITS.elements, maxLength: 3000 }),
        (parts) => {
          expect(refusal(`<Command>${parts.join('')}</Command>`)).toBeInstanceOf(InvalidXmlError);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('refuses a literal < in an attribute value and accepts it escaped', () => {
    expect(refusal('<Command x="a<b"/>')).toBeInstanceOf(InvalidXmlError);
    expect(refusal("<Command x='<'/>")).toBeInstanceOf(InvalidXmlError);
    expect(readCallbackXml('<Command x="a&lt;b &gt; c"/>').attributes).toEqual({ x: 'a<b > c' });
  });

  it('refuses prototype member names as element or attribute names', () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      expect(refusal(`<Command><${name}>1</${name}></Command>`)).toBeInstanceOf(InvalidXmlError);
      expect(refusal(`<Command ${name}="1"/>`)).toBeInstanceOf(InvalidXmlError);
    }
  });

  it('refuses an XML 1.1 declaration used to allow control characters as references', () => {
    expect(refusal('<?xml version="1.1"?><Command><A>&#x1;</A></Command>')).toBeInstanceOf(InvalidXmlError);
  });

  it('reads the text around a comment as one run, joins it to CDATA and keeps CDATA as written', () => {
    expect(readCallbackXml('<Command><A> a <!-- c --> b <![CDATA[ <c>&amp; ]]></A></Command>')).toEqual({
      name: 'Command',
      attributes: {},
      children: [{ name: 'A', attributes: {}, children: ['a  b <c>&amp; '] }],
    });
  });
});

describe('parseCommandXml', () => {
  it('refuses any string with a CallbackError, never anything else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (body) => {
        try {
          parseCommandXml(body);
        } catch (error) {
          expect(error).toBeInstanceOf(CallbackError);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
