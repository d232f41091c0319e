import {
  type CallbackStatus,
  Messages,
  serializeXml,
  textContent,
  type XmlElement,
  type XmlElementInput,
  type XmlNode,
} from '@procedo/client-api';
import { isReservedName, readCallbackXml } from './callback-xml-reader';

/** CONTRACT / spec §8: the Message of every unreadable callback body. */
export const INVALID_XML_MESSAGE = Messages.invalidXml;

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

/** Text content of nodes that are only text (CDATA included); null if they hold elements. */
function textOf(nodes: readonly XmlNode[]): string | null {
  return nodes.every((node) => typeof node === 'string') ? textContent(nodes) : null;
}

function readParams(nodes: readonly XmlNode[]): Record<string, string> {
  const params: Record<string, string> = Object.create(null);
  for (const node of nodes) {
    const key = typeof node === 'string' || node.name !== 'Param' ? undefined : node.attributes.Name;
    if (typeof node === 'string' || key === undefined) {
      throw new CallbackError(400, 'Field Params must hold only <Param Name="…"> elements');
    }
    // Consumers copy Params into plain objects and zod records: a prototype member name is never a Param.
    if (isReservedName(key)) throw new CallbackError(400, `Param '${key}' is not allowed`);
    const value = textOf(node.children);
    if (value === null) throw new CallbackError(400, `Param '${key}' must hold text only`);
    if (Object.hasOwn(params, key)) throw new CallbackError(400, `Param '${key}' appears more than once`);
    params[key] = value;
  }
  return { ...params };
}

/**
 * Reads a callback body into its Command fields. A body that is not well-formed, has a DOCTYPE,
 * an unknown entity or more than one root, exceeds the shape caps (CALLBACK_XML_LIMITS), or whose
 * root is not `Command` is `Invalid xml was found`.
 */
export function parseCommandXml(body: unknown): CommandFields {
  if (typeof body !== 'string' || body.trim() === '') throw new CallbackError(400, INVALID_XML_MESSAGE);
  let root: XmlElement;
  try {
    root = readCallbackXml(body);
  } catch {
    throw new CallbackError(400, INVALID_XML_MESSAGE);
  }
  if (root.name !== 'Command') throw new CallbackError(400, INVALID_XML_MESSAGE);

  const fields: CommandFields = Object.create(null);
  for (const node of root.children) {
    if (typeof node === 'string') {
      throw new CallbackError(400, 'The Command element holds text outside its fields');
    }
    const { name } = node;
    if (Object.hasOwn(fields, name)) throw new CallbackError(400, `Field ${name} appears more than once`);
    if (name === 'Params') {
      fields[name] = readParams(node.children);
      continue;
    }
    const text = textOf(node.children);
    if (text === null) throw new CallbackError(400, `Field ${name} must hold text only`);
    fields[name] = text;
  }
  return { ...fields };
}

/** A `Response` document: Status, then Result / Message / Exception when given. */
export function renderResponse(response: {
  status: CallbackStatus;
  result?: string | XmlElementInput | XmlElementInput[];
  message?: string;
  exception?: string;
}): string {
  const children: XmlElementInput[] = [{ name: 'Status', children: [response.status] }];
  if (response.result !== undefined) {
    const result = Array.isArray(response.result) ? response.result : [response.result];
    children.push({ name: 'Result', children: result });
  }
  if (response.message !== undefined) children.push({ name: 'Message', children: [response.message] });
  if (response.exception !== undefined) children.push({ name: 'Exception', children: [response.exception] });
  const xml = serializeXml([{ name: 'Response', children }], { escaping: 'context', dropForbidden: true });
  return `<?xml version="1.0" encoding="utf-8"?>${xml}`;
}
