import * as z from 'zod/mini';
import type { V1Request } from './request';

/**
 * Security events (21 CFR 11.300(d)): failed signature attempts and the signing blocks they cause,
 * stored append-only and listed to supervisors, newest first.
 */

/**
 * `signature_failed`: a wrong legal name or password in a signature; `signing_blocked`: the third
 * failure in a row blocked signing for the session; `blocked_attempt`: a signature sent while blocked.
 */
export const SecurityEventKindSchema = z.enum(['signature_failed', 'signing_blocked', 'blocked_attempt']);
export type SecurityEventKind = z.infer<typeof SecurityEventKindSchema>;

/** One security event: who, in which session, from which address, when, on which form and record. */
export const SecurityEventSchema = z.object({
  Id: z.int().check(z.positive()),
  Kind: SecurityEventKindSchema,
  /** What was wrong in a failed attempt (`legal_name` or `password`), else `null`. */
  Cause: z.nullable(z.enum(['legal_name', 'password'])),
  UserName: z.string(),
  /** The session's public id (never its token). */
  SessionId: z.string(),
  /** The client address the request came from. */
  Address: z.string(),
  /** ISO UTC. */
  AtUtc: z.iso.datetime(),
  WebTemplateNo: z.int().check(z.positive()),
  /** The record signed for, or `null` for a new one. */
  RecordId: z.nullable(z.int().check(z.positive())),
});
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

/** `GET security-events` answer: one page, newest first. */
export const SecurityEventPageSchema = z.object({
  Items: z.array(SecurityEventSchema),
  /** Pass as `beforeId` for the next (older) page; `null` on the last page. */
  NextBeforeId: z.nullable(z.int().check(z.positive())),
});
export type SecurityEventPage = z.infer<typeof SecurityEventPageSchema>;

/** Query of {@link SecurityEventsApi.list}: pages by key. */
export interface SecurityEventQuery {
  /** Events older than this id (the previous page's `NextBeforeId`). @default the newest */
  beforeId?: number;
  /** Events per page, at most 500. @default 50 */
  limit?: number;
  signal?: AbortSignal;
}

/** The security events resource of the v1 API (supervisors only; others get 403 `FORBIDDEN`). */
export interface SecurityEventsApi {
  /** One page of security events, newest first. */
  list(query?: SecurityEventQuery): Promise<SecurityEventPage>;
}

/** Builds the security events resource on a {@link V1Request}. */
export function createSecurityEventsApi(request: V1Request): SecurityEventsApi {
  return {
    list(query = {}) {
      const params = new URLSearchParams();
      if (query.beforeId !== undefined) params.set('beforeId', String(query.beforeId));
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      return request(SecurityEventPageSchema, 'security-events', {
        searchParams: params,
        ...(query.signal ? { signal: query.signal } : {}),
      });
    },
  };
}
