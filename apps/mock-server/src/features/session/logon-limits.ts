import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { AppError } from '../../errors/app-error';
import { createWorkGate, GateFullError, type WorkGate } from './logon-gate';

/** A fixed-window limit: `max` failed logons per `windowMs`. */
export interface LogonRateLimit {
  max: number;
  windowMs: number;
}

/** How many logons may hash at once, how many may wait for a slot, and how many of those one address may hold. */
export interface LogonHashLimit {
  concurrency: number;
  queue: number;
  perAddress: number;
}

const clientAddress = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown');

/** Addresses a logon succeeded from lately, at most `size` (the oldest forgotten first). */
function recentAddresses(size: number) {
  const seen = new Set<string>();
  return {
    has: (address: string) => seen.has(address),
    add(address: string) {
      seen.delete(address);
      seen.add(address);
      if (seen.size > size) seen.delete(seen.values().next().value as string);
    },
  };
}

/**
 * Failed logons (answers ≥ 400) per key; successful ones do not count, and neither does a
 * 503 SERVER_BUSY unless `countBusy` (a busy answer checked nothing: it must not lock a real user
 * out of their account during someone else's flood, but it does count for the flooding address).
 */
function failedLogonLimit(
  limit: LogonRateLimit,
  key: (req: Request) => string,
  countBusy: boolean,
  requestPropertyName: string,
  store: Store | undefined,
): RequestHandler {
  return rateLimit({
    ...(store ? { store } : {}),
    requestPropertyName,
    windowMs: limit.windowMs,
    limit: limit.max,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode < 400 || (!countBusy && res.statusCode === 503),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: key,
    handler: (_req, _res, next, options) => {
      next(
        new AppError({
          status: options.statusCode,
          code: 'RATE_LIMITED',
          message: 'Too many failed sign-in attempts. Wait a minute and try again.',
        }),
      );
    },
  });
}

const field = (req: Request, name: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
};

/**
 * The limits a logon passes before and while it costs a scrypt hash (docs/protocol.md, "Logon
 * limits"): failed logons per address + database + user name and per address, then a gate that
 * bounds the hashing anonymous requests can queue.
 */
export function createLogonLimits(options: {
  /** Failed logons per client address + database + user name. */
  perUser: LogonRateLimit;
  /** Failed logons per client address, whatever the user name (a flood of made-up names). */
  perAddress: LogonRateLimit;
  hashing: LogonHashLimit;
  /** The gate to hash in, shared with the signatures' password checks. @default a gate of `hashing`'s limits */
  gate?: WorkGate;
  /** Where the counters live, by limit; @default each server's memory (one server per database) */
  store?: (prefix: string) => Store;
}) {
  const perAddress = failedLogonLimit(
    options.perAddress,
    clientAddress,
    true,
    'logonAddressLimit',
    options.store?.('logon-address:'),
  );
  const perUser = failedLogonLimit(
    options.perUser,
    (req) => JSON.stringify([clientAddress(req), field(req, 'Database'), field(req, 'UserName')]),
    false,
    'logonUserLimit',
    options.store?.('logon-user:'),
  );
  // Every logon hashes (an unknown user against a dummy hash, for equal timing): the gate bounds
  // how much of that work anonymous requests can queue; beyond it they are refused unhashed.
  const { concurrency, queue, perAddress: perKey } = options.hashing;
  const hashing = options.gate ?? createWorkGate({ concurrency, queue, perKey });
  const signedInFrom = recentAddresses(10_000);

  return {
    /** The two rate limits, to run before the logon route. */
    rateLimits: [perAddress, perUser] as RequestHandler[],
    /**
     * Runs `logon` through the hashing gate. When it may not even wait, throws 503 SERVER_BUSY
     * (with `Retry-After: 1` on `res`) without calling it.
     */
    async run<T>(req: Request, res: Response, logon: () => Promise<T>): Promise<T> {
      const address = clientAddress(req);
      try {
        // An address someone signed in from lately waits in the priority line: a flood from other
        // addresses keeps the normal line full. (Chosen by address, never by user name, so the
        // wait tells nothing about which names exist.)
        const result = await hashing.run(logon, { key: address, priority: signedInFrom.has(address) });
        signedInFrom.add(address);
        return result;
      } catch (error) {
        if (!(error instanceof GateFullError)) throw error;
        res.set('Retry-After', '1');
        throw new AppError({
          status: 503,
          code: 'SERVER_BUSY',
          message: 'The server is busy signing other users in. Try again in a moment.',
        });
      }
    },
  };
}
