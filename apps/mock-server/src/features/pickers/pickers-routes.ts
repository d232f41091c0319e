import { type Request, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepointOf } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import type { PickersService } from './pickers-service';

const PickerQuerySchema = z
  .object({
    text: z.string().max(200).default(''),
    WebTemplateNo: PositiveId.optional(),
    Element: z.string().max(64).optional(),
    Timepoint: z.string().max(64).optional(),
  })
  .catchall(z.string().max(64));

const query = (req: Request) => req.query as Record<string, unknown>;

/** `GET pickers/{source}` (inside {@link formsRoutes}, behind its session guard). */
export function pickersRoutes(options: { pickers: PickersService }): Router {
  const { pickers } = options;
  const router = Router();

  router.get('/pickers/:source', async (req, res) => {
    const source = parseBody(z.object({ source: z.string().max(64) }), req.params).source;
    const {
      text,
      WebTemplateNo,
      Element,
      Timepoint: _read,
      ...extras
    } = parseBody(PickerQuerySchema, query(req));
    const unknown = Object.keys(extras).filter((key) => !key.startsWith('dep.'));
    if (unknown.length > 0) {
      parseBody(z.strictObject({}), Object.fromEntries(unknown.map((key) => [key, extras[key]])));
    }
    const deps: Record<string, string> = {};
    for (const [key, value] of Object.entries(extras)) deps[key.slice(4)] = value as string;
    res.json(
      await pickers.search(getAuth(res), {
        source,
        text,
        deps,
        webTemplateNo: WebTemplateNo,
        element: Element,
        atIso: timepointOf(res)?.iso,
      }),
    );
  });

  return router;
}
