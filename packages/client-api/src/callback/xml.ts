// Chosen by platform (package.json `imports`): DOMParser in browsers, fast-xml-parser elsewhere.
import { parseRawXml } from '#xml-engine';
import { ResponseShapeError, type ResponseShapeIssue } from '../errors';
import { type CallbackCommand, CallbackStatus, type SiteMapNode } from './commands';
import type { RawXmlNode } from './xml-engine.types';

/** A text node of a decoded XML tree (entities already decoded). */
export type XmlText = string;

/** An element of a decoded XML tree. */
export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  children: readonly XmlNode[];
}

/** A node of a decoded XML tree: an element or a text run. */
export type XmlNode = XmlElement | XmlText;

/**
 * An element to serialise: an {@link XmlElement} whose attributes and children may be left out;
 * attributes that are `null` or `undefined` are not written.
 */
export interface XmlElementInput {
  name: string;
  attributes?: Readonly<Record<string, string | null | undefined>>;
  children?: readonly XmlNodeInput[];
}

/** A node to serialise: an element or a text run (escaped when written). */
export type XmlNodeInput = XmlElementInput | XmlText;

/** Options of {@link escapeXml}. */
export interface EscapeXmlOptions {
  /**
   * Where the text goes. `'any'` escapes `& < > " '`, safe everywhere; `'text'` (element content)
   * escapes `& < >`; `'attribute'` (a double-quoted value) escapes `& < > "` and writes tab, LF and
   * CR as character references, so attribute-value normalisation keeps them.
   * @default 'any'
   */
  context?: 'any' | 'text' | 'attribute';
}

/** Options of {@link serializeXml}. */
export interface SerializeXmlOptions {
  /**
   * `'any'` escapes `& < > " '` in text and attributes alike; `'context'` escapes only what each
   * place needs (see {@link EscapeXmlOptions.context}).
   * @default 'any'
   */
  escaping?: 'any' | 'context';
  /**
   * Leave out characters XML cannot carry (C0 controls other than tab, LF and CR, U+FFFE, U+FFFF,
   * lone surrogates) instead of writing them, which would make the output not well-formed.
   * @default false
   */
  dropForbidden?: boolean;
}

/** Options of {@link parseXml}. */
export interface ParseXmlOptions {
  /**
   * Trim the whitespace around each text run and attribute value (as written, before references
   * are decoded) and drop text runs that are only whitespace. CDATA is kept as written.
   * @default false
   */
  trimText?: boolean;
  /**
   * Refuse what the lenient reading lets pass: an `&` that does not start one of the five
   * predefined entities or a reference to a character XML allows (instead of keeping it as
   * text), an entity declaration (`<!ENTITY`) anywhere, and a document without exactly one root
   * element or with text outside it.
   * @default false
   */
  strict?: boolean;
}

/** A field value of a command: text, a number or boolean (written as text), or `Params`. */
export type CommandFieldValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Readonly<Record<string, string>>;

/** A command of the table, or any other `CommandType` with its fields (an escape hatch). */
export type EncodableCommand =
  | CallbackCommand
  | ({ CommandType: string } & { readonly [field: string]: CommandFieldValue });

/** A decoded `<Response>`. */
export interface DecodedResponse {
  /** `Response/Status`. */
  status: CallbackStatus;
  /**
   * `Response/Result` as text: its text content when it holds only text (JSON text included),
   * or its inner XML, re-serialised, when it holds elements. `''` when there is no `Result`.
   */
  resultText: string;
  /** The child nodes of `Response/Result` (for results made of elements, like the site map). */
  resultXml: readonly XmlNode[];
  /** `Response/Message` (ERROR only): text fit for the user. */
  message?: string;
  /** `Response/Exception` (ERROR only, verbose servers only): the exception's short line. */
  exception?: string;
}

// XML 1.0 Char production: C0 controls other than tab, LF and CR, the non-characters U+FFFE/U+FFFF
// and lone surrogates cannot be written in XML at all, escaped or not.
const FORBIDDEN_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const FORBIDDEN_CHARS_ALL = new RegExp(FORBIDDEN_CHARS.source, 'g');

/**
 * Escapes text for XML: by default `& < > " '` become entity references, safe in element content
 * and attribute values alike; `context` escapes only what one place needs.
 */
export function escapeXml(text: string, options: EscapeXmlOptions = {}): string {
  return text.replace(ESCAPED[options.context ?? 'any'], (c) => ESCAPES[c as keyof typeof ESCAPES]);
}
const ESCAPES = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
} as const;
const ESCAPED = { any: /[&<>"']/g, text: /[&<>]/g, attribute: /[&<>"\t\n\r]/g } as const;

function checkedText(field: string, value: string): string {
  const bad = FORBIDDEN_CHARS.exec(value);
  if (bad) {
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    throw new RangeError(`Field ${field} holds U+${code}, which XML cannot carry`);
  }
  return escapeXml(value);
}

function checkedName(name: string): string {
  if (!XML_NAME.test(name)) throw new RangeError(`"${name}" is not a valid command field name`);
  return name;
}

/**
 * Builds the XML body of a callback: one `<Command>` with one child element per field, text
 * escaped, `Params` written as `<Params><Param Name="x">1</Param></Params>`. Fields that are
 * `undefined` or `null` are left out. Throws a `RangeError` for text XML cannot carry (control
 * characters) and for field names that are not XML names.
 *
 * @example encodeCommand({ CommandType: 'Web.Session', CommandName: 'KeepAlive' })
 * // '<Command><CommandType>Web.Session</CommandType><CommandName>KeepAlive</CommandName></Command>'
 */
export function encodeCommand(command: EncodableCommand): string {
  const fields = command as Readonly<Record<string, CommandFieldValue>>;
  if (typeof fields.CommandType !== 'string' || fields.CommandType === '') {
    throw new RangeError('A command needs a CommandType');
  }
  // CommandType first: the server (and a human reading a log) finds the kind of command at once.
  const names = ['CommandType', ...Object.keys(fields).filter((k) => k !== 'CommandType')];
  let xml = '<Command>';
  for (const name of names) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    const tag = checkedName(name);
    if (typeof value === 'object') {
      xml += `<${tag}>`;
      for (const [paramName, paramValue] of Object.entries(value)) {
        xml += `<Param Name="${checkedText(`${name}.Name`, paramName)}">${checkedText(`${name}.${paramName}`, String(paramValue))}</Param>`;
      }
      xml += `</${tag}>`;
    } else {
      xml += `<${tag}>${checkedText(name, String(value))}</${tag}>`;
    }
  }
  return `${xml}</Command>`;
}

const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The character a reference (`amp`, `#65`, `#x41`) stands for; undefined if it is not one XML allows. */
function referencedChar(ref: string): string | undefined {
  if (Object.hasOwn(PREDEFINED, ref)) return PREDEFINED[ref];
  const hex = /^#x([0-9a-fA-F]{1,6})$/.exec(ref)?.[1];
  const decimal = /^#([0-9]{1,7})$/.exec(ref)?.[1];
  const code =
    hex !== undefined ? Number.parseInt(hex, 16) : decimal !== undefined ? Number.parseInt(decimal, 10) : NaN;
  if (!(code <= 0x10ffff)) return undefined;
  const char = String.fromCodePoint(code);
  return FORBIDDEN_CHARS.test(char) ? undefined : char;
}

/** A reference the strict reading refuses (turned into a ResponseShapeError by parseXml). */
class BadReference extends Error {}

/**
 * Decodes the five predefined entities and character references. Anything else that starts with
 * `&` is left as text, or refused when `strict`.
 */
function decodeEntities(text: string, strict: boolean): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&\s]*)(;?)/g, (whole, ref: string, semicolon: string) => {
    const char = semicolon ? referencedChar(ref) : undefined;
    if (char !== undefined) return char;
    if (strict) throw new BadReference(`"${whole}" is not a reference XML allows here`);
    return whole;
  });
}

function convert(raw: readonly RawXmlNode[], strict: boolean, trimText: boolean): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (const item of raw) {
    if ('text' in item) {
      // Trimmed as written, before references are decoded (`&#32;` survives).
      const text = trimText ? item.text.trim() : item.text;
      if (text !== '') nodes.push(decodeEntities(text, strict));
    } else if ('cdata' in item) {
      // CDATA is literal: its text is taken as is, entity-looking text included.
      nodes.push(item.cdata);
    } else {
      const attributes: Record<string, string> = {};
      for (const [key, value] of item.attributes) {
        attributes[key] = decodeEntities(trimText ? value.trim() : value, strict);
      }
      nodes.push({ name: item.name, attributes, children: convert(item.children, strict, trimText) });
    }
  }
  // Adjacent text runs (text next to CDATA) read as one.
  return nodes.reduce<XmlNode[]>((merged, node) => {
    const last = merged[merged.length - 1];
    if (typeof node === 'string' && typeof last === 'string') merged[merged.length - 1] = last + node;
    else merged.push(node);
    return merged;
  }, []);
}

function shapeError(message: string, xmlText: string, cause?: unknown): ResponseShapeError {
  const issues: ResponseShapeIssue[] = [{ code: 'invalid_xml', path: [], message }];
  return new ResponseShapeError({ issues, bodyText: xmlText, cause });
}

/** Whether `text` holds a DOCTYPE declaration (refused: no DTDs, no entity declarations). */
export function hasDoctype(text: string): boolean {
  return /<!DOCTYPE/i.test(text);
}

/**
 * Parses an XML document safely into {@link XmlNode}s: refuses DOCTYPEs, refuses what is not
 * well-formed, never resolves entities other than the predefined ones and character references.
 * Returns the (first) root element. Throws a {@link ResponseShapeError}.
 */
export function parseXml(xmlText: string, options: ParseXmlOptions = {}): XmlElement {
  const strict = options.strict ?? false;
  if (hasDoctype(xmlText)) throw shapeError('DOCTYPE is not allowed', xmlText);
  if (strict && /<!ENTITY/i.test(xmlText)) throw shapeError('entity declarations are not allowed', xmlText);
  let nodes: XmlNode[];
  try {
    nodes = convert(parseRawXml(xmlText), strict, options.trimText ?? false);
  } catch (cause) {
    const message =
      cause instanceof BadReference ? cause.message : `not well-formed XML: ${(cause as Error).message}`;
    throw shapeError(message, xmlText, cause);
  }
  const roots = nodes.filter((n) => typeof n !== 'string' || n.trim() !== '');
  const root = roots.find((n): n is XmlElement => typeof n !== 'string');
  if (!root) throw shapeError('no root element', xmlText);
  if (strict && roots.length !== 1) throw shapeError('more than one root, or text outside the root', xmlText);
  return root;
}

/** The text content of nodes: the concatenated text of every descendant. */
export function textContent(nodes: readonly XmlNode[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : textContent(n.children))).join('');
}

/**
 * Serialises nodes to XML text, escaped: elements without children as `<X/>`, attributes that
 * are `null` or `undefined` left out.
 */
export function serializeXml(nodes: readonly XmlNodeInput[], options: SerializeXmlOptions = {}): string {
  const byContext = options.escaping === 'context';
  const escapeHere = (text: string, context: 'text' | 'attribute') =>
    escapeXml(options.dropForbidden ? text.replace(FORBIDDEN_CHARS_ALL, '') : text, {
      context: byContext ? context : 'any',
    });
  const write = (n: XmlNodeInput): string => {
    if (typeof n === 'string') return escapeHere(n, 'text');
    const attributes = Object.entries(n.attributes ?? {})
      .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] !== undefined)
      .map(([k, v]) => ` ${k}="${escapeHere(v, 'attribute')}"`)
      .join('');
    const children = n.children ?? [];
    return children.length === 0
      ? `<${n.name}${attributes}/>`
      : `<${n.name}${attributes}>${children.map(write).join('')}</${n.name}>`;
  };
  return nodes.map(write).join('');
}

function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((n): n is XmlElement => typeof n !== 'string' && n.name === name);
}

const STATUSES: readonly string[] = Object.values(CallbackStatus);

/**
 * Decodes a callback answer: one `<Response>` with `Status`, `Result`, and for errors `Message`
 * and (verbose servers) `Exception`. Throws a {@link ResponseShapeError} for a DOCTYPE, XML that
 * is not well-formed, another root, or a missing or unknown `Status`.
 */
export function decodeResponse(xmlText: string): DecodedResponse {
  const root = parseXml(xmlText);
  if (root.name !== 'Response') throw shapeError(`root element is <${root.name}>, not <Response>`, xmlText);
  const statusElement = child(root, 'Status');
  const status = statusElement ? textContent(statusElement.children).trim() : '';
  if (!STATUSES.includes(status)) {
    throw shapeError(status ? `unknown Status "${status}"` : 'no Status', xmlText);
  }
  const result = child(root, 'Result');
  const resultXml = result?.children ?? [];
  const hasElements = resultXml.some((n) => typeof n !== 'string');
  const decoded: DecodedResponse = {
    status: status as CallbackStatus,
    resultText: hasElements ? serializeXml(resultXml) : textContent(resultXml),
    resultXml,
  };
  const message = child(root, 'Message');
  if (message) decoded.message = textContent(message.children);
  const exception = child(root, 'Exception');
  if (exception) decoded.exception = textContent(exception.children);
  return decoded;
}

function toSiteMapNode(element: XmlElement): SiteMapNode {
  const id = Number(element.attributes.Id);
  return {
    ...(Number.isSafeInteger(id) && id > 0 ? { id } : {}),
    title: element.attributes.Title ?? '',
    url: element.attributes.Url || null,
    description: element.attributes.Description || null,
    children: element.children
      .filter((n): n is XmlElement => typeof n !== 'string' && n.name === 'Node')
      .map(toSiteMapNode),
  };
}

/**
 * Reads the profile site map from a `Profile.Navigation.SiteMap.Xml` result:
 * `<SiteMap><Node Title Url Description><Node …/></Node></SiteMap>`, given as the decoded
 * response, its `resultXml`, or XML text (a result sent as escaped text is parsed, safely).
 */
export function parseSiteMap(result: DecodedResponse | readonly XmlNode[] | string): SiteMapNode[] {
  let nodes: readonly XmlNode[];
  if (typeof result === 'string') {
    nodes = result.trim() === '' ? [] : [parseXml(result)];
  } else if ('resultXml' in result) {
    const elements = result.resultXml.filter((n) => typeof n !== 'string');
    nodes = elements.length > 0 || result.resultText.trim() === '' ? elements : [parseXml(result.resultText)];
  } else {
    nodes = result;
  }
  const elements = nodes.filter((n): n is XmlElement => typeof n !== 'string');
  const siteMap = elements.find((n) => n.name === 'SiteMap');
  const top = siteMap ? siteMap.children : elements;
  return top.filter((n): n is XmlElement => typeof n !== 'string' && n.name === 'Node').map(toSiteMapNode);
}
