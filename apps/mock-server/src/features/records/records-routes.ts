import { once } from 'node:events';
import {
  CreateRecordRequestSchema,
  DeleteRecordRequestSchema,
  readSearchParams,
  type SearchFilter,
  SearchParamNames,
  UpdateRecordRequestSchema,
} from '@procedo/client-api';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import type { Idempotency } from '../../http/idempotency';
import { getAuth } from '../../http/session-middleware';
import { timepointOf } from '../../http/timepoint';
import { PositiveId, validationFailure } from '../forms/form-errors';
import type { AuthContext } from '../session/session-service';
import type { RecordsService } from './records-service';
import { CursorParam } from './search-cursor';
import { csvLine, type SearchExport } from './search-export';

const FormParams = z.object({ no: PositiveId });
const RecordParams = z.object({ no: PositiveId, id: PositiveId });
const ReadQuery = z.object({ version: PositiveId.optional(), Timepoint: z.string().optional() });
const AuditQuery = z.strictObject({
  afterSeq: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().positive().max(500).default(100),
  Timepoint: z.string().optional(),
});

const SearchQuerySchema = z
  .object({
    text: z.string().max(200).default(''),
    Timepoint: z.string().max(64).optional(),
    page: z.coerce.number().int().nonnegative().max(1_000_000).default(0),
    pageSize: z.coerce.number().int().positive().max(500).optional(),
  })
  .catchall(z.string().max(500));

// The keyset search: `page`/`pageSize` are not its words, so they fall to the filters (and 400 there).
const SearchPageQuerySchema = z
  .object({
    text: z.string().max(200).default(''),
    Timepoint: z.string().max(64).optional(),
    after: CursorParam.optional(),
    limit: z.coerce.number().int().positive().max(500).optional(),
    count: z.enum(['none', 'exact']).default('none'),
    // Read with the shared readSearchParams (the same URL form as the grid's address).
    [SearchParamNames.sort]: z.string().max(100).optional(),
    [SearchParamNames.where]: z.string().max(20_000).optional(),
    [SearchParamNames.filterIds]: z.string().max(400).optional(),
    // Datasource columns the rows also carry (issue 16): names, comma separated, at most 50.
    columns: z
      .string()
      .max(3300)
      .transform((text) => [...new Set(text.split(',').filter(Boolean))])
      .pipe(z.array(z.string().max(64)).max(50))
      .optional(),
  })
  .catchall(z.string().max(500));

/** Saved filters by id, as the user may use them (the filters service's `resolveSavedFilters`). */
export type SavedFilterResolver = (
  auth: AuthContext,
  webTemplateNo: number,
  ids: readonly number[],
) => Promise<SearchFilter[]>;

/**
 * `sort`, `where` and `filterIds` of a search URL: 400 VALIDATION naming the part that cannot be
 * read; the saved filters picked are read (404 / 403 as the filters service answers) and and-ed.
 */
async function searchParamsOf(req: Request, res: Response, no: number, savedFilters: SavedFilterResolver) {
  const { query: read, problems } = readSearchParams(new URL(req.originalUrl, 'http://local').searchParams);
  if (problems.length > 0) {
    throw validationFailure(
      problems.map((problem) => ({ code: 'invalid_param', path: [problem.param], message: problem.message })),
    );
  }
  const extraFilters = read.filterIds ? await savedFilters(getAuth(res), no, read.filterIds) : [];
  return { sort: read.sort ?? null, where: read.where ?? null, extraFilters };
}

// The export takes the page's query but no position, size or count: it is the whole view.
const ExportQuerySchema = SearchPageQuerySchema.omit({ after: true, limit: true, count: true });

const query = (req: Request) => req.query as Record<string, unknown>;

/**
 * Writes the export's lines as they are read: a page at a time, waiting for `drain` when the
 * client reads slower than the pages come, and stopping when the client goes away.
 */
async function streamCsv(res: Response, exported: SearchExport) {
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  const write = async (text: string) => {
    if (!res.write(text)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  };
  // A UTF-8 BOM so spreadsheets read the file as UTF-8.
  await write(`\uFEFF${csvLine(exported.header)}`);
  for await (const rows of exported.pages) {
    if (closed) break;
    await write(rows.map(csvLine).join(''));
  }
  if (!closed) res.end();
}
/** The client address a signature's security events record ('trust proxy' is off: the socket's). */
const originOf = (req: Request) => ({ address: req.ip ?? 'unknown' });

/** The v1 record and search endpoints of a form (inside {@link formsRoutes}, behind its session guard). */
export function recordsRoutes(options: {
  records: RecordsService;
  savedFilters: SavedFilterResolver;
  idempotency: Idempotency;
}): Router {
  const { records, savedFilters, idempotency } = options;
  const router = Router();

  router.get('/forms/:no/search', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const { text, page, pageSize, Timepoint: _read, ...filters } = parseBody(SearchQuerySchema, query(req));
    const atIso = timepointOf(res)?.iso;
    res.json(
      await records.search(getAuth(res), no, { text, page, pageSize, filters, ...(atIso ? { atIso } : {}) }),
    );
  });

  router.get('/forms/:no/search/page', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const {
      text,
      after,
      limit,
      count,
      Timepoint: _read,
      sort: _sort,
      where: _where,
      filterIds: _filterIds,
      columns,
      ...filters
    } = parseBody(SearchPageQuerySchema, query(req));
    const atIso = timepointOf(res)?.iso;
    res.json(
      await records.searchPage(getAuth(res), no, {
        text,
        filters,
        ...(columns ? { columns } : {}),
        ...(await searchParamsOf(req, res, no, savedFilters)),
        count: count === 'exact',
        ...(after ? { after } : {}),
        ...(limit === undefined ? {} : { limit }),
        ...(atIso ? { atIso } : {}),
      }),
    );
  });

  router.get('/forms/:no/search/export.csv', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const {
      text,
      Timepoint: _read,
      sort: _sort,
      where: _where,
      filterIds: _filterIds,
      columns: _columns,
      ...filters
    } = parseBody(ExportQuerySchema, query(req));
    const atIso = timepointOf(res)?.iso;
    const exported = await records.exportSearch(getAuth(res), no, {
      text,
      filters,
      ...(await searchParamsOf(req, res, no, savedFilters)),
      ...(atIso ? { atIso } : {}),
    });
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${exported.fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    await streamCsv(res, exported);
  });

  router.get('/forms/:no/records/:id', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    const { version } = parseBody(ReadQuery, query(req));
    const atIso = timepointOf(res)?.iso;
    res.json(await records.readRecord(getAuth(res), no, id, { version, ...(atIso ? { atIso } : {}) }));
  });

  router.get('/forms/:no/records/:id/versions', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    parseBody(z.strictObject({ Timepoint: z.string().optional() }), query(req));
    res.json({ Items: await records.versions(getAuth(res), no, id, timepointOf(res)?.iso) });
  });

  router.get('/forms/:no/records/:id/audit', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    const { afterSeq, limit } = parseBody(AuditQuery, query(req));
    const atIso = timepointOf(res)?.iso;
    res.json(await records.audit(getAuth(res), no, id, { afterSeq, limit, ...(atIso ? { atIso } : {}) }));
  });

  router.get('/forms/:no/records/:id/audit/last-signature', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    parseBody(z.strictObject({ Timepoint: z.string().optional() }), query(req));
    res.json(await records.lastSignature(getAuth(res), no, id, timepointOf(res)?.iso));
  });

  router.get('/forms/:no/records/:id/audit/verify', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    // The chain is checked as stored now, whatever timepoint the caller views.
    parseBody(z.strictObject({ Timepoint: z.string().optional() }), query(req));
    res.json(await records.verifyAudit(getAuth(res), no, id));
  });

  router.post('/forms/:no/records', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    const body = parseBody(CreateRecordRequestSchema, req.body);
    const auth = getAuth(res);
    await idempotency.run(req, res, auth, { body }, (key) =>
      records.createRecord(auth, no, body, originOf(req), key),
    );
  });

  router.put('/forms/:no/records/:id', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    const body = parseBody(UpdateRecordRequestSchema, req.body);
    res.json(await records.updateRecord(getAuth(res), no, id, body, originOf(req)));
  });

  router.delete('/forms/:no/records/:id', async (req, res) => {
    const { no, id } = parseBody(RecordParams, req.params);
    const body = parseBody(DeleteRecordRequestSchema, req.body);
    res.json(await records.deleteRecord(getAuth(res), no, id, body, originOf(req)));
  });

  return router;
}
