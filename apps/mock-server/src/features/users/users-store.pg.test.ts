import { type UserCreate, UserCreateSchema, type UserPatch, UserPatchSchema } from '@procedo/client-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PROFILE_ID } from '../../db/seed-data';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { addUsersToBoth } from '../../testing/parity-users';
import { overlapWrites } from '../../testing/pg-overlap';
import { sameAnswers } from '../../testing/same-answers';
import type { AuthContext } from '../session/session-service';
import { createUsersService, type UsersService } from './users-service';
import { createSqliteUsersAdminStore, type UsersAdminStore } from './users-store';
import { createPgUsersAdminStore } from './users-store.pg';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases();
  // Names whose order and case folding tell SQLite's NOCASE from byte order and from Unicode folding.
  await addUsersToBoth(
    both,
    [
      [9201, 'alice'],
      [9202, 'Bob'],
      [9203, 'carol.x'],
      [9204, '_under'],
      [9205, 'Émile'],
      [9206, 'zoë'],
    ],
    OPERATOR_PROFILE_ID,
  );
});
afterAll(() => both?.close());

/** The real users service over one engine's store, acting as the seeded administrator. */
interface Side {
  service: UsersService;
  auth: AuthContext;
  store: UsersAdminStore;
}

const side = (store: UsersAdminStore): Side => ({
  service: createUsersService({ now: () => Date.UTC(2026, 0, 1) }),
  auth: {
    user: { id: 1, name: 'supervisor', roles: ['user-admin'] },
    database: { stores: { usersAdmin: store } },
  } as unknown as AuthContext,
  store,
});

const sides = () =>
  sameAnswers(side(createSqliteUsersAdminStore(both.sqlite)), side(createPgUsersAdminStore(both.pg)));
const create = (body: UserCreate) => UserCreateSchema.parse(body);
const patch = (body: UserPatch) => UserPatchSchema.parse(body);
const versionOf = async (id: number) => (await createPgUsersAdminStore(both.pg).findById(id))!.version;

describe('UsersAdminStore on PostgreSQL', () => {
  it('creates users and refuses a taken name (any ASCII case), an unknown profile or language as SQLite', async () => {
    const same = sides();
    for (const name of ['dave', 'Erin', 'émile', 'ZOË']) {
      await same((s) =>
        s.service.create(
          s.auth,
          create({
            name,
            legalName: `${name} L`,
            profileId: OPERATOR_PROFILE_ID,
            password: 'secret-password-1',
            roles: ['design'],
          }),
        ),
      );
    }
    for (const body of [
      { name: 'ALICE', profileId: OPERATOR_PROFILE_ID },
      { name: 'ÉMILE', profileId: OPERATOR_PROFILE_ID },
      { name: 'émile', profileId: OPERATOR_PROFILE_ID },
      { name: 'DAVE', profileId: OPERATOR_PROFILE_ID },
      { name: 'frank', profileId: 424242 },
      { name: 'erin', profileId: OPERATOR_PROFILE_ID, language: 'xx' },
    ]) {
      await same(
        (s) => s.service.create(s.auth, create({ legalName: 'L', password: 'secret-password-1', ...body })),
        body.name,
      );
    }
  });

  it('lists pages in NOCASE name order and finds text as SQLite LIKE does', async () => {
    const same = sides();
    for (const text of [null, 'a', 'A', 'ALI', '%', '_', 'ë', 'Ë', 'operat', 'L', 'nothing']) {
      await same((s) => s.service.list(s.auth, { text, cursor: null, limit: 100 }), `text ${text}`);
    }
    // Walk every page of two.
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await same((s) => s.service.list(s.auth, { text: null, cursor, limit: 2 }));
      cursor = 'value' in answer ? answer.value.NextCursor : null;
      pages += 1;
    } while (cursor !== null && pages < 20);
    expect(pages).toBeGreaterThan(3);
    await same((s) => s.service.choices(s.auth));
    await same((s) => s.service.me(s.auth));
    for (const id of [1, 2, 3, 424242]) await same((s) => s.service.get(s.auth, id), `user ${id}`);
  });

  it('changes a user with audit rows and refuses a stale version, a taken name and the last administrator as SQLite', async () => {
    const same = sides();
    const v = await versionOf(2);
    await same((s) =>
      s.service.update(
        s.auth,
        2,
        patch({
          Version: v,
          legalName: 'Olga Operator',
          roles: ['design', 'translation-admin'],
          language: 'de',
        }),
      ),
    );
    await same((s) => s.service.update(s.auth, 2, patch({ Version: v, legalName: 'stale' })));
    await same((s) => s.service.update(s.auth, 2, patch({ Version: v + 1, name: 'SUPERVISOR' })));
    await same((s) => s.service.update(s.auth, 2, patch({ Version: v + 1, name: 'Operator' })));
    await same((s) =>
      s.service.update(s.auth, 2, patch({ Version: v + 2, profileId: 424242, language: 'xx' })),
    );
    await same((s) => s.service.update(s.auth, 2, patch({ Version: v + 2 })));
    // The seeded administrator is the only enabled user-admin: keeping the right is refused.
    await same((s) => s.service.update(s.auth, 1, patch({ Version: 1, roles: [] })));
    await same((s) => s.service.update(s.auth, 424242, patch({ Version: 1, legalName: 'x' })));
    await same((s) => s.service.get(s.auth, 2));
  });

  it('disables a user and ends their sessions in the same transaction, as SQLite', async () => {
    const same = sides();
    const add = 'INSERT INTO sessions (id, token_hash, user_id, csrf_token, created_at, expires_at) VALUES';
    both.sqlite.prepare(`${add} ('d1', 'hd1', 3, 'c', 0, 1)`).run();
    await both.pg.run(`${add} ('d1', 'hd1', 3, 'c', 0, 1)`);
    await same((s) => s.service.setDisabled(s.auth, 3, true));
    const count = 'SELECT count(*) AS n FROM sessions WHERE user_id = 3';
    expect(await both.pg.one(count)).toEqual({ n: 0 });
    expect(both.sqlite.prepare(count).get()).toEqual({ n: 0 });
    await same((s) => s.service.setDisabled(s.auth, 3, false));
    await same((s) => s.service.setDisabled(s.auth, 1, true));
    await same((s) => s.service.get(s.auth, 3));
  });

  it('answers as SQLite for any sequence of edits (fresh or stale versions, names of any case)', async () => {
    const name = fc.constantFrom('operator', 'OPERATOR', 'Translator', 'x.name', 'X.NAME', 'Émile');
    const edit = fc.record({
      id: fc.constantFrom(2, 3),
      stale: fc.boolean(),
      name: fc.option(name, { nil: undefined }),
      department: fc.option(fc.constantFrom('QA', 'Lab', ''), { nil: undefined }),
      roles: fc.option(fc.subarray(['design', 'user-admin'] as const), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { maxLength: 6 }), async (edits) => {
        const same = sides();
        for (const e of edits) {
          const version = (await versionOf(e.id)) + (e.stale ? 1 : 0);
          const body: UserPatch = { Version: version };
          if (e.name !== undefined) body.name = e.name;
          if (e.department !== undefined) body.department = e.department;
          if (e.roles !== undefined) body.roles = [...e.roles];
          await same((s) => s.service.update(s.auth, e.id, patch(body)));
        }
        for (const id of [2, 3]) await same((s) => s.service.get(s.auth, id));
      }),
      { numRuns: 20 },
    );
  });
});

describe('UsersAdminStore on PostgreSQL under concurrent changes', () => {
  // Both changes read before either writes: the overlap two servers can have.
  const pgSide = () => side(createPgUsersAdminStore(overlapWrites(2)(both.pg)));

  it('creates one of two users given the same name at once; the other is refused as taken', async () => {
    const { service, auth } = pgSide();
    const results = await Promise.allSettled(
      ['racer', 'RACER'].map((name) =>
        service.create(
          auth,
          create({ name, legalName: 'L', profileId: OPERATOR_PROFILE_ID, password: 'secret-password-1' }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      status: 400,
      issues: [expect.objectContaining({ code: 'name_taken' })],
    });
  });

  it('applies one of two edits from the same version; the other is a version conflict', async () => {
    const { service, auth } = pgSide();
    const v = await versionOf(2);
    const results = await Promise.allSettled(
      ['Race A', 'Race B'].map((department) => service.update(auth, 2, patch({ Version: v, department }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, code: 'VERSION_CONFLICT' });
  });

  it('never lets two concurrent edits take the right to manage users from both of the last two administrators', async () => {
    // The earlier tests may have made others administrators: leave the seeded one alone, then add one.
    await both.pg.run("DELETE FROM user_roles WHERE role = 'user-admin' AND user_id <> 1");
    const plain = side(createPgUsersAdminStore(both.pg));
    const second = await plain.service.create(
      plain.auth,
      create({
        name: 'admin2',
        legalName: 'L',
        profileId: OPERATOR_PROFILE_ID,
        password: 'secret-password-1',
        roles: ['user-admin'],
      }),
    );
    const first = (await createPgUsersAdminStore(both.pg).findById(1))!;
    expect(first.roles).toContain('user-admin');
    const { service, auth } = pgSide();
    const results = await Promise.allSettled([
      service.update(auth, 1, patch({ Version: first.version, roles: [] })),
      service.update(auth, second.id, patch({ Version: second.version, roles: [] })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ issues: [expect.objectContaining({ code: 'last_user_admin' })] });
  });
});
