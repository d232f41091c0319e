import {
  CreateRecordRequestSchema,
  DeleteRecordRequestSchema,
  UpdateRecordRequestSchema,
} from '@procedo/client-api';
import { type Request, type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../http/errors';
import { getAuth } from '../../http/session-middleware';
import type { FormsService } from './forms-service';

const PositiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const FormParams = z.object({ no: PositiveId });
const RecordParams = z.object({ no: PositiveId, id: PositiveId });
const ReadQuery = z.object({ version: PositiveId.optional() });

const SearchQuerySchema = z
  .object({
    text: z.string().max(200).default(''),
    page: z.coerce.number().int().nonnegative().max(1_000_000).default(0),
    pageSize: z.coerce.number().int().positive().max(500).optional(),
  })
  .catchall(z.string().max(500));

const PickerQuerySchema = z
  .object({
    text: z.string().max(200).default(''),
    WebTemplateNo: PositiveId.optional(),
    Element: z.string().max(64).optional(),
  })
  .catchall(z.string().max(64));

function splitExtras(query: Record<string, unknown>, known: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(([key]) => !known.includes(key)) as [string, string][],
  );
}

const query = (req: Request) => req.query as Record<string, unknown>;

/** The v1 form, record and picker endpoints (mounted at `/api/v1`, behind the session guard). */
export function formsRoutes(options: { forms: FormsService; requireSession: RequestHandler }): Router {
  const { forms, requireSession } = options;
  const router = Router();
  router.use(['/forms', '/pickers'], requireSession);

  router.get('/forms/:no', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    res.json(await forms.getForm(getAuth(res), no));
  });

  router.get('/forms/:no/search', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const parsed = parseBody(SearchQuerySchema, query(req));
    res.json(
      await forms.search(getAuth(res), no, {
        text: parsed.text,
        page: parsed.page,
        pageSize: parsed.pageSize,
        filters: splitExtras(parsed, ['text', 'page', 'pageSize']),
      }),
    );
  });

  router.get('/forms/:no/records/:id', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    const { version } = parseBody(ReadQuery, query(req));
    res.json(await forms.readRecord(getAuth(res), no, id, version));
  });

  router.post('/forms/:no/records', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const body = parseBody(CreateRecordRequestSchema, req.body);
    res.status(201).json(await forms.createRecord(getAuth(res), no, body));
  });

  router.put('/forms/:no/records/:id', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    const body = parseBody(UpdateRecordRequestSchema, req.body);
    res.json(await forms.updateRecord(getAuth(res), no, id, body));
  });

  router.delete('/forms/:no/records/:id', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    const body = parseBody(DeleteRecordRequestSchema, req.body);
    res.json(await forms.deleteRecord(getAuth(res), no, id, body));
  });

  router.get('/pickers/:source', async (req, res) => {
    const source = parseBody(z.object({ source: z.string().max(64) }), req.params).source;
    const parsed = parseBody(PickerQuerySchema, query(req));
    const extras = splitExtras(parsed, ['text', 'WebTemplateNo', 'Element']);
    const deps: Record<string, string> = {};
    const unknown = Object.keys(extras).filter((key) => !key.startsWith('dep.'));
    if (unknown.length > 0) {
      parseBody(z.strictObject({}), Object.fromEntries(unknown.map((key) => [key, extras[key]])));
    }
    for (const [key, value] of Object.entries(extras)) deps[key.slice(4)] = value;
    res.json(
      await forms.pickerSearch(getAuth(res), {
        source,
        text: parsed.text,
        deps,
        webTemplateNo: parsed.WebTemplateNo,
        element: parsed.Element,
      }),
    );
  });

  return router;
}
