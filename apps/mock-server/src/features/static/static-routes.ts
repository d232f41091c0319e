import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, Router } from 'express';

/** Shown when the reference host has not been built (no inline script, per the CSP). */
export const HOST_NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Procedo: host not built</title></head>
<body><h1>The Procedo reference host isn't built</h1>
<p>The server is running, but there is no built reference host to serve. Run <code>npm start</code>
(or <code>corepack pnpm --filter @procedo/reference-host build</code>) and reload.</p></body></html>`;

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function isSpaRequest(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (/^\/(api|callback|assets)(\/|$)/.test(req.path)) return false;
  // Browsers navigating say text/html explicitly; scripts and images send */* and get a 404.
  return /\btext\/html\b/i.test(req.get('accept') ?? '');
}

/**
 * Serves the built reference host: files as they are (hashed `/assets/*` cached for a year, the
 * rest revalidated), and `index.html` for any other page a browser asks for (client routing).
 */
export function staticRoutes(staticDir: string | null): Router {
  const router = Router();
  if (staticDir) {
    router.use(
      express.static(staticDir, {
        index: false,
        redirect: false,
        setHeaders(res, file) {
          const relative = path.relative(staticDir, file).split(path.sep);
          res.setHeader(
            'Cache-Control',
            relative[0] === 'assets' ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
          );
        },
      }),
    );
  }
  router.use((req, res, next) => {
    if (!isSpaRequest(req)) {
      next();
      return;
    }
    const index = staticDir ? path.join(staticDir, 'index.html') : null;
    if (!index || !existsSync(index)) {
      res.status(503).type('text/html; charset=utf-8').send(HOST_NOT_BUILT_PAGE);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
