/**
 * What an XML engine hands to `parseXml`: the document's nodes with their text exactly as written
 * (references not decoded, whitespace not trimmed), comments and processing instructions left
 * out. `parseXml` decodes, trims and checks; the engines only parse.
 */
export type RawXmlNode =
  | { readonly text: string }
  | { readonly cdata: string }
  | {
      readonly name: string;
      readonly attributes: readonly (readonly [name: string, value: string])[];
      readonly children: readonly RawXmlNode[];
    };

/** Parses XML text (a DOCTYPE already refused) into raw nodes; throws an `Error` for XML that is not well-formed. */
export type ParseRawXml = (xmlText: string) => RawXmlNode[];
