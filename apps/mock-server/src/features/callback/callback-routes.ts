import { randomUUID } from 'node:crypto';
import { CallbackStatus } from '@procedo/client-api';
import { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { storageFailure } from '../../errors/app-error';
import { SERVER_BUSY_MESSAGE } from '../../http/admission';
import { isXmlRequest, xmlText } from '../../http/limits';
import { sameOriginWrites } from '../../http/origin';
import { CSRF_HEADER, getAuth, requireSession } from '../../http/session-middleware';
import { readTimepoint, type Timepoint } from '../../http/timepoint';
import type { SessionService } from '../session/session-service';
import type { CallbackService } from './callback-service';
import { CallbackError, parseCommandXml, renderResponse } from './callback-xml';
import { createTurnLane } from './turn-lane';

// Bodies above this are read in the turn lane (a KeepAlive is about 100 bytes).
const LARGE_BODY_CHARS = 64 * 1024;

type ResponseParts = Parameters<typeof renderResponse>[0];

function sendXml(res: Response, status: number, parts: ResponseParts): void {
  res.status(status).type('application/xml; charset=utf-8').send(renderResponse(parts));
}

function sendError(res: Response, status: number, message: string): void {
  sendXml(res, status, { status: CallbackStatus.Error, message });
}

/** The exception's short line: its first line, type included. */
function shortLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0]!.slice(0, 500);
}

/** `POST /callback`: the XML command endpoint of CONTRACT "Callback (XML) protocol". */
export function callbackRoutes(options: {
  /** The server's admission control (http/admission.ts): refused callbacks answer in XML. */
  admit: (onBusy: (req: Request, res: Response) => void) => RequestHandler;
  sessions: SessionService;
  callbacks: CallbackService;
  logger: Logger;
  verboseErrors: boolean;
  allowedOrigins: readonly string[];
}): Router {
  const router = Router();
  const sameOrigin = sameOriginWrites({
    allowedOrigins: options.allowedOrigins,
    onRefused: (_req, res) =>
      sendError(res, 403, 'Cross-origin request refused: send it from a Procedo page of this server'),
  });

  const xmlOnly: RequestHandler = (req, res, next) => {
    if (!isXmlRequest(req)) {
      sendError(
        res,
        415,
        `The callback takes application/xml or text/xml, not ${req.get('content-type') ?? 'untyped'}`,
      );
      return;
    }
    next();
  };

  const guard = requireSession({
    sessions: options.sessions,
    onNotLoggedOn: (_req, res) => sendXml(res, 200, { status: CallbackStatus.NotLoggedOn }),
    onCsrfFailure: (_req, res) =>
      sendError(res, 403, `The request lacks a valid ${CSRF_HEADER} header; reload the page and try again`),
  });

  const largeBodies = createTurnLane();

  const run = async (req: Request, res: Response) => {
    const body: unknown = req.body;
    const fields =
      typeof body === 'string' && body.length > LARGE_BODY_CHARS
        ? await largeBodies.run(() => parseCommandXml(body))
        : parseCommandXml(body);
    let timepoint: Timepoint | null;
    try {
      timepoint = readTimepoint(req);
    } catch {
      throw new CallbackError(
        400,
        'Invalid X-Procedo-Timepoint: use yyyy-MM-dd HH:mm (UTC) or ISO 8601 with a Z',
      );
    }
    const outcome = await options.callbacks.execute(fields, getAuth(res), timepoint);
    if (outcome.type === 'html') {
      res.status(200).type('text/html; charset=utf-8').send(outcome.html);
    } else if (outcome.type === 'error') {
      sendXml(res, 200, { status: CallbackStatus.Error, message: outcome.message });
    } else {
      sendXml(res, 200, { status: CallbackStatus.Ok, result: outcome.result });
    }
  };

  const onError: ErrorRequestHandler = (error, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof CallbackError) {
      sendError(res, error.status, error.message);
      return;
    }
    const type = (error as { type?: string } | null)?.type;
    if (type === 'entity.too.large') {
      sendError(res, 413, 'The callback body is larger than 1 MiB');
      return;
    }
    if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
      sendError(res, 415, 'The callback body has an unsupported encoding');
      return;
    }
    const storage = storageFailure(error);
    if (storage) {
      options.logger.warn({ err: error, code: storage.code }, 'storage failure');
      if (storage.status === 503) res.setHeader('Retry-After', '1');
      sendError(res, storage.status, storage.message);
      return;
    }
    const errorId = randomUUID();
    options.logger.error({ err: error, errorId }, 'callback failed');
    sendXml(res, 500, {
      status: CallbackStatus.Error,
      message: `An unexpected error occurred. Quote error id ${errorId} when reporting it.`,
      ...(options.verboseErrors ? { exception: shortLine(error) } : {}),
    });
  };

  const admitted = options.admit((_req, res) => sendError(res, 503, SERVER_BUSY_MESSAGE));
  router.post('/callback', admitted, sameOrigin, xmlOnly, xmlText, guard, run);
  router.all('/callback', (_req, res) => {
    res.set('Allow', 'POST');
    sendError(res, 405, 'The callback takes POST only');
  });
  router.use('/callback', onError);
  return router;
}
