import type { CallbackStatus } from '@procedo/client-api';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** CONTRACT / spec §8: the Message of every unreadable callback body. */
export const INVALID_XML_MESSAGE = 'Invalid xml was found';

/** A callback failure with the HTTP status and the Response Message it answers with. */
export class CallbackError extends Error {
  override name = 'CallbackError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The fields of a Command: text per child element; `Params` as a name → value record. */
export type CommandFields = Record<string, string | Record<string, string>>;

/** An element to write into a Response. Attributes that are null or undefined are left out. */
export interface XmlElement {
  name: string;
  attributes?: Record<string, string | null | undefined>;
  children?: Array<XmlElement | string>;
}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

// Entities are off in the parser: it never sees a DTD (refused before parsing) and we decode the
// five predefined entities and character references ourselves, so nothing can expand.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new CallbackError(400, INVALID_XML_MESSAGE);
    if (name in PREDEFINED) return PREDEFINED[name]!;
    const code = /^#x([0-9a-fA-F]{1,6})$/.exec(name)?.[1] ?? /^#([0-9]{1,7})$/.exec(name)?.[1];
    if (code !== undefined) {
      const point = Number.parseInt(code, name.startsWith('#x') ? 16 : 10);
      if (isXmlChar(point)) return String.fromCodePoint(point);
    }
    throw new CallbackError(400, INVALID_XML_MESSAGE);
  });
}

function isXmlChar(point: number): boolean {
  return (
    point === 0x9 ||
    point === 0xa ||
    point === 0xd ||
    (point >= 0x20 && point <= 0xd7ff) ||
    (point >= 0xe000 && point <= 0xfffd) ||
    (point >= 0x10000 && point <= 0x10ffff)
  );
}

const elementName = (node: OrderedNode) => Object.keys(node).find((key) => key !== ':@')!;

/** Text content of an element whose children are only text and CDATA; null if it holds elements. */
function textOf(children: OrderedNode[]): string | null {
  let text = '';
  for (const child of children) {
    const name = elementName(child);
    if (name === '#text') text += decodeEntities(String(child[name]));
    else if (name === '#cdata') text += String((child[name] as OrderedNode[])[0]?.['#text'] ?? '');
    else return null;
  }
  return text;
}

function readParams(children: OrderedNode[]): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
  for (const child of children) {
    const name = elementName(child);
    if (name === '#text' && String(child[name]).trim() === '') continue;
    const paramName = child[':@']?.Name;
    if (name !== 'Param' || paramName === undefined) {
      throw new CallbackError(400, 'Field Params must hold only <Param Name="…"> elements');
    }
    const key = decodeEntities(paramName);
    const value = textOf(child[name] as OrderedNode[]);
    if (value === null) throw new CallbackError(400, `Param '${key}' must hold text only`);
    if (Object.hasOwn(params, key)) throw new CallbackError(400, `Param '${key}' appears more than once`);
    params[key] = value;
  }
  return { ...params };
}

/**
 * Reads a callback body into its Command fields. A body that is not well-formed, has a DOCTYPE
 * or entity declaration, or whose root is not one `Command` element is `Invalid xml was found`.
 */
export function parseCommandXml(body: unknown): CommandFields {
  if (typeof body !== 'string' || body.trim() === '') throw new CallbackError(400, INVALID_XML_MESSAGE);
  // Refused before parsing, so no DTD, internal or external entity is ever read (XXE, billion laughs).
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw new CallbackError(400, INVALID_XML_MESSAGE);
  if (XMLValidator.validate(body) !== true) throw new CallbackError(400, INVALID_XML_MESSAGE);

  const roots = (parser.parse(body) as OrderedNode[]).filter((node) => {
    const name = elementName(node);
    return name !== '#text' || String(node[name]).trim() !== '';
  });
  const root = roots[0];
  if (roots.length !== 1 || !root || elementName(root) !== 'Command') {
    throw new CallbackError(400, INVALID_XML_MESSAGE);
  }

  const fields: CommandFields = Object.create(null);
  for (const child of root.Command as OrderedNode[]) {
    const name = elementName(child);
    if (name === '#text' || name === '#cdata') {
      throw new CallbackError(400, 'The Command element holds text outside its fields');
    }
    if (Object.hasOwn(fields, name)) throw new CallbackError(400, `Field ${name} appears more than once`);
    const children = child[name] as OrderedNode[];
    if (name === 'Params') {
      fields[name] = readParams(children);
      continue;
    }
    const text = textOf(children);
    if (text === null) throw new CallbackError(400, `Field ${name} must hold text only`);
    fields[name] = text;
  }
  return { ...fields };
}

const INVALID_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Escapes text for element content. */
export function escapeText(text: string): string {
  return text.replace(INVALID_CHARS, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** Writes an element tree as XML. */
export function renderXml(node: XmlElement | string): string {
  if (typeof node === 'string') return escapeText(node);
  const attributes = Object.entries(node.attributes ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join('');
  const children = node.children ?? [];
  if (children.length === 0) return `<${node.name}${attributes}/>`;
  return `<${node.name}${attributes}>${children.map(renderXml).join('')}</${node.name}>`;
}

/** A `Response` document: Status, then Result / Message / Exception when given. */
export function renderResponse(response: {
  status: CallbackStatus;
  result?: string | XmlElement | XmlElement[];
  message?: string;
  exception?: string;
}): string {
  const children: XmlElement[] = [{ name: 'Status', children: [response.status] }];
  if (response.result !== undefined) {
    const result = Array.isArray(response.result) ? response.result : [response.result];
    children.push({ name: 'Result', children: result });
  }
  if (response.message !== undefined) children.push({ name: 'Message', children: [response.message] });
  if (response.exception !== undefined) children.push({ name: 'Exception', children: [response.exception] });
  return `<?xml version="1.0" encoding="utf-8"?>${renderXml({ name: 'Response', children })}`;
}
