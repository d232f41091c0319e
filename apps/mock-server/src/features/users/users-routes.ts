import { UserCreateSchema, UserPatchSchema } from '@procedo/client-api';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { parseBody } from '../../errors/app-error';
import { getAuth } from '../../http/session-middleware';
import { timepoints } from '../../http/timepoint';
import { PositiveId } from '../forms/form-errors';
import { requireRole } from '../session/roles';
import { USERS_PAGE_DEFAULT, USERS_PAGE_MAX, type UsersService } from './users-service';

const UserParams = z.object({ id: PositiveId });
const ListQuery = z.object({
  text: z.string().trim().max(200).optional(),
  cursor: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(USERS_PAGE_MAX).default(USERS_PAGE_DEFAULT),
});

/**
 * `/api/v1/users…`: user administration (form 901) and `users/me`, the signed-in user's own
 * account. Everything but `me` needs the `user-admin` role, checked before a body is read (403
 * `FORBIDDEN`); writes at a Timepoint are refused (409).
 */
export function usersRoutes(options: { users: UsersService; requireSession: RequestHandler }): Router {
  const { users, requireSession } = options;
  const router = Router();
  router.use(requireSession, timepoints);

  router.get('/me', async (_req, res) => {
    res.json(await users.me(getAuth(res)));
  });

  router.use((_req, res, next) => {
    requireRole(getAuth(res), 'user-admin');
    next();
  });

  router.get('/', async (req, res) => {
    const query = parseBody(ListQuery, req.query);
    res.json(
      await users.list(getAuth(res), {
        text: query.text || null,
        cursor: query.cursor ?? null,
        limit: query.limit,
      }),
    );
  });
  router.get('/choices', async (_req, res) => {
    res.json(await users.choices(getAuth(res)));
  });
  router.post('/', async (req, res) => {
    const body = parseBody(UserCreateSchema, req.body);
    res.status(201).json(await users.create(getAuth(res), body));
  });
  router.get('/:id', async (req, res) => {
    const { id } = parseBody(UserParams, req.params);
    res.json(await users.get(getAuth(res), id));
  });
  router.patch('/:id', async (req, res) => {
    const { id } = parseBody(UserParams, req.params);
    const patch = parseBody(UserPatchSchema, req.body);
    res.json(await users.update(getAuth(res), id, patch));
  });
  router.post('/:id/disable', async (req, res) => {
    const { id } = parseBody(UserParams, req.params);
    res.json(await users.setDisabled(getAuth(res), id, true));
  });
  router.post('/:id/enable', async (req, res) => {
    const { id } = parseBody(UserParams, req.params);
    res.json(await users.setDisabled(getAuth(res), id, false));
  });
  return router;
}
