import { randomUUID } from 'node:crypto';
import type { ApiErrorBody } from '@procedo/client-api';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError, isAppError, storageFailure } from '../errors/app-error';

/** Body-parser errors carry `type` and `status` (raw-body / body-parser). */
interface HttpParserError {
  type?: string;
  status?: number;
}

/**
 * Maps any thrown value to a status and body: AppErrors and body-parser errors as they are,
 * everything else a 500 with an ErrorId whose detail goes only to the log.
 */
export function describeError(error: unknown, logger: Logger): { status: number; body: ApiErrorBody } {
  if (isAppError(error)) {
    const body: ApiErrorBody = { ...error.extra, Message: error.message, Code: error.code };
    if (error.issues) body.Issues = error.issues;
    return { status: error.status, body };
  }
  const parserError = error as HttpParserError;
  if (parserError?.type === 'entity.too.large') {
    return { status: 413, body: { Message: 'The request body is too large.', Code: 'PAYLOAD_TOO_LARGE' } };
  }
  if (parserError?.type === 'entity.parse.failed') {
    return {
      status: 400,
      body: {
        Message: 'Invalid request: body is not valid JSON',
        Code: 'VALIDATION',
        Issues: [{ code: 'invalid_json', path: [], message: 'Not valid JSON' }],
      },
    };
  }
  if (parserError?.type === 'charset.unsupported' || parserError?.type === 'encoding.unsupported') {
    return {
      status: 415,
      body: { Message: 'The request body has an unsupported encoding.', Code: 'UNSUPPORTED_MEDIA_TYPE' },
    };
  }
  const storage = storageFailure(error);
  if (storage) {
    // Logged: an administrator has to act (free space, find the process holding the lock).
    logger.warn({ err: error, code: storage.code }, 'storage failure');
    return { status: storage.status, body: { Message: storage.message, Code: storage.code } };
  }
  const errorId = randomUUID();
  logger.error({ err: error, errorId }, 'unexpected failure');
  return {
    status: 500,
    body: {
      Message: `An unexpected error occurred. Quote error id ${errorId} when reporting it.`,
      Code: 'INTERNAL',
      ErrorId: errorId,
    },
  };
}

/** The one JSON error middleware of the API. */
export function jsonErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const { status, body } = describeError(error, logger);
    if (status === 503) res.setHeader('Retry-After', '1');
    res.status(status).json(body);
  };
}

/** 404 for any `/api` path no route answered. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(
    new AppError({
      status: 404,
      code: 'NOT_FOUND',
      message: `No API route ${req.method} ${req.originalUrl.split('?')[0]}`,
    }),
  );
};
