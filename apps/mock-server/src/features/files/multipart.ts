import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { AppError } from '../../errors/app-error';

/** One file of a multipart request, as {@link readOneFile} hands it on. */
export interface IncomingFile {
  /** The name the client gave, decoded as UTF-8. */
  fileName: string;
  stream: Readable;
  /** Resolves once the whole body arrived well-formed; rejects when it did not. */
  bodyComplete: Promise<void>;
}

/** How reading the request ended: the handler's value, or the client went away (answer nothing). */
export type MultipartOutcome<T> = { kind: 'done'; value: T } | { kind: 'gone' };

/** The client closed the connection before the body was complete. */
class ClientGoneError extends Error {
  override name = 'ClientGoneError';
}

const malformed = () =>
  new AppError({ status: 400, code: 'VALIDATION', message: 'The multipart body is malformed.' });

/**
 * Reads a multipart/form-data request carrying one file in `field` and hands it to `onFile`.
 * Whatever happens — a malformed or truncated body, a client that disconnects, `onFile`
 * failing — the promise settles exactly once, and only after `onFile` has settled (so whatever
 * it cleans up is gone before the answer). Other parts are read and dropped.
 */
export function readOneFile<T>(
  req: Request,
  res: Response,
  options: {
    field: string;
    limits: busboy.Limits;
    onFile(file: IncomingFile): Promise<T>;
  },
): Promise<MultipartOutcome<T>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers send non-ASCII file names as raw UTF-8 in `filename="…"`; busboy's default
      // (latin1) would store `rÃ©sumÃ©.pdf`.
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: options.limits });
    } catch {
      reject(malformed());
      return;
    }

    let resolveBody!: () => void;
    let rejectBody!: (error: unknown) => void;
    const bodyComplete = new Promise<void>((ok, fail) => {
      resolveBody = ok;
      rejectBody = fail;
    });
    // Only onFile awaits it; with no file part nothing does.
    bodyComplete.catch(() => {});

    let bodyOutcome: 'reading' | 'complete' | 'malformed' | 'gone' = 'reading';
    let handled: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
    let handling: Promise<T> | undefined;
    let settled = false;

    const settle = () => {
      if (settled || bodyOutcome === 'reading' || (handling && !handled)) return;
      settled = true;
      if (bodyOutcome === 'gone') resolve({ kind: 'gone' });
      else if (bodyOutcome === 'malformed') reject(malformed());
      else if (!handled) {
        reject(
          new AppError({
            status: 400,
            code: 'VALIDATION',
            message: `Invalid request: ${options.field}: attach the file as the multipart field "${options.field}"`,
            issues: [{ code: 'invalid_type', path: [options.field], message: 'Required' }],
          }),
        );
      } else if (handled.ok) resolve({ kind: 'done', value: handled.value });
      else reject(handled.error);
    };

    const endBody = (outcome: 'complete' | 'malformed' | 'gone', error?: Error) => {
      if (bodyOutcome !== 'reading') return;
      bodyOutcome = outcome;
      if (error) rejectBody(error);
      else resolveBody();
      settle();
    };

    parser.on('file', (name, stream, info) => {
      // At once: a truncated body fails this stream, and an 'error' nobody listens to ends the process.
      stream.on('error', () => {});
      if (name !== options.field || handling) {
        stream.resume();
        return;
      }
      handling = options.onFile({ fileName: info.filename ?? '', stream, bodyComplete });
      handling
        .then(
          (value) => {
            handled = { ok: true, value };
          },
          (error: unknown) => {
            handled = { ok: false, error };
          },
        )
        .finally(() => {
          // Whatever onFile left unread is dropped, so the parser can reach the end of the body.
          stream.resume();
          settle();
        });
    });
    parser.on('finish', () => endBody('complete'));
    parser.on('error', () => endBody('malformed', malformed()));

    const gone = () => {
      if (bodyOutcome !== 'reading') return;
      const error = new ClientGoneError('The client went away before the upload was complete.');
      req.unpipe(parser);
      endBody('gone', error);
      // Fails the file stream being read, so onFile stops waiting for bytes that never come.
      parser.destroy(error);
    };
    req.on('error', gone);
    res.on('close', () => {
      if (!res.writableFinished) gone();
    });
    // The client may have left while the route was still getting ready.
    if (req.destroyed || req.socket.destroyed) {
      gone();
      return;
    }
    req.pipe(parser);
  });
}
