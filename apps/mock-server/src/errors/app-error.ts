// Expected failures as data: what services and routes throw, independent of HTTP framing
// (the JSON and callback error middleware in http/ turn them into answers).
import type { ApiErrorCode, ApiIssue } from '@procedo/client-api';
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

/** SQLite's, the file system's and PostgreSQL's (53100 disk_full) "no room". */
const STORAGE_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT', '53100']);

/**
 * PostgreSQL's answers that the database cannot take the request now but will soon: a
 * transaction that lost to concurrent ones even after its retries (40001, 40P01), too many
 * connections (53300), a statement past its time limit or a lock wait given up (57014, 55P03), the
 * server shutting down or starting (57P01–57P03), a broken connection (08xxx), and the driver's
 * own connection errors.
 */
const DATABASE_BUSY_CODES = new Set([
  '40001',
  '40P01',
  '53300',
  '57014',
  '55P03',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
]);

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
  if (STORAGE_FULL_CODES.has(code)) {
    return { status: 507, code: 'STORAGE_FULL', message: STORAGE_FULL_MESSAGE };
  }
  if (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED' || DATABASE_BUSY_CODES.has(code)) {
    return { status: 503, code: 'DATABASE_BUSY', message: DATABASE_BUSY_MESSAGE };
  }
  return null;
}
