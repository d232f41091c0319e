import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase } from '../../db/pg';
import { OPERATOR_PROFILE_ID } from '../../db/seed-data';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { addUsersToBoth } from '../../testing/parity-users';
import { sameAnswers } from '../../testing/same-answers';
import { createSqliteSessionStore, createSqliteUserStore, type SessionRecord } from './session-store';
import { createPgSessionStore, createPgUserStore } from './session-store.pg';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases();
  // Names whose case folding differs between ASCII-only (SQLite NOCASE) and full Unicode.
  await addUsersToBoth(
    both,
    [
      [9001, 'Émile'],
      [9002, 'zoë_Admin'],
      [9003, 'A%B'],
    ],
    OPERATOR_PROFILE_ID,
  );
});
afterAll(() => both?.close());

const session = (n: number, at: number, patch: Partial<SessionRecord> = {}): SessionRecord => ({
  id: `s${n}`,
  tokenHash: `hash-${n}`,
  userId: 1,
  csrfToken: `csrf-${n}`,
  createdAt: at,
  expiresAt: at + 1_000,
  profileId: null,
  ...patch,
});

describe('UserStore on PostgreSQL', () => {
  it('finds users by name case-insensitively for ASCII letters only, as SQLite NOCASE does', async () => {
    const same = sameAnswers(createSqliteUserStore(both.sqlite), createPgUserStore(both.pg));
    const names = [
      'supervisor',
      'SUPERVISOR',
      'Operator',
      'translator',
      'nobody',
      '',
      'Émile',
      'émile',
      'ÉMILE',
    ];
    for (const name of [...names, 'zoë_admin', 'ZOË_ADMIN', 'ZOë_ADMIN', 'a%b', 'a%', 'A_B']) {
      await same((store) => store.findByName(name), name);
    }
    // The seed must make these answers meaningful: a user with roles and two profiles, a miss.
    const supervisor = await createPgUserStore(both.pg).findByName('SUPERVISOR');
    expect(supervisor?.roles.length).toBeGreaterThan(1);
    expect(supervisor?.profiles.length).toBe(2);
    expect((await createPgUserStore(both.pg).findByName('ÉMILE'))?.id).toBe(9001);
    expect(await createPgUserStore(both.pg).findByName('émile')).toBeNull();
    expect((await createPgUserStore(both.pg).findByName('ZOë_ADMIN'))?.id).toBe(9002);
  });

  it('finds users by id and stores preferences with a new row version', async () => {
    const same = sameAnswers(createSqliteUserStore(both.sqlite), createPgUserStore(both.pg));
    for (const id of [1, 2, 3, 4, 9001, 424242]) await same((store) => store.findById(id), `user ${id}`);
    await same((store) => store.updatePreferences(2, { ui: 'classic', language: 'de' }));
    await same((store) => store.findById(2));
    const version = 'SELECT row_version FROM users WHERE id = 2';
    expect(await both.pg.one(version)).toEqual(both.sqlite.prepare(version).get());
  });
});

describe('SessionStore on PostgreSQL', () => {
  it('creates, finds, moves the deadline forward only, switches profile and deletes, as SQLite', async () => {
    const same = sameAnswers(createSqliteSessionStore(both.sqlite), createPgSessionStore(both.pg));
    const at = both.now;
    await same((store) => store.create(session(1, at)));
    await same((store) => store.create(session(2, at, { userId: 2 })));
    await same((store) => store.findByTokenHash('hash-1'));
    await same((store) => store.findByTokenHash('hash-404'));
    // A duplicate id is refused by both.
    const duplicate = await same((store) => store.create(session(1, at)).then(() => 'created'));
    expect('error' in duplicate).toBe(true);
    await same((store) => store.updateExpiry('s1', at + 5_000));
    await same((store) => store.updateExpiry('s1', at + 2_000));
    await same((store) => store.findByTokenHash('hash-1'));
    await same((store) => store.setProfile('s1', OPERATOR_PROFILE_ID));
    await same((store) => store.findByTokenHash('hash-1'));
    await same((store) => store.setProfile('s1', null));
    await same((store) => store.findByTokenHash('hash-1'));
    await same((store) => store.delete('s2'));
    await same((store) => store.findByTokenHash('hash-2'));
    await same((store) => store.deleteExpired(at + 6_000, at - 1));
    await same((store) => store.findByTokenHash('hash-1'));
  });

  it('keeps answering as SQLite for any sequence of session operations', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), n: fc.nat(5), at: fc.nat(100), life: fc.nat(100) }),
      fc.record({ kind: fc.constant('find' as const), n: fc.nat(5) }),
      fc.record({ kind: fc.constant('expiry' as const), n: fc.nat(5), to: fc.nat(300) }),
      fc.record({ kind: fc.constant('profile' as const), n: fc.nat(5), own: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const), n: fc.nat(5) }),
      fc.record({ kind: fc.constant('expired' as const), now: fc.nat(300), createdBefore: fc.nat(100) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        run += 1;
        // Each run has its own ids, so runs never see each other's sessions.
        const prefix = `p${run}-`;
        const base = 10_000_000 * run;
        const same = sameAnswers(createSqliteSessionStore(both.sqlite), createPgSessionStore(both.pg));
        for (const o of ops) {
          const id = `${prefix}${'n' in o ? o.n : 0}`;
          if (o.kind === 'create') {
            await same((s) =>
              s.create({
                ...session(0, base + o.at),
                id,
                tokenHash: `h${id}`,
                expiresAt: base + o.at + o.life,
              }),
            );
          } else if (o.kind === 'find') await same((s) => s.findByTokenHash(`h${id}`));
          else if (o.kind === 'expiry') await same((s) => s.updateExpiry(id, base + o.to));
          else if (o.kind === 'profile')
            await same((s) => s.setProfile(id, o.own ? null : OPERATOR_PROFILE_ID));
          else if (o.kind === 'delete') await same((s) => s.delete(id));
          else await same((s) => s.deleteExpired(base + o.now, base + o.createdBefore));
        }
        // Leave no session of this run behind for the next (the count of deleteExpired).
        await same((s) => s.deleteExpired(base + 1_000, base + 1_000));
      }),
      { numRuns: 30 },
    );
  });

  it('shares sessions between servers on one PostgreSQL: made on A, found on B; logout on A ends it on B', async () => {
    const other = await openPgDatabase(both.pg.pool.options.connectionString!, 'demo');
    try {
      const a = createPgSessionStore(both.pg);
      const b = createPgSessionStore(other);
      await a.create(session(77, both.now));
      expect(await b.findByTokenHash('hash-77')).toEqual(session(77, both.now));
      await b.updateExpiry('s77', both.now + 9_000);
      expect((await a.findByTokenHash('hash-77'))?.expiresAt).toBe(both.now + 9_000);
      await a.delete('s77');
      expect(await b.findByTokenHash('hash-77')).toBeNull();
    } finally {
      await other.close();
    }
  });
});
