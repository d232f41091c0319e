import { XMLParser } from 'fast-xml-parser';
import type { RawXmlNode } from './xml-engine.types';

// The XML engine outside browsers (Node: the reference server, tests): fast-xml-parser.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Never resolve entities here: DOCTYPEs are refused before parsing, and parseXml decodes the
  // predefined entities and character references itself, nothing else.
  processEntities: false,
  htmlEntities: false,
  cdataPropName: '#cdata',
  commentPropName: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type FxpNode = Record<string, unknown>;

function toRaw(nodes: readonly FxpNode[]): RawXmlNode[] {
  const raw: RawXmlNode[] = [];
  for (const item of nodes) {
    if ('#text' in item) {
      raw.push({ text: String(item['#text']) });
      continue;
    }
    if ('#cdata' in item) {
      const parts = item['#cdata'] as FxpNode[];
      raw.push({ cdata: parts.map((p) => String(p['#text'] ?? '')).join('') });
      continue;
    }
    const name = Object.keys(item).find((k) => k !== ':@');
    if (name === undefined) continue;
    const attributes = Object.entries((item[':@'] ?? {}) as Record<string, unknown>).map(
      ([key, value]) => [key, String(value)] as const,
    );
    raw.push({ name, attributes, children: toRaw(item[name] as FxpNode[]) });
  }
  return raw;
}

/** Parses XML text with fast-xml-parser (validating it first) into raw nodes. */
export function parseRawXml(xmlText: string): RawXmlNode[] {
  return toRaw(parser.parse(xmlText, true) as FxpNode[]);
}
