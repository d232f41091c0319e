import type { Request, RequestHandler, Response } from 'express';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin a browser names for pages this server serves (`http://host:port`), lower case. */
function ownOrigin(req: Request): string | null {
  const host = req.get('host');
  if (!host) return null;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/** Whether a state-changing request may run: sent by our own pages, or by a client that is no browser. */
export function isSameOriginWrite(req: Request, allowedOrigins: ReadonlySet<string>): boolean {
  if (!STATE_CHANGING.has(req.method)) return true;
  const origin = req.get('origin');
  if (origin !== undefined) {
    // 'null' is what sandboxed frames, file: pages and some redirects send: never ours.
    if (origin === 'null') return false;
    let named: string;
    try {
      named = new URL(origin).origin;
    } catch {
      return false;
    }
    return named === ownOrigin(req) || allowedOrigins.has(named);
  }
  // No Origin: a non-browser client (it still needs the session's CSRF header), or an old
  // browser; a browser that says the request crosses sites is refused all the same.
  const site = req.get('sec-fetch-site');
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * Refuses state-changing requests that come from another origin (OWASP CSRF defence in depth,
 * beside the CSRF header): the `Origin` header must be this server's own origin or one of
 * `allowedOrigins`; without `Origin`, `Sec-Fetch-Site` must not say cross-site or same-site.
 * Logon is covered too (login CSRF).
 */
export function sameOriginWrites(options: {
  allowedOrigins: readonly string[];
  onRefused: (req: Request, res: Response) => void;
}): RequestHandler {
  const allowed = new Set(options.allowedOrigins);
  return (req, res, next) => {
    if (isSameOriginWrite(req, allowed)) next();
    else options.onRefused(req, res);
  };
}
