import type { XmlElement, XmlNode } from '@procedo/client-api';

/**
 * Caps on a callback body's shape (docs/protocol.md, "Callback XML limits"). A Command holds a few
 * fields and `Params` a few `Param`s (depth 3, one attribute): the caps leave wide headroom and
 * bound the work any body under the 1 MiB limit can cost. Checked while reading, so a body is
 * dropped at the first node past a cap.
 */
export const CALLBACK_XML_LIMITS = {
  /** Elements in the body, `Command` included. */
  elements: 1000,
  /** Attributes on one element. */
  attributesPerElement: 16,
  /** Nesting depth; `Command` is depth 1. */
  depth: 16,
  /** Comments, processing instructions and CDATA sections, together. */
  otherNodes: 1000,
  /** Entity and character references (`&amp;`, `&#65;`) in text and attribute values, together. */
  references: 10_000,
  /** Carriage returns inside text, CDATA and attribute values (each is rewritten to a line feed). */
  carriageReturns: 10_000,
} as const;

/** The shape caps of {@link readCallbackXml}. */
export type CallbackXmlLimits = { readonly [K in keyof typeof CALLBACK_XML_LIMITS]: number };

/** A body the callback refuses as `Invalid xml was found`; the message is for logs and tests only. */
export class InvalidXmlError extends Error {
  override name = 'InvalidXmlError';
}

// XML 1.0 Char production: C0 controls other than tab, LF and CR, U+FFFE/U+FFFF and lone
// surrogates may not appear anywhere in a document, comments and CDATA included.
const FORBIDDEN_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// XML 1.0 (5th edition) Name production.
const NAME_START =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME = `[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040]*`;

// Sticky patterns, each tried at one position: none can backtrack more than linearly.
const START_TAG = new RegExp(`<(${NAME})`, 'uy');
const ATTRIBUTE = new RegExp(
  `[ \\t\\n\\r]+(${NAME})[ \\t\\n\\r]*=[ \\t\\n\\r]*(?:"([^<"]*)"|'([^<']*)')`,
  'uy',
);
const TAG_END = /[ \t\n\r]*(\/?)>/y;
const END_TAG = new RegExp(`</(${NAME})[ \\t\\n\\r]*>`, 'uy');
const PI_TARGET = new RegExp(`<\\?(${NAME})(?=[ \\t\\n\\r]|\\?>)`, 'uy');
const XML_DECLARATION =
  /<\?xml[ \t\n\r]+version[ \t\n\r]*=[ \t\n\r]*(["'])1\.0\1(?:[ \t\n\r]+encoding[ \t\n\r]*=[ \t\n\r]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\n\r]+standalone[ \t\n\r]*=[ \t\n\r]*(["'])(?:yes|no)\3)?[ \t\n\r]*\?>/y;
const ONLY_SPACE = /^[ \t\n\r]*$/;

// Names that would reach for a JavaScript object's prototype if a consumer used them as keys.
const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether `name` is a JavaScript prototype member name (refused as element, attribute or Param name). */
export function isReservedName(name: string): boolean {
  return RESERVED_NAMES.has(name);
}

function refuse(reason: string): never {
  throw new InvalidXmlError(reason);
}

function allowedCodePoint(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** The character `&ref;` stands for: a predefined entity or a reference to a character XML allows. */
function referenced(ref: string): string {
  switch (ref) {
    case 'amp':
      return '&';
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'quot':
      return '"';
    case 'apos':
      return "'";
  }
  let code = Number.NaN;
  if (/^#[0-9]{1,7}$/.test(ref)) code = Number(ref.slice(1));
  else if (/^#x[0-9a-fA-F]{1,6}$/.test(ref)) code = Number.parseInt(ref.slice(2), 16);
  if (!allowedCodePoint(code)) refuse(`"&${ref.slice(0, 20)};" is not a reference XML allows`);
  return String.fromCodePoint(code);
}

/** How many more of one costly thing the body may hold (references, carriage returns). */
interface Budget {
  left: number;
  readonly what: string;
}

function spend(budget: Budget): void {
  if (--budget.left < 0) refuse(`too many ${budget.what}`);
}

/** XML 1.0 §2.11: CR LF and a lone CR read as LF (as the client-api codec reads them). */
function lineEnds(raw: string, budget: Budget): string {
  let cr = raw.indexOf('\r');
  if (cr === -1) return raw;
  let normalised = '';
  let from = 0;
  while (cr !== -1) {
    spend(budget);
    normalised += raw.slice(from, cr);
    normalised += '\n';
    from = raw.charCodeAt(cr + 1) === 0x0a ? cr + 2 : cr + 1;
    cr = raw.indexOf('\r', from);
  }
  return normalised + raw.slice(from);
}

/**
 * Decodes the five predefined entities and character references; any other `&` is refused.
 * Linear: each search for ";" starts after the last reference, and the first bad one throws.
 */
function decode(raw: string, budget: Budget): string {
  let amp = raw.indexOf('&');
  if (amp === -1) return raw;
  let decoded = '';
  let from = 0;
  while (amp !== -1) {
    spend(budget);
    const semicolon = raw.indexOf(';', amp + 1);
    if (semicolon === -1) refuse('an "&" that starts no reference');
    decoded += raw.slice(from, amp);
    decoded += referenced(raw.slice(amp + 1, semicolon));
    from = semicolon + 1;
    amp = raw.indexOf('&', from);
  }
  return decoded + raw.slice(from);
}

interface OpenElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}

function pushText(parent: OpenElement, text: string): void {
  const last = parent.children.length - 1;
  // Adjacent runs (text next to CDATA or a comment) read as one.
  if (last >= 0 && typeof parent.children[last] === 'string') parent.children[last] += text;
  else parent.children.push(text);
}

/**
 * Reads a callback body: well-formed XML 1.0 without DTD, one root element. Refuses characters
 * XML forbids (raw or as references), `<` in an attribute value, entities other than the five
 * predefined ones, DOCTYPEs, prototype member names (`__proto__`, `constructor`, `prototype`) as
 * element or attribute names, and bodies over {@link CALLBACK_XML_LIMITS}. As the client-api
 * codec (`parseXml`, strict, trimText) reads them: text runs and attribute values are trimmed as
 * written, line ends normalised, then references decoded; empty runs are dropped; CDATA is kept
 * as written but for its line ends; whitespace inside attribute values is kept (normalising it
 * would cost a replacement per character of a hostile body). Every step is a linear scan, so the time is linear in the body's
 * length. Throws {@link InvalidXmlError}.
 */
export function readCallbackXml(xml: string, limits: CallbackXmlLimits = CALLBACK_XML_LIMITS): XmlElement {
  if (FORBIDDEN_CHAR.test(xml)) refuse('a character XML 1.0 forbids');
  // As the client-api codec: anything that looks like a DTD is refused, even inside a comment.
  if (/<!(?:DOCTYPE|ENTITY)/i.test(xml)) refuse('a DOCTYPE or entity declaration');
  const stack: OpenElement[] = [];
  let root: OpenElement | undefined;
  let elements = 0;
  let otherNodes = 0;
  const references: Budget = { left: limits.references, what: 'references' };
  const carriageReturns: Budget = { left: limits.carriageReturns, what: 'carriage returns' };
  /** Text or an attribute value as written → as read: trimmed, line ends normalised, references decoded. */
  const read = (raw: string) => decode(lineEnds(raw.trim(), carriageReturns), references);
  const otherNode = () => {
    if (++otherNodes > limits.otherNodes)
      refuse('too many comments, processing instructions or CDATA sections');
  };

  let pos = xml.startsWith('\uFEFF') ? 1 : 0;
  XML_DECLARATION.lastIndex = pos;
  if (XML_DECLARATION.test(xml)) pos = XML_DECLARATION.lastIndex;
  else if (xml.startsWith('<?xml', pos) && /^<\?xml[ \t\n\r?]/.test(xml.slice(pos, pos + 6))) {
    refuse('an XML declaration other than version 1.0');
  }

  // Text on both sides of a comment is one run (trimmed as one), as the codec reads it.
  let pending = '';
  const flush = () => {
    const parent = stack[stack.length - 1];
    const trimmed = pending.trim();
    if (parent && trimmed !== '') pushText(parent, read(trimmed));
    pending = '';
  };

  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    const end = lt === -1 ? xml.length : lt;
    if (end > pos) {
      const run = xml.slice(pos, end);
      if (stack.length === 0) {
        if (!ONLY_SPACE.test(run)) refuse('text outside the root element');
      } else {
        if (run.includes(']]>')) refuse('"]]>" in text');
        // Line ends are read per run, before a comment joins two runs: a CR just before a comment
        // and an LF just after it are two line ends, not one CR LF (XML 1.0 §2.11 works on the raw text).
        pending += lineEnds(run, carriageReturns);
      }
    }
    if (lt === -1) break;
    pos = lt;
    if (!xml.startsWith('<!--', pos)) flush();

    if (xml.startsWith('<!--', pos)) {
      const close = xml.indexOf('-->', pos + 4);
      if (close === -1) refuse('an unclosed comment');
      // XML 1.0 §2.5: no "--" inside a comment, and it may not end in "-".
      const comment = xml.slice(pos + 4, close);
      if (comment.includes('--') || comment.endsWith('-')) refuse('"--" in a comment');
      otherNode();
      pos = close + 3;
    } else if (xml.startsWith('<![CDATA[', pos)) {
      const parent = stack[stack.length - 1];
      if (!parent) refuse('CDATA outside the root element');
      const close = xml.indexOf(']]>', pos + 9);
      if (close === -1) refuse('an unclosed CDATA section');
      otherNode();
      pushText(parent, lineEnds(xml.slice(pos + 9, close), carriageReturns));
      pos = close + 3;
    } else if (xml.startsWith('<!', pos)) {
      // DOCTYPE, ENTITY and every other declaration: no DTD is ever read.
      refuse('a declaration');
    } else if (xml.startsWith('<?', pos)) {
      PI_TARGET.lastIndex = pos;
      const target = PI_TARGET.exec(xml)?.[1];
      if (target === undefined || target.toLowerCase() === 'xml')
        refuse('a malformed processing instruction');
      const close = xml.indexOf('?>', PI_TARGET.lastIndex);
      if (close === -1) refuse('an unclosed processing instruction');
      otherNode();
      pos = close + 2;
    } else if (xml.startsWith('</', pos)) {
      END_TAG.lastIndex = pos;
      const name = END_TAG.exec(xml)?.[1];
      const open = stack.pop();
      if (name === undefined || open === undefined || open.name !== name) refuse('a mismatched end tag');
      pos = END_TAG.lastIndex;
    } else {
      if (root && stack.length === 0) refuse('a second root element');
      START_TAG.lastIndex = pos;
      const name = START_TAG.exec(xml)?.[1];
      if (name === undefined) refuse('a "<" that starts no markup');
      if (++elements > limits.elements) refuse('too many elements');
      if (stack.length + 1 > limits.depth) refuse('nested too deep');
      if (isReservedName(name)) refuse(`the element name ${name}`);
      const element: OpenElement = { name, attributes: Object.create(null), children: [] };
      let count = 0;
      let at = START_TAG.lastIndex;
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const attribute = ATTRIBUTE.exec(xml);
        if (!attribute) break;
        const attributeName = attribute[1]!;
        if (++count > limits.attributesPerElement) refuse('too many attributes on one element');
        if (isReservedName(attributeName)) refuse(`the attribute name ${attributeName}`);
        if (Object.hasOwn(element.attributes, attributeName)) refuse(`the attribute ${attributeName} twice`);
        element.attributes[attributeName] = read(attribute[2] ?? attribute[3] ?? '');
        at = ATTRIBUTE.lastIndex;
      }
      TAG_END.lastIndex = at;
      const tagEnd = TAG_END.exec(xml);
      // Also where a value holds "<" or lacks its closing quote: the attribute did not match.
      if (!tagEnd) refuse(`a malformed start tag <${name}>`);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else root = element;
      if (tagEnd[1] !== '/') stack.push(element);
      pos = TAG_END.lastIndex;
    }
  }
  if (stack.length > 0) refuse('an unclosed element');
  return root ?? refuse('no root element');
}
