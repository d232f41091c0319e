import { randomUUID } from 'node:crypto';
import type { ApiErrorBody, ApiErrorCode, ApiIssue } from '@procedo/client-api';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';

/** An expected failure with its HTTP status, wire code and user-fit message. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: ApiIssue[] | undefined;
  /** Further body fields (e.g. the 409's `Current`). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(options: {
    status: number;
    code: ApiErrorCode;
    message: string;
    issues?: ApiIssue[];
    extra?: Record<string, unknown>;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.issues = options.issues;
    this.extra = options.extra;
  }
}

/** Tells an {@link AppError} from any other thrown value. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** zod issues as the wire's `{ code, path, message }`; an unknown key becomes one issue on its own path. */
export function toApiIssues(error: z.core.$ZodError): ApiIssue[] {
  return error.issues.flatMap((issue): ApiIssue[] => {
    const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ code: issue.code, path: [...path, key], message: 'Unknown field' }));
    }
    return [{ code: issue.code, path, message: issue.message }];
  });
}

/** The field an issue is about, for messages: `UserName`, `Params.x`, or `body`. */
export function issueField(issue: ApiIssue, fallback = 'body'): string {
  return issue.path.length > 0 ? issue.path.join('.') : fallback;
}

/** A 400 VALIDATION error whose message names every bad field. */
export function validationError(error: z.core.$ZodError): AppError {
  const issues = toApiIssues(error);
  const detail = issues.map((issue) => `${issueField(issue)}: ${issue.message}`).join('; ');
  return new AppError({ status: 400, code: 'VALIDATION', message: `Invalid request: ${detail}`, issues });
}

/** Parses `value` with `schema`, throwing a 400 that names the fields when it does not fit. */
export function parseBody<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** The storage failures every write path can meet, as the answer they get. */
export interface StorageFailure {
  status: 503 | 507;
  code: 'DATABASE_BUSY' | 'STORAGE_FULL';
  message: string;
}

export const DATABASE_BUSY_MESSAGE =
  'The database is busy: your change was not saved. Try again in a moment.';
export const STORAGE_FULL_MESSAGE =
  "The server's storage is full: your change was not saved. Try again later or tell your administrator.";

/**
 * A full disk or database quota (SQLite's SQLITE_FULL, the OS's ENOSPC/EDQUOT) is 507 and a write
 * lock held past the wait (SQLITE_BUSY) is 503, whatever path met them; null for anything else.
 */
export function storageFailure(error: unknown): StorageFailure | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') {
    return { status: 507, code: 'STORAGE_FULL', message: STORAGE_FULL_MESSAGE };
  }
  if (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED') {
    return { status: 503, code: 'DATABASE_BUSY', message: DATABASE_BUSY_MESSAGE };
  }
  return null;
}

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
