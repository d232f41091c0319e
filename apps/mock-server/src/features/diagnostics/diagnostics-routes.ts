import { Router } from 'express';

/** The HTML error page `GET /api/v1/diagnostics/html` answers with status 500. */
export const DIAGNOSTICS_ERROR_PAGE =
  '<!doctype html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>Diagnostics: an HTML error page where JSON was expected.</p></body></html>';

/**
 * Fault injection for client tests (mounted only with `faultInjection`): a thrown exception
 * and an HTML error page, so clients can prove how they handle both against the real server.
 */
export function diagnosticsRoutes(): Router {
  const router = Router();
  router.get('/fail', () => {
    throw new Error('Diagnostics: injected failure');
  });
  router.get('/html', (_req, res) => {
    res.status(500).type('text/html; charset=utf-8').send(DIAGNOSTICS_ERROR_PAGE);
  });
  return router;
}
