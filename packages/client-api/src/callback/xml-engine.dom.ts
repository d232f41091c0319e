import type { RawXmlNode } from './xml-engine.types';

// The XML engine in browsers: the native DOMParser, so no XML parser ships in the bundle. It is
// fed a copy of the text in which every `&` (outside CDATA) is escaped, so the DOM hands back
// text exactly as written — parseXml decodes the predefined entities and character references
// itself, the same way for both engines — and DOMParser never sees an entity reference at all.
// DOCTYPEs are refused before any engine runs; browsers never fetch external entities anyway.

// The text is parsed inside this element, so that several roots, and whitespace or comments
// around the root, read as fast-xml-parser reads them instead of failing.
const WRAPPER = 'procedo-xml-fragment';

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '>': '&gt;' };
// Attribute values: also `<` (fast-xml-parser accepts it) and tab, LF and CR as references, so
// attribute-value normalisation keeps them as written.
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
// fast-xml-parser refuses an `&` in element text that does not look like a reference (a name
// of 1–20 word characters, or `#` digits, or `#x` hex digits, then `;`); so does this engine.
const BARE_AMPERSAND = /&(?!(?:#x[0-9a-fA-F]*|#[0-9]*|\w{1,20});)/;
function escapeText(text: string): string {
  if (BARE_AMPERSAND.test(text)) throw new Error("char '&' is not expected");
  return text.replace(/[&>]/g, (c) => TEXT_ESCAPES[c] ?? c);
}
const escapeAttribute = (text: string) => text.replace(/[&<\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

/** The index just past `terminator` from `from`, or the end of the text when it never comes. */
function endOf(xml: string, terminator: string, from: number): number {
  const at = xml.indexOf(terminator, from);
  return at === -1 ? xml.length : at + terminator.length;
}

/**
 * Escapes `&` in text and attribute values (and what else the DOM would read differently) while
 * keeping markup, comments and CDATA as written; drops processing instructions (the XML
 * declaration included), which parseXml ignores.
 */
function escapeReferences(text: string): string {
  // XML line-end handling (fast-xml-parser does it too): CRLF and a lone CR read as LF.
  const xml = text.replace(/\r\n?/g, '\n');
  let out = '';
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    out += escapeText(xml.slice(i, lt === -1 ? xml.length : lt));
    if (lt === -1) break;
    if (xml.startsWith('<!--', lt)) {
      i = endOf(xml, '-->', lt + 4);
      out += xml.slice(lt, i);
    } else if (xml.startsWith('<![CDATA[', lt)) {
      i = endOf(xml, ']]>', lt + 9);
      out += xml.slice(lt, i);
    } else if (xml.startsWith('<?', lt)) {
      i = endOf(xml, '?>', lt + 2);
    } else {
      // A tag: copy it, escaping inside quoted attribute values, up to the `>` outside quotes.
      let quote = '';
      let j = lt + 1;
      out += '<';
      for (; j < xml.length; j++) {
        const c = xml.charAt(j);
        if (quote) {
          if (c === quote) quote = '';
          out += c === quote || c === '"' || c === "'" ? c : escapeAttribute(c);
          continue;
        }
        out += c;
        if (c === '"' || c === "'") quote = c;
        else if (c === '>') break;
      }
      i = j + 1;
    }
  }
  return out;
}

function toRaw(nodes: NodeListOf<ChildNode>): RawXmlNode[] {
  const raw: RawXmlNode[] = [];
  for (const node of Array.from(nodes)) {
    if (node.nodeType === 1) {
      const element = node as Element;
      raw.push({
        name: element.nodeName,
        attributes: Array.from(element.attributes, (a) => [a.name, a.value] as const),
        children: toRaw(element.childNodes),
      });
    } else if (node.nodeType === 3) {
      raw.push({ text: (node as Text).data });
    } else if (node.nodeType === 4) {
      raw.push({ cdata: (node as CDATASection).data });
    }
    // Comments and processing instructions are left out, as fast-xml-parser leaves them out.
  }
  return raw;
}

/** Parses XML text with the browser's DOMParser into raw nodes; throws for XML that is not well-formed. */
export function parseRawXml(xmlText: string): RawXmlNode[] {
  const document = new DOMParser().parseFromString(
    `<${WRAPPER}>${escapeReferences(xmlText)}</${WRAPPER}>`,
    'application/xml',
  );
  const root = document.documentElement;
  // Firefox and jsdom answer a document whose root is <parsererror>; Chromium and WebKit insert
  // an XHTML <parsererror> into the document. A <parsererror> of the text itself has no namespace.
  const error = Array.from(document.getElementsByTagName('parsererror')).find((e) => e.namespaceURI !== null);
  if (root?.nodeName !== WRAPPER || error) {
    const detail = (error ?? root)?.textContent?.trim().split('\n')[0];
    throw new Error(detail || 'the browser could not parse it');
  }
  const nodes = toRaw(root.childNodes);
  const first = nodes.findIndex((n) => 'name' in n);
  // fast-xml-parser refuses text before the root and ignores text after it; so does this engine.
  if (
    nodes.slice(0, first === -1 ? nodes.length : first).some((n) => !('text' in n) || n.text.trim() !== '')
  ) {
    throw new Error('text before the root element');
  }
  return nodes.filter((n) => !('text' in n));
}
