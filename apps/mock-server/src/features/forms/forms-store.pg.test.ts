import { describe, expect, it } from 'vitest';
import { useStoreParity } from '../../testing/store-parity';
import { createSqliteFormStore, type ElementPermissionRecord, type FormStore } from './forms-store';
import { createPgFormStore } from './forms-store.pg';

const parity = useStoreParity<FormStore>({
  sqlite: (db) => createSqliteFormStore(db),
  pg: (db) => createPgFormStore(db),
});
const { same } = parity;

describe('the form store on PostgreSQL', () => {
  it('reads definitions, settings and form access as SQLite does', async () => {
    expect(await same((s) => s.listDefinitions())).toHaveLength(4);
    expect(await same((s) => s.getDefinition(102))).toMatchObject({ webTemplateNo: 102, version: 1 });
    expect(await same((s) => s.getDefinition(999))).toBeNull();
    expect(Object.keys(await same((s) => s.getSettings()))).toContain('MaxUploadBytes');
    expect(await same((s) => s.listFormAccess(1))).toEqual([101, 102, 104, 111]);
    expect(await same((s) => s.listFormAccess(99))).toEqual([]);
  });

  it('lists the same permissions of a form for a user and the user’s profile, not another owner’s', async () => {
    const sql = `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
      VALUES (104, 'Zeta', 'user', 2, 1, 0), (104, 'Alpha', 'user', 2, 0, 1), (104, 'Mid', 'profile', 2, 1, 1),
             (104, 'Alpha', 'profile', 2, 0, 0), (104, 'Other', 'user', 1, 1, 1), (104, 'Else', 'profile', 1, 1, 0),
             (102, 'Elsewhere', 'user', 2, 1, 1)`;
    parity.both.sqlite.exec(sql);
    await parity.both.pg.run(sql);
    // SQLite lists them in insertion order, which PostgreSQL has no record of; the service orders
    // them itself (rowsInForce), so the parity is of the rows, in a fixed order.
    const sorted = (rows: ElementPermissionRecord[]) =>
      [...rows].sort((a, b) =>
        `${a.ownerType}/${a.elementName}` < `${b.ownerType}/${b.elementName}` ? -1 : 1,
      );
    const rows = await same(async (s) => sorted(await s.listPermissions(104, { userId: 2, profileId: 2 })));
    expect(rows.map((row) => `${row.ownerType}/${row.elementName}`)).toEqual([
      'profile/Alpha',
      'profile/Mid',
      'user/Alpha',
      'user/Zeta',
    ]);
    await same(async (s) => sorted(await s.listPermissions(102, { userId: 1, profileId: 1 })));
    expect(await same((s) => s.listPermissions(111, { userId: 2, profileId: 2 }))).toEqual([]);
  });

  it('keeps one remembered tab per user and form, the latest saved, as SQLite does', async () => {
    expect(await same((s) => s.getTabSelection(1, 102))).toBeNull();
    await same((s) =>
      s.saveTabSelection({
        userId: 1,
        webTemplateNo: 102,
        tabName: 'General',
        at: '2026-01-01T00:00:00.000Z',
      }),
    );
    await same((s) =>
      s.saveTabSelection({ userId: 1, webTemplateNo: 102, tabName: 'Audit', at: '2026-01-02T00:00:00.000Z' }),
    );
    await same((s) =>
      s.saveTabSelection({ userId: 2, webTemplateNo: 102, tabName: 'Other', at: '2026-01-02T00:00:00.000Z' }),
    );
    expect(await same((s) => s.getTabSelection(1, 102))).toBe('Audit');
    await parity.sameRows('SELECT * FROM tab_selections ORDER BY user_id, web_template_no');
  });
});
