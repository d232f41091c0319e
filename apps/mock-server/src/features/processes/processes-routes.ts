import {
  CREATABLE_COMMAND_ORDER_COLUMNS,
  CreateProcessRequestSchema,
  DetailPageCompleteRequestSchema,
  PickListMultiRequestSchema,
  PickListSingleRequestSchema,
  PROCESS_ORDER_COLUMNS,
  PromptActionRequestSchema,
  StepRunRequestSchema,
} from '@procedo/client-api';
import { type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { AppError, parseBody } from '../../errors/app-error';
import type { Idempotency } from '../../http/idempotency';
import { getAuth } from '../../http/session-middleware';
import { timepointOf } from '../../http/timepoint';
import { ProcessMessages } from './process-context';
import { REPORT_CSP } from './process-report';
import type { ProcessesService } from './processes-service';

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** A path id; anything else is the unknown-step (or unknown-process) 404 of spec §5. */
function pathId(raw: string | undefined, unknown: () => AppError): number {
  if (raw === undefined || !/^[1-9][0-9]{0,15}$/.test(raw)) throw unknown();
  const id = Number(raw);
  if (id > MAX_ID) throw unknown();
  return id;
}
const unknownStep = () =>
  new AppError({ status: 404, code: 'UNKNOWN_STEP', message: ProcessMessages.UnknownStep });
const unknownProcess = () =>
  new AppError({ status: 404, code: 'UNKNOWN_PROCESS', message: ProcessMessages.UnknownProcess });
const commandIdMissing = () =>
  new AppError({
    status: 400,
    code: 'COMMAND_ID_MISSING',
    message: ProcessMessages.CommandIdMissing,
    issues: [{ code: 'custom', path: ['originatingCommandId'], message: ProcessMessages.CommandIdMissing }],
  });
const stepId = (req: Request) => pathId(req.params.id as string | undefined, unknownStep);
const processId = (req: Request) => pathId(req.params.id as string | undefined, unknownProcess);

/** `Column` or `Column asc|desc`, the column one of `allowed`; anything else is a 400 naming the columns. */
export function parseOrderBy<C extends string>(
  raw: string | undefined,
  allowed: readonly C[],
  fallback: { column: C; descending: boolean },
): { column: C; descending: boolean } {
  if (raw === undefined || raw.trim() === '') return fallback;
  const match = /^\s*([A-Za-z]+)(?:\s+(asc|desc))?\s*$/i.exec(raw);
  const column = match ? allowed.find((name) => name.toLowerCase() === match[1]?.toLowerCase()) : undefined;
  if (!match || column === undefined) {
    const message = `$orderby accepts one of ${allowed.join(', ')}, optionally followed by asc or desc; '${raw.slice(0, 100)}' is not one of them`;
    throw new AppError({
      status: 400,
      code: 'VALIDATION',
      message: `Invalid request: ${message}`,
      issues: [{ code: 'invalid_value', path: ['$orderby'], message }],
    });
  }
  return { column, descending: match[2]?.toLowerCase() === 'desc' };
}

const Count = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'Must be a whole number')
    .transform(Number)
    .pipe(z.number().int().nonnegative().max(max));

const ListQuerySchema = z.strictObject({
  $skip: Count(1_000_000_000).optional(),
  $top: Count(200).pipe(z.number().positive()).optional(),
  $orderby: z.string().max(200).optional(),
  state: z.enum(['open', 'completed']).optional(),
  // Read by the timepoint middleware (http/timepoint.ts).
  Timepoint: z.string().optional(),
});
const LookupQuerySchema = z.strictObject({ $orderby: z.string().max(200).optional() });
const CreateQuerySchema = z.strictObject({
  originatingCommandId: z.string().max(40).optional(),
  mode: z.enum(['0', '1']).optional(),
});
/** Endpoints that take no input accept no body, or `{}`. */
// Generic clients send `null` (or nothing) for a call without a body: both mean no body.
const NoBodySchema = z.optional(z.nullable(z.strictObject({})));

const query = (req: Request) => req.query as Record<string, unknown>;

/** The user-process API (mounted at `/api/v1/user/system/user-processes`, behind the session guard). */
export function processesRoutes(options: {
  processes: ProcessesService;
  requireSession: RequestHandler;
  idempotency: Idempotency;
}): Router {
  const { processes, requireSession, idempotency } = options;
  const router = Router();
  router.use(requireSession);

  router.get('/', async (req, res) => {
    const parsed = parseBody(ListQuerySchema, query(req));
    const order = parseOrderBy(parsed.$orderby, PROCESS_ORDER_COLUMNS, {
      column: 'CreatedAtUtc',
      descending: true,
    });
    res.json(
      await processes.list(getAuth(res), {
        skip: parsed.$skip ?? 0,
        top: parsed.$top ?? 50,
        orderBy: order.column,
        descending: order.descending,
        state: parsed.state ?? null,
        at: timepointOf(res)?.iso ?? null,
      }),
    );
  });

  router.get('/lookup/commands/creatable-as-process', async (req, res) => {
    const parsed = parseBody(LookupQuerySchema, query(req));
    const order = parseOrderBy(parsed.$orderby, CREATABLE_COMMAND_ORDER_COLUMNS, {
      column: 'Name',
      descending: false,
    });
    res.json(await processes.creatableCommands(getAuth(res), order));
  });

  router.post('/command/create-process', async (req, res) => {
    const parsed = parseBody(CreateQuerySchema, query(req));
    const raw = parsed.originatingCommandId?.trim() ?? '';
    // spec §5: a missing (or unusable) command id is the one message, before anything else.
    const commandId = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : null;
    if (commandId === null) throw commandIdMissing();
    const body = parseBody(CreateProcessRequestSchema, req.body ?? {});
    const mode = parsed.mode === '0' ? 0 : 1;
    const auth = getAuth(res);
    await idempotency.run(req, res, auth, { commandId, mode, body }, (key) =>
      processes.createProcess(auth, commandId, body, mode, key),
    );
  });

  router.get('/process/:id', async (req, res) => {
    res.json(await processes.getProcess(getAuth(res), processId(req), timepointOf(res)?.iso ?? null));
  });

  router.post('/process/:id/reset/hard', async (req, res) => {
    const id = processId(req);
    parseBody(NoBodySchema, req.body);
    res.json(await processes.resetProcess(getAuth(res), id));
  });

  router.get('/steps/:id', async (req, res) => {
    res.json(await processes.openStep(getAuth(res), stepId(req), timepointOf(res)?.iso ?? null));
  });

  router.get('/steps/:id/report-document', async (req, res) => {
    const html = await processes.reportDocument(getAuth(res), stepId(req), timepointOf(res)?.iso ?? null);
    // The document is data of the process shown as a page: sandboxed, whatever it contains.
    res.setHeader('Content-Security-Policy', REPORT_CSP);
    res.type('text/html; charset=utf-8').send(html);
  });

  router.post('/steps/:id/reset/hard', async (req, res) => {
    const id = stepId(req);
    parseBody(NoBodySchema, req.body);
    res.json(await processes.resetStep(getAuth(res), id, false));
  });

  router.post('/steps/:id/chain/reset/hard', async (req, res) => {
    const id = stepId(req);
    parseBody(NoBodySchema, req.body);
    res.json(await processes.resetStep(getAuth(res), id, true));
  });

  router.post('/steps/:id/pick-list/data', async (req, res) => {
    const id = stepId(req);
    parseBody(NoBodySchema, req.body);
    res.json(await processes.pickListData(getAuth(res), id));
  });

  router.post('/steps/:id/prompt/action', async (req, res) => {
    const id = stepId(req);
    const body = parseBody(PromptActionRequestSchema, req.body);
    res.json(await processes.answerPrompt(getAuth(res), id, body.PromptResult));
  });

  router.post('/steps/:id/action/run', async (req, res) => {
    const id = stepId(req);
    const body = parseBody(StepRunRequestSchema, req.body === undefined ? null : req.body);
    res.json(await processes.run(getAuth(res), id, body));
  });

  router.post('/steps/:id/action/complete/pick-list/multi', async (req, res) => {
    const id = stepId(req);
    const body = parseBody(PickListMultiRequestSchema, req.body);
    res.json(await processes.completePickList(getAuth(res), id, { multi: true, ids: body.SelectedItems }));
  });

  router.post('/steps/:id/action/complete/pick-list/single', async (req, res) => {
    const id = stepId(req);
    const body = parseBody(PickListSingleRequestSchema, req.body);
    res.json(await processes.completePickList(getAuth(res), id, { multi: false, id: body.SelectedItem }));
  });

  router.post('/steps/:id/action/complete/report-document', async (req, res) => {
    const id = stepId(req);
    parseBody(NoBodySchema, req.body);
    res.json(await processes.completeReportDocument(getAuth(res), id));
  });

  router.post('/steps/:id/action/complete/detail-page', async (req, res) => {
    const id = stepId(req);
    const body = parseBody(DetailPageCompleteRequestSchema, req.body);
    res.json(await processes.completeDetailPage(getAuth(res), id, body));
  });

  return router;
}
