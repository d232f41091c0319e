// The `Idempotency-Key` request header (IETF draft-ietf-httpapi-idempotency-key-header) on the
// POSTs that create: the same key and request return the stored answer, the same key with
// another request is 422, a key whose first request is still running is 409. The key is
// optional: without it a create runs as it always did.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { AppError } from '../errors/app-error';
import type { AuthContext } from '../features/session/session-service';
import type { IdempotencyEntry, KeyInTransaction } from './idempotency-store';

/** How long a key and its answer are kept (docs/protocol.md "Idempotency-Key"). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * A claim still unanswered after this long was left by a crash (no request runs this long:
 * the body and time limits end it first); a retry may then run again.
 */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60 * 1000;
/** Longest key accepted, in characters. */
export const IDEMPOTENCY_KEY_MAX = 255;

/** The answer header that marks a replayed answer. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const invalidKey = (detail: string) =>
  new AppError({
    status: 400,
    code: 'IDEMPOTENCY_KEY_INVALID',
    message: `The Idempotency-Key header is not valid: ${detail}`,
  });

// RFC 8941 sf-string: printable ASCII in double quotes, `"` and `\` escaped with `\`.
const SF_STRING = /^"((?:[\x20\x21\x23-\x5B\x5D-\x7E]|\\["\\])*)"$/;

/**
 * The key of a request: null without the header; 400 IDEMPOTENCY_KEY_INVALID for anything but
 * one sf-string of 1–255 characters (two headers arrive joined with a comma, and are refused).
 */
export function idempotencyKeyOf(req: Request): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const text = (Array.isArray(raw) ? raw.join(', ') : raw).replace(/^[ \t]+|[ \t]+$/g, '');
  const match = SF_STRING.exec(text);
  if (!match) throw invalidKey('send one quoted string, e.g. "8e03978e-40d5-43e8-bc93-6894a57f9324".');
  const key = match[1]!.replace(/\\(["\\])/g, '$1');
  if (key.length === 0) throw invalidKey('the key is empty.');
  if (key.length > IDEMPOTENCY_KEY_MAX)
    throw invalidKey(`the key is longer than ${IDEMPOTENCY_KEY_MAX} characters.`);
  return key;
}

/** Object keys sorted at every depth, so the same content in another order fingerprints the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
    );
  }
  return value;
}

/** A request's fingerprint: SHA-256 of its method, path and canonical JSON parts (query, body). */
export function fingerprintOf(method: string, path: string, parts: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n`)
    .update(JSON.stringify(canonical(parts ?? null)) ?? 'null')
    .digest('hex');
}

const keyReused = () =>
  new AppError({
    status: 422,
    code: 'IDEMPOTENCY_KEY_REUSED',
    message:
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  });

const inProgress = () =>
  new AppError({
    status: 409,
    code: 'IDEMPOTENCY_IN_PROGRESS',
    message: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  });

/** What {@link Idempotency.begin} found. */
export type IdempotencyStart =
  /** No key: run the create as always. */
  | { kind: 'none' }
  /**
   * The key is ours: run the create with `key` (its store writes the answer in the create's
   * transaction), or `fail` when it failed with nothing kept.
   */
  | {
      kind: 'claimed';
      /** The key writes; an upload passes the fingerprint of its bytes, known once they are read. */
      key(fingerprint?: () => string): KeyInTransaction;
      fail(): Promise<void>;
    }
  /** The key has a stored answer for a request whose fingerprint was not known up front. */
  | { kind: 'completed'; entry: IdempotencyEntry };

/** Sends a stored answer again: its status and JSON body, marked as a replay. */
export function sendReplay(res: Response, entry: IdempotencyEntry): void {
  res.setHeader(REPLAYED_HEADER, 'true');
  res.status(entry.status!).type('application/json').send(entry.body!);
}

/** The stored answer of `entry` if `fingerprint` matches it; 422 IDEMPOTENCY_KEY_REUSED otherwise. */
export function replayIfSame(res: Response, entry: IdempotencyEntry, fingerprint: string): void {
  if (entry.fingerprint !== fingerprint) throw keyReused();
  sendReplay(res, entry);
}

/** The shared `Idempotency-Key` handling of the create routes. */
export interface Idempotency {
  /**
   * Claims the request's key. With a `fingerprint`, a completed key answers here: the stored
   * answer is sent (and `null` returned) or 422 thrown; without one (an upload, whose bytes are
   * still to come) the completed entry is handed back for {@link replayIfSame}. A key still in
   * progress is 409.
   */
  begin(
    req: Request,
    res: Response,
    auth: AuthContext,
    fingerprint: string | null,
  ): Promise<IdempotencyStart | null>;
  /**
   * Runs a JSON create under the request's key (if any) and answers 201 with what it returns: the
   * first request with a key has `work` hand `key` to its store, which stores the answer in the
   * create's transaction; later ones with the same key and request get that answer again.
   */
  run(
    req: Request,
    res: Response,
    auth: AuthContext,
    parts: unknown,
    work: (key: KeyInTransaction | undefined) => Promise<unknown>,
  ): Promise<void>;
}

const pathOf = (req: Request) => req.originalUrl.split('?')[0]!;

/** Creates the {@link Idempotency} helper over each database's idempotency store. */
export function createIdempotency(options: { now: () => number }): Idempotency {
  const iso = (ms: number) => new Date(ms).toISOString();

  const idempotency: Idempotency = {
    async begin(req, res, auth, fingerprint) {
      const key = idempotencyKeyOf(req);
      if (key === null) return { kind: 'none' };
      const store = auth.database.stores.idempotency;
      const userId = auth.user.id;
      const now = options.now();
      const method = req.method;
      const path = pathOf(req);
      const claimedAt = iso(now);
      const claim = await store.claim(
        { userId, key, method, path, fingerprint, createdAt: claimedAt },
        {
          expiredBefore: iso(now - IDEMPOTENCY_RETENTION_MS),
          abandonedBefore: iso(now - IDEMPOTENCY_ABANDONED_MS),
        },
      );
      if (claim.kind === 'taken') {
        const { entry } = claim;
        // The same key on another endpoint is another request, whatever its body.
        if (entry.method !== method || entry.path !== path) throw keyReused();
        if (entry.completedAt === null) throw inProgress();
        if (fingerprint === null) return { kind: 'completed', entry };
        replayIfSame(res, entry, fingerprint);
        return null;
      }
      return {
        kind: 'claimed',
        key: (finalFingerprint) => ({
          created: (body) => ({
            kind: 'answer',
            userId,
            key,
            claimedAt,
            fingerprint: finalFingerprint?.() ?? fingerprint ?? '',
            status: 201,
            body: JSON.stringify(body),
            completedAt: iso(options.now()),
          }),
          release: () => ({ kind: 'release', userId, key, claimedAt }),
        }),
        async fail() {
          await store.release({ userId, key, claimedAt });
        },
      };
    },

    async run(req, res, auth, parts, work) {
      const start = await idempotency.begin(req, res, auth, fingerprintOf(req.method, pathOf(req), parts));
      if (start === null) return;
      if (start.kind !== 'claimed') {
        res.status(201).json(await work(undefined));
        return;
      }
      let body: unknown;
      try {
        body = await work(start.key());
      } catch (error) {
        // Nothing was created (the answer rolled back with the create): the key is free again,
        // and a retry runs the request anew.
        await start.fail().catch(() => {});
        throw error;
      }
      res.status(201).json(body);
    },
  };
  return idempotency;
}
