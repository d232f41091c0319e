import { Router } from 'express';
import type { Logger } from 'pino';
import type { DatabaseCatalog } from '../db/catalog';

/**
 * `GET /health` (liveness: the process answers) and `GET /ready` (readiness: every database
 * answers a read, and the server is not shutting down) for a load balancer or an orchestrator.
 * Neither needs a session nor tells anything beyond up or down.
 */
export function healthRoutes(options: {
  catalog: DatabaseCatalog;
  logger: Logger;
  /** True once the server has begun to shut down: stop sending it requests. */
  closing: () => boolean;
}): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ Status: 'ok' });
  });
  router.get('/ready', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (options.closing()) {
      res.status(503).json({ Status: 'closing' });
      return;
    }
    try {
      await options.catalog.ping();
      res.json({ Status: 'ready' });
    } catch (error) {
      options.logger.warn({ err: error }, 'readiness check: a database does not answer');
      res.setHeader('Retry-After', '1');
      res.status(503).json({ Status: 'unavailable' });
    }
  });
  return router;
}
