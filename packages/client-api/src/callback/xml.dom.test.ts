// @vitest-environment jsdom

import { describe, expect, it } from 'vitest';
import { parseRawXml } from '#xml-engine';
import { describeXmlCases } from './xml.cases';
import * as domEngine from './xml-engine.dom';
import * as nodeEngine from './xml-engine.node';
import type { RawXmlNode } from './xml-engine.types';

describe('XML engine in browsers', () => {
  it('is DOMParser, chosen by the browser condition', () => {
    expect(parseRawXml).toBe(domEngine.parseRawXml);
  });
});

describeXmlCases();

/** Adjacent text runs as one, and whitespace between top-level nodes left out (parseXml ignores both). */
function normalised(nodes: readonly RawXmlNode[], top = true): RawXmlNode[] {
  const out: RawXmlNode[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if ('text' in node && last && 'text' in last) out[out.length - 1] = { text: last.text + node.text };
    else if ('name' in node) out.push({ ...node, children: normalised(node.children, false) });
    else out.push(node);
  }
  return top ? out.filter((n) => !('text' in n) || n.text.trim() !== '') : out;
}

describe('DOMParser and fast-xml-parser engines', () => {
  const wellFormed = [
    '<?xml version="1.0" encoding="utf-8"?>\n<Response><Status>OK</Status><Result/></Response>\n',
    '<A x="a\nb\tc" y=\'q"\'>t\r\nu</A>',
    '<A x="a\r\nb\rc">t\ru</A>',
    '<A> <B/> <!-- c --> <?pi x?> </A>',
    '<A>&amp; &lt; &#65; &#x1F600; &nbsp; &#0; &#; &constructor;</A>',
    '<A x="&amp" y="a & b"/>',
    '<A x="&nbsp;" y="&lt;&#10;" z="&#32;v"> &#32;u </A>',
    '<A><![CDATA[&amp; <b> ]]>tail<![CDATA[]]></A>',
    '<A/><B/>',
    ' <A/> ',
    '<A/>trailing text',
    '<A>]]> and > alone</A>',
    '<A x="<"/>',
    '<a:b xmlns:a="urn:a"><a:c a:d="1"/></a:b>',
    '<A>é 中文 😀 \u00a0</A>',
  ];
  for (const xml of wellFormed) {
    it(`read ${JSON.stringify(xml)} alike`, () => {
      expect(normalised(domEngine.parseRawXml(xml))).toEqual(normalised(nodeEngine.parseRawXml(xml)));
    });
  }

  const notWellFormed = [
    '<A>a & b</A>',
    '<A>&amp</A>',
    '<A>&abcdefghijklmnopqrstu;</A>',
    '<A><B></A>',
    '<A>',
    '<A></B>',
    'not xml',
    'text<A/>',
    '<A x/>',
    '<A x="1" x="2"/>',
    '<A x=1/>',
  ];
  for (const xml of notWellFormed) {
    it(`both refuse ${JSON.stringify(xml)}`, () => {
      expect(() => nodeEngine.parseRawXml(xml)).toThrow();
      expect(() => domEngine.parseRawXml(xml)).toThrow();
    });
  }

  it('never lets the DOM see an entity reference, so none can be expanded', () => {
    expect(domEngine.parseRawXml('<A x="&e;">&e;&#65;</A>')).toEqual([
      { name: 'A', attributes: [['x', '&e;']], children: [{ text: '&e;&#65;' }] },
    ]);
  });
});
