import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/** One log line per request: method, path (no query string, which may carry ids), status, ms. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // originalUrl: inside a mounted router req.path is relative to the mount point.
      const path = req.originalUrl.split('?')[0];
      logger.info(
        { method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    });
    next();
  };
}
