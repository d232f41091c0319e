import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { PositiveId } from '../forms/form-errors';
import type { BookmarksService } from './bookmarks-service';

const BookmarkParams = z.object({ tableId: PositiveId, recordId: PositiveId });

/**
 * `GET /api/v1/bookmarks` and `GET /api/v1/bookmarks/{tableId}/{recordId}`. Reads of the user's
 * own present list: a Timepoint is not applied (docs/protocol.md "Bookmarks"). The toggle is the
 * callback command `ToggleBookmarkSelectedRecord`.
 */
export function bookmarksRoutes(options: {
  bookmarks: BookmarksService;
  requireSession: RequestHandler;
}): Router {
  const { bookmarks } = options;
  const router = Router();
  router.use(options.requireSession);
  router.get('/', async (_req, res) => {
    res.json({ Items: await bookmarks.list(getAuth(res)) });
  });
  router.get('/:tableId/:recordId', async (req, res) => {
    const { tableId, recordId } = parseBody(BookmarkParams, req.params);
    res.json(await bookmarks.get(getAuth(res), tableId, recordId));
  });
  return router;
}
