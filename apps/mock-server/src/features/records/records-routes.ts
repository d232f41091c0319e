import {
  CreateRecordRequestSchema,
  DeleteRecordRequestSchema,
  UpdateRecordRequestSchema,
} from '@procedo/client-api';
import { type Request, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../http/errors';
import { getAuth } from '../../http/session-middleware';
import { PositiveId } from '../forms/form-errors';
import type { RecordsService } from './records-service';

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

const query = (req: Request) => req.query as Record<string, unknown>;

/** The v1 record and search endpoints of a form (inside {@link formsRoutes}, behind its session guard). */
export function recordsRoutes(options: { records: RecordsService }): Router {
  const { records } = options;
  const router = Router();

  router.get('/forms/:no/search', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const { text, page, pageSize, ...filters } = parseBody(SearchQuerySchema, query(req));
    res.json(await records.search(getAuth(res), no, { text, page, pageSize, filters }));
  });

  router.get('/forms/:no/records/:id', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    const { version } = parseBody(ReadQuery, query(req));
    res.json(await records.readRecord(getAuth(res), no, id, version));
  });

  router.post('/forms/:no/records', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const body = parseBody(CreateRecordRequestSchema, req.body);
    res.status(201).json(await records.createRecord(getAuth(res), no, body));
  });

  router.put('/forms/:no/records/:id', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    const body = parseBody(UpdateRecordRequestSchema, req.body);
    res.json(await records.updateRecord(getAuth(res), no, id, body));
  });

  router.delete('/forms/:no/records/:id', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    const body = parseBody(DeleteRecordRequestSchema, req.body);
    res.json(await records.deleteRecord(getAuth(res), no, id, body));
  });

  return router;
}
