import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PROFILE_ID } from '../../db/seed-data';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { addUsersToBoth } from '../../testing/parity-users';
import { overlapWrites } from '../../testing/pg-overlap';
import { sameAnswers } from '../../testing/same-answers';
import { createSqlitePermissionStore, type PermissionSave } from './permissions-store';
import { createPgPermissionStore } from './permissions-store.pg';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases();
  // Mixed-case names: SQLite lists users by NOCASE name.
  await addUsersToBoth(
    both,
    [
      [9101, 'alice'],
      [9102, 'Bob'],
      [9103, 'carol'],
      [9104, '_under'],
    ],
    OPERATOR_PROFILE_ID,
  );
});
afterAll(() => both?.close());

const save = (
  patch: Partial<PermissionSave> & Pick<PermissionSave, 'expectedVersion' | 'changes'>,
): PermissionSave => ({
  webTemplateNo: 1,
  ownerType: 'user',
  ownerId: 2,
  by: { userId: 1, userName: 'supervisor' },
  at: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('PermissionStore on PostgreSQL', () => {
  it('reads rows, owners and versions as SQLite', async () => {
    const same = sameAnswers(createSqlitePermissionStore(both.sqlite), createPgPermissionStore(both.pg));
    const all = await same((s) => s.listAll());
    expect('value' in all && all.value.length).toBeGreaterThan(0);
    const seeded = 'value' in all ? all.value : [];
    for (const row of seeded) {
      await same((s) => s.listOwnerRows(row.webTemplateNo, row.ownerType, row.ownerId));
      await same((s) => s.version(row.webTemplateNo, row.ownerType, row.ownerId));
    }
    await same((s) => s.listOwners());
    for (const [type, id] of [
      ['user', 1],
      ['user', 9102],
      ['user', 424242],
      ['profile', OPERATOR_PROFILE_ID],
      ['profile', 424242],
    ] as const) {
      await same((s) => s.findOwner(type, id));
    }
    await same((s) => s.history({ limit: 50 }));
  });

  it('saves changes, refuses a stale version and pages the history as SQLite', async () => {
    const same = sameAnswers(createSqlitePermissionStore(both.sqlite), createPgPermissionStore(both.pg));
    const version = async () => {
      const answer = await same((s) => s.version(1, 'user', 2));
      return 'value' in answer ? answer.value : -1;
    };
    const v0 = await version();
    const first = await same((s) =>
      s.save(
        save({
          expectedVersion: v0,
          changes: [
            { elementName: 'A', hidden: true, locked: false },
            { elementName: 'B', hidden: false, locked: true },
            { elementName: 'C', hidden: false, locked: false },
          ],
        }),
      ),
    );
    expect(first).toEqual({ value: { stale: false, changed: 2 } });
    expect(await same((s) => s.save(save({ expectedVersion: v0, changes: [] })))).toEqual({
      value: { stale: true },
    });
    const v1 = await version();
    await same((s) =>
      s.save(
        save({
          expectedVersion: v1,
          changes: [
            { elementName: 'A', hidden: false, locked: false },
            { elementName: 'B', hidden: true, locked: true },
          ],
        }),
      ),
    );
    await same((s) => s.listOwnerRows(1, 'user', 2));
    await same((s) => s.listAll());
    await same((s) =>
      s.save(
        save({
          ownerType: 'profile',
          ownerId: OPERATOR_PROFILE_ID,
          expectedVersion: 0,
          changes: [{ elementName: 'Z', hidden: true, locked: true }],
        }),
      ),
    );
    const history = await same((s) => s.history({ limit: 50 }));
    const ids = 'value' in history ? history.value.map((c) => c.id) : [];
    await same((s) => s.history({ webTemplateNo: 1, limit: 2 }));
    await same((s) => s.history({ webTemplateNo: 1, beforeId: ids[1], limit: 2 }));
    await same((s) => s.history({ beforeId: ids[0], limit: 10 }));
    await same((s) => s.history({ webTemplateNo: 424242, limit: 10 }));
  });

  it('answers as SQLite for any sequence of saves (fresh or stale)', async () => {
    let run = 0;
    const change = fc.record({
      elementName: fc.constantFrom('E1', 'E2', 'E3'),
      hidden: fc.boolean(),
      locked: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ changes: fc.array(change, { maxLength: 3 }), stale: fc.boolean() }), {
          maxLength: 6,
        }),
        async (saves) => {
          run += 1;
          const same = sameAnswers(
            createSqlitePermissionStore(both.sqlite),
            createPgPermissionStore(both.pg),
          );
          const webTemplateNo = 1000 + run;
          for (const s of saves) {
            const current = await same((store) =>
              store.version(webTemplateNo, 'profile', OPERATOR_PROFILE_ID),
            );
            const version = 'value' in current ? current.value : 0;
            await same((store) =>
              store.save(
                save({
                  webTemplateNo,
                  ownerType: 'profile',
                  ownerId: OPERATOR_PROFILE_ID,
                  expectedVersion: s.stale ? version + 1 : version,
                  changes: s.changes,
                }),
              ),
            );
            await same((store) => store.listOwnerRows(webTemplateNo, 'profile', OPERATOR_PROFILE_ID));
          }
          await same((store) => store.history({ webTemplateNo, limit: 20 }));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses the second of two concurrent saves from the same version as stale, as one after the other', async () => {
    const plain = createPgPermissionStore(both.pg);
    for (let round = 0; round < 4; round++) {
      // Both read the version before either writes: the overlap two servers can have.
      const store = createPgPermissionStore(overlapWrites(2)(both.pg));
      const webTemplateNo = 2000 + round;
      const results = await Promise.all(
        ['X', 'Y'].map((elementName) =>
          store.save(
            save({
              webTemplateNo,
              expectedVersion: 0,
              changes: [{ elementName, hidden: true, locked: false }],
            }),
          ),
        ),
      );
      expect(results).toEqual(expect.arrayContaining([{ stale: false, changed: 1 }, { stale: true }]));
      expect(await plain.listOwnerRows(webTemplateNo, 'user', 2)).toHaveLength(1);
    }
  });
});
