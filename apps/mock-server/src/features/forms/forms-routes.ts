import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import type { Idempotency } from '../../http/idempotency';
import { getAuth } from '../../http/session-middleware';
import { timepointOf, timepoints } from '../../http/timepoint';
import { pickersRoutes } from '../pickers/pickers-routes';
import type { PickersService } from '../pickers/pickers-service';
import { recordsRoutes, type SavedFilterResolver } from '../records/records-routes';
import type { RecordsService } from '../records/records-service';
import { PositiveId } from './form-errors';
import type { FormsService } from './forms-service';

const FormParams = z.object({ no: PositiveId });

/**
 * The v1 form, record and picker endpoints (mounted at `/api/v1`): one session guard in front of
 * `forms/…` and `pickers/…`, then the definition, the records of a form and the pickers.
 */
export function formsRoutes(options: {
  forms: FormsService;
  records: RecordsService;
  pickers: PickersService;
  /** Saved filters picked for a search (`filterIds`). */
  savedFilters: SavedFilterResolver;
  requireSession: RequestHandler;
  /** `Idempotency-Key` on record create. */
  idempotency: Idempotency;
}): Router {
  const { forms, requireSession } = options;
  const router = Router();
  // Business data: reads answer as of a Timepoint, writes at one are refused (CONTRACT).
  router.use(['/forms', '/pickers'], requireSession, timepoints);

  router.get('/forms/:no', async (req, res) => {
    const { no } = parseBody(FormParams, req.params);
    res.json(await forms.getForm(getAuth(res), no, timepointOf(res)?.iso));
  });
  router.use(
    recordsRoutes({
      records: options.records,
      savedFilters: options.savedFilters,
      idempotency: options.idempotency,
    }),
  );
  router.use(pickersRoutes({ pickers: options.pickers }));

  return router;
}
