import { parseTimepoint } from '@procedo/client-api';
import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../errors/app-error';

/** Header the SDK sends on every call it makes while a view is in time travel (CONTRACT). */
export const TIMEPOINT_HEADER = 'x-procedo-timepoint';

/** The instant a request asks to see the data at. */
export interface Timepoint {
  /** Epoch milliseconds. */
  at: number;
  /** The same instant as ISO UTC with milliseconds (how stored times compare). */
  iso: string;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const invalid = (source: string) =>
  new AppError({
    status: 400,
    code: 'VALIDATION',
    message: `Invalid request: ${source}: use yyyy-MM-dd HH:mm (UTC) or ISO 8601 with a Z, e.g. 2026-03-01T09:30:00.000Z`,
    issues: [{ code: 'invalid_timepoint', path: [source], message: 'Not a Timepoint' }],
  });

/**
 * The timepoint a request names, from the `Timepoint` query parameter or the
 * {@link TIMEPOINT_HEADER} header (both must agree when both are given); null for none. Throws
 * 400 VALIDATION naming `Timepoint` for anything that is not one.
 */
export function readTimepoint(req: Request): Timepoint | null {
  const query = (req.query as Record<string, unknown>).Timepoint;
  const header = req.get(TIMEPOINT_HEADER);
  if (query === undefined && header === undefined) return null;
  if (query !== undefined && typeof query !== 'string') throw invalid('Timepoint');
  const fromQuery = query === undefined ? null : parseTimepoint(query);
  if (query !== undefined && fromQuery === null) throw invalid('Timepoint');
  const fromHeader = header === undefined ? null : parseTimepoint(header);
  if (header !== undefined && fromHeader === null) throw invalid('X-Procedo-Timepoint');
  const at = (fromQuery ?? fromHeader)!;
  if (fromQuery !== null && fromHeader !== null && fromQuery !== fromHeader) {
    throw new AppError({
      status: 400,
      code: 'VALIDATION',
      message:
        'Invalid request: Timepoint: the query parameter and the X-Procedo-Timepoint header name different instants',
      issues: [{ code: 'invalid_timepoint', path: ['Timepoint'], message: 'Conflicts with the header' }],
    });
  }
  return { at, iso: new Date(at).toISOString() };
}

/** The read-only refusal of CONTRACT "Time travel". */
export const readOnlyTimepoint = () =>
  new AppError({
    status: 409,
    code: 'READ_ONLY_TIMEPOINT',
    message:
      'You are viewing the data as it was at a past time: nothing can be changed. Return to the current data to make changes.',
  });

/**
 * For the JSON API: a state-changing request that names a timepoint is refused with 409
 * READ_ONLY_TIMEPOINT before anything runs (CONTRACT); a read gets its timepoint in
 * `res.locals.timepoint` (see {@link timepointOf}); a malformed one is 400.
 */
export const timepoints: RequestHandler = (req, res, next) => {
  const timepoint = readTimepoint(req);
  if (timepoint && STATE_CHANGING.has(req.method)) throw readOnlyTimepoint();
  res.locals.timepoint = timepoint;
  next();
};

/** The timepoint {@link timepoints} found on the request, or null for the current data. */
export function timepointOf(res: Response): Timepoint | null {
  return (res.locals.timepoint as Timepoint | null | undefined) ?? null;
}
