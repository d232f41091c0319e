import { CALLBACK_MAX_BYTES } from '@procedo/client-api';
import express, { type Request, type RequestHandler } from 'express';
import { AppError } from '../errors/app-error';
import { jsonShapeProblem } from './json-shape';

/** Largest JSON body accepted (CONTRACT: over 100 kB is 413). */
export const JSON_MAX_BYTES = 100 * 1024;

/** Content types the callback accepts. */
export const XML_TYPES = ['application/xml', 'text/xml'];

// Unicode encodings only (XML 1.0 §4.3.3 makes UTF-8 and UTF-16 the ones every reader knows) and
// ASCII. UTF-7 above all is refused: it spells markup in plain letters (`+ADw-` is `<`), the
// classic way past a filter that reads the raw bytes.
const BODY_CHARSETS: ReadonlySet<string> = new Set([
  'utf-8',
  'utf8',
  'utf-16',
  'utf-16le',
  'utf-16be',
  'us-ascii',
]);

/** The request's declared charset is one the server reads; a request without one passes (UTF-8). */
export function hasReadableCharset(req: Request): boolean {
  const match = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(req.get('content-type') ?? '');
  return match === null || BODY_CHARSETS.has(match[2]!.toLowerCase());
}

/** 415 for a body in a charset other than {@link BODY_CHARSETS} (the parsers' own code for it). */
function unsupportedCharset(): Error {
  return Object.assign(new Error('unsupported charset'), { type: 'charset.unsupported', status: 415 });
}

/** Whether the request carries a body (Content-Length > 0 or chunked). */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

// Not strict: a bare `null` is a valid body (CONTRACT: `action/run` takes the previous result or
// null); zod checks every body's shape anyway.
const parseJson = express.json({
  limit: JSON_MAX_BYTES,
  strict: false,
  type: 'application/json',
  // Before JSON.parse, which would keep the last of two equal keys and build any depth.
  verify: (_req, _res, buffer, encoding) => {
    const problem = jsonShapeProblem(new TextDecoder(encoding || 'utf-8').decode(buffer));
    if (problem) throw problem;
  },
});

/** JSON bodies only (415 otherwise), at most {@link JSON_MAX_BYTES} (413). A body-less request passes. */
export const jsonBody: RequestHandler = (req, res, next) => {
  if (hasBody(req) && !req.is('application/json')) {
    next(
      new AppError({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `The request body must be application/json, not ${req.get('content-type') ?? 'untyped'}.`,
      }),
    );
    return;
  }
  if (hasBody(req) && !hasReadableCharset(req)) {
    next(unsupportedCharset());
    return;
  }
  parseJson(req, res, next);
};

/** Whether the request is typed as XML (a body-less request has no type and is not). */
export function isXmlRequest(req: Request): boolean {
  const type = req.get('content-type');
  if (!type) return false;
  const mime = type.split(';')[0]!.trim().toLowerCase();
  return XML_TYPES.includes(mime);
}

const readXmlText = express.text({
  type: XML_TYPES,
  limit: CALLBACK_MAX_BYTES,
  defaultCharset: 'utf-8',
});

/** Reads an XML body as text, at most {@link CALLBACK_MAX_BYTES} (413 beyond), in a charset of {@link BODY_CHARSETS} (415 otherwise). */
export const xmlText: RequestHandler = (req, res, next) => {
  if (!hasReadableCharset(req)) {
    next(unsupportedCharset());
    return;
  }
  readXmlText(req, res, next);
};
