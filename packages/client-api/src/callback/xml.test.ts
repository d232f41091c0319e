import { describe, expect, it } from 'vitest';
import { parseRawXml } from '#xml-engine';
import { describeXmlCases } from './xml.cases';
import * as nodeEngine from './xml-engine.node';

describe('XML engine in Node', () => {
  it('is fast-xml-parser', () => {
    expect(parseRawXml).toBe(nodeEngine.parseRawXml);
  });
});

describeXmlCases();
