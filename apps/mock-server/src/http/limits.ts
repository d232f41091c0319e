import { CALLBACK_MAX_BYTES } from '@procedo/client-api';
import express, { type Request, type RequestHandler } from 'express';
import { AppError } from '../errors/app-error';

/** Largest JSON body accepted (CONTRACT: over 100 kB is 413). */
export const JSON_MAX_BYTES = 100 * 1024;

/** Content types the callback accepts. */
export const XML_TYPES = ['application/xml', 'text/xml'];

/** Whether the request carries a body (Content-Length > 0 or chunked). */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

// Not strict: a bare `null` is a valid body (CONTRACT: `action/run` takes the previous result or
// null); zod checks every body's shape anyway.
const parseJson = express.json({ limit: JSON_MAX_BYTES, strict: false, type: 'application/json' });

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
  parseJson(req, res, next);
};

/** Whether the request is typed as XML (a body-less request has no type and is not). */
export function isXmlRequest(req: Request): boolean {
  const type = req.get('content-type');
  if (!type) return false;
  const mime = type.split(';')[0]!.trim().toLowerCase();
  return XML_TYPES.includes(mime);
}

/** Reads an XML body as text, at most {@link CALLBACK_MAX_BYTES} (413 beyond). */
export const xmlText: RequestHandler = express.text({
  type: XML_TYPES,
  limit: CALLBACK_MAX_BYTES,
  defaultCharset: 'utf-8',
});
