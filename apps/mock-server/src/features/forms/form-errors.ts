import type { ApiIssue } from '@procedo/client-api';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';

/** 404 `NOT_FOUND` with `message`. */
export const notFound = (message: string) => new AppError({ status: 404, code: 'NOT_FOUND', message });

/** 400 `VALIDATION` whose message names each issue's path. */
export function validationFailure(issues: ApiIssue[]): AppError {
  const detail = issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  return new AppError({ status: 400, code: 'VALIDATION', message: `Invalid request: ${detail}`, issues });
}

/** A path or query id: a positive safe integer. */
export const PositiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
