import { describe, expect, it } from 'vitest';
import { outcome as outcomeOf, useStoreParity } from '../../testing/store-parity';
import {
  createSqliteFilterAdminStore,
  type FilterAdminChange,
  type FilterAdminStore,
} from './filter-admin-store';
import { createPgFilterAdminStore } from './filter-admin-store.pg';
import { DuplicateFilterNameError } from './filters-store';

const parity = useStoreParity<FilterAdminStore>({
  sqlite: (db) => createSqliteFilterAdminStore(db),
  pg: (db) => createPgFilterAdminStore(db),
});
const { same } = parity;

/** A call's answer, or its DuplicateFilterNameError. */
const outcome = <T>(work: Promise<T>) => outcomeOf(work, [DuplicateFilterNameError]);

const change = (id: number, expectedVersion: number, what: FilterAdminChange, webTemplateNo = 101) => ({
  id,
  webTemplateNo,
  expectedVersion,
  change: what,
  by: 'supervisor',
  at: '2026-02-01T00:00:00.000Z',
});

describe('the filter manager store on PostgreSQL', () => {
  it('lists, changes (rename, share, unshare, delete), refuses and keeps the trail as SQLite does', async () => {
    const insert = `INSERT INTO saved_filters (id, web_template_no, owner_user_id, is_shared, name, filter_json,
        created_by, created_at_utc, updated_by, updated_at_utc) VALUES
      (1, 101, 1, 0, 'beta', '{}', 'a', 't', 'a', 't'), (2, 101, 2, 1, 'Beta', '{}', 'a', 't', 'a', 't'),
      (3, 101, 2, 0, 'alpha', '{}', 'a', 't', 'a', 't'), (4, 101, 1, 1, 'beta2', '{}', 'a', 't', 'a', 't'),
      (5, 111, 3, 0, 'Ärger', '{}', 'a', 't', 'a', 't'), (6, 111, 1, 0, 'zed', '{}', 'a', 't', 'a', 't'),
      (7, 101, 3, 0, 'beta', '{}', 'a', 't', 'a', 't')`;
    parity.both.sqlite.exec(insert);
    await parity.both.pg.run(insert);
    expect((await same((s) => s.listAll(101))).map((f) => f.id)).toEqual([3, 2, 1, 7, 4]);
    await same((s) => s.listAll(102));
    await same((s) => s.listOfForms([111, 101, 104]));
    await same((s) => s.listOfForms([]));

    expect(await same((s) => outcome(s.change(change(99, 1, { kind: 'share' }))))).toEqual({
      value: { ok: false, reason: 'missing' },
    });
    expect(await same((s) => outcome(s.change(change(5, 1, { kind: 'share' }))))).toEqual({
      value: { ok: false, reason: 'missing' },
    });
    expect(await same((s) => outcome(s.change(change(1, 2, { kind: 'share' }))))).toEqual({
      value: { ok: false, reason: 'stale', currentVersion: 1 },
    });
    expect(await same((s) => outcome(s.change(change(1, 1, { kind: 'rename', name: 'beta2' }))))).toEqual({
      refused: 'DuplicateFilterNameError: beta2',
    });
    await same((s) => outcome(s.change(change(1, 1, { kind: 'rename', name: 'gamma' }))));
    await same((s) => outcome(s.change(change(1, 2, { kind: 'share' }))));
    await same((s) => outcome(s.change(change(2, 1, { kind: 'unshare' }))));
    await same((s) => outcome(s.change(change(3, 1, { kind: 'delete' }))));
    await same((s) => outcome(s.change(change(6, 1, { kind: 'delete' }, 111))));
    expect(await same((s) => s.changes(101, 10))).toHaveLength(4);
    expect(await same((s) => s.changes(101, 2))).toHaveLength(2);
    await same((s) => s.changes(111, 10));
    await same((s) => s.listAll(101));
    await parity.sameRows('SELECT * FROM saved_filters ORDER BY id');
    await parity.sameRows('SELECT * FROM saved_filter_changes ORDER BY id');
  });

  it('gives one success and one stale to two concurrent changes of the same version, with one trail entry', async () => {
    const store = parity.pg;
    const before = (await store.listAll(101)).find((f) => f.id === 4)!;
    const results = await Promise.all([
      store.change(change(4, before.version, { kind: 'rename', name: 'First' })),
      store.change(change(4, before.version, { kind: 'unshare' })),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, reason: 'stale', currentVersion: before.version + 1 },
    ]);
    const trail = await parity.both.pg.many('SELECT * FROM saved_filter_changes WHERE filter_id = 4');
    expect(trail).toHaveLength(1);
  });
});
