import { describe, expect, it } from 'vitest';
import { CallbackError, parseCommandXml, renderResponse } from './callback-xml';

function failure(body: string): CallbackError {
  try {
    parseCommandXml(body);
  } catch (error) {
    if (error instanceof CallbackError) return error;
    throw error;
  }
  throw new Error('expected the body to be refused');
}

describe('parseCommandXml', () => {
  it('reads each child element as a text field', () => {
    expect(
      parseCommandXml(
        '<?xml version="1.0" encoding="utf-8"?>\n<Command>\n  <CommandType>wtoElementExecCommand</CommandType>\n  <DbEntityId>12</DbEntityId>\n</Command>',
      ),
    ).toEqual({ CommandType: 'wtoElementExecCommand', DbEntityId: '12' });
  });

  it('decodes the predefined entities and character references once, and keeps CDATA literal', () => {
    expect(
      parseCommandXml(
        '<Command><A>a &amp;lt; &#65;&#x42; &quot;q&quot;</A><B><![CDATA[<x>&amp;</x>]]></B></Command>',
      ),
    ).toEqual({ A: 'a &lt; AB "q"', B: '<x>&amp;</x>' });
  });

  it('reads Params as a name to value record', () => {
    expect(
      parseCommandXml(
        '<Command><Params><Param Name="x">1</Param><Param Name="a&amp;b">2</Param></Params></Command>',
      ),
    ).toEqual({ Params: { x: '1', 'a&b': '2' } });
  });

  it('refuses a field given twice, naming it', () => {
    const error = failure('<Command><DataId>1</DataId><DataId>2</DataId></Command>');
    expect(error.status).toBe(400);
    expect(error.message).toContain('DataId');
  });

  it('refuses a field holding elements, naming it', () => {
    expect(failure('<Command><DataId><x/></DataId></Command>').message).toContain('DataId');
  });

  it.each([
    ['a DOCTYPE', '<!DOCTYPE Command><Command/>'],
    ['a lowercase doctype', '<!doctype Command><Command/>'],
    [
      'an external entity',
      '<!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]><Command><A>&x;</A></Command>',
    ],
    ['an unknown entity', '<Command><A>&nbsp;</A></Command>'],
    ['an entity named like an Object member', '<Command><A>&constructor;</A></Command>'],
    ['an unknown entity in an attribute', '<Command><A x="&nbsp;">1</A></Command>'],
    ['an entity declaration inside the Command', '<Command><!ENTITY x "y"></Command>'],
    ['a second root', '<Command/><Command/>'],
    ['a reference to a character XML forbids', '<Command><A>&#0;</A></Command>'],
    ['unbalanced tags', '<Command><A></Command>'],
    ['no root', '<?xml version="1.0"?>'],
    ['a non-string body', undefined as unknown as string],
  ])('refuses %s as invalid xml', (_label, body) => {
    const error = failure(body);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Invalid xml was found');
  });
});

describe('renderResponse', () => {
  it('writes a Result element tree, escaping text and attributes and leaving out null attributes', () => {
    expect(
      renderResponse({
        status: 'OK',
        result: {
          name: 'Node',
          attributes: { Title: `R&D "labs" <x>\n'q'`, Url: null },
          children: [`a < b & c 'q'`, { name: 'Empty' }],
        },
      }),
    ).toContain(
      `<Result><Node Title="R&amp;D &quot;labs&quot; &lt;x&gt;&#10;'q'">a &lt; b &amp; c 'q'<Empty/></Node></Result>`,
    );
  });

  it('drops characters XML cannot carry', () => {
    expect(renderResponse({ status: 'ERROR', message: 'x\u0000y\u0007z' })).toContain(
      '<Message>xyz</Message>',
    );
  });

  it('writes Status, then Result, Message and Exception when given', () => {
    expect(renderResponse({ status: 'ERROR', message: 'm', exception: 'e' })).toBe(
      '<?xml version="1.0" encoding="utf-8"?><Response><Status>ERROR</Status><Message>m</Message><Exception>e</Exception></Response>',
    );
    expect(renderResponse({ status: 'OK', result: 'r' })).toContain('<Status>OK</Status><Result>r</Result>');
  });
});
