import { describe, expect, it } from 'vitest';
import { useStoreParity } from '../../testing/store-parity';
import {
  createSqliteNavigationVersionStore,
  type NavigationVersionStore,
  type PublishNavigationInput,
} from './navigation-versions-store';
import { createPgNavigationVersionStore } from './navigation-versions-store.pg';

const parity = useStoreParity<NavigationVersionStore>({
  sqlite: (db) => createSqliteNavigationVersionStore(db),
  pg: (db) => createPgNavigationVersionStore(db),
});
const { same } = parity;

/** Sets are compared by their members. */
const sorted = (ids: Set<number>) => [...ids].sort((a, b) => a - b);

/** Both engines' `navigation_nodes` of a profile are equal. */
const sameNodes = (profileId: number) =>
  parity.sameRows('SELECT * FROM navigation_nodes WHERE profile_id = $1 ORDER BY id', [profileId]);

const input = (overrides: Partial<PublishNavigationInput> = {}): PublishNavigationInput => ({
  key: 2,
  baseVersion: 1,
  nodes: [
    { id: null, parent: null, position: 0, title: 'Top', url: null, description: 'new' },
    { id: null, parent: 0, position: 0, title: 'Child', url: '/forms/102', description: null },
  ],
  publishedAt: '2026-06-01T00:00:00.000Z',
  publishedBy: 'supervisor',
  changeNote: 'note',
  ...overrides,
});

describe('the navigation version store on PostgreSQL', () => {
  it('reads the seeded versions, node ids, targets and the version in force as SQLite does', async () => {
    expect(await same((s) => s.listCurrent())).toHaveLength(2);
    await same((s) => s.list(1));
    await same((s) => s.get(1, 1));
    expect(await same((s) => s.get(1, 5))).toBeNull();
    await same((s) => s.latest(2));
    expect(await same((s) => s.latest(99))).toBeNull();
    expect(sorted(await parity.pg.knownIds(1))).toEqual(sorted(await parity.sqlite.knownIds(1)));
    expect((await parity.pg.knownIds(1)).size).toBeGreaterThan(3);
    await same((s) => s.inForceAt(1, '1969-12-31T23:59:59.999Z'));
    await same((s) => s.inForceAt(1, '2026-01-01T00:00:00.000Z'));
    expect(
      await same((s) => s.unknownTargets({ forms: [102, 555, 101], commands: [1, 77], dashboards: [1, 2] })),
    ).toEqual({ forms: [555], commands: [77], dashboards: [2] });
    await same((s) => s.unknownTargets({ forms: [], commands: [], dashboards: [] }));
  });

  it('publishes as SQLite does: new nodes get ids never used, kept ones keep theirs, dropped ones go; refusals; a revert', async () => {
    expect(await same((s) => s.publish(input({ key: 99 })))).toEqual({ ok: false, reason: 'missing' });
    expect(await same((s) => s.publish(input({ baseVersion: 3 })))).toEqual({
      ok: false,
      reason: 'stale',
      currentVersion: 1,
    });
    const first = await same((s) => s.publish(input()));
    await sameNodes(2);
    if (!first.ok) throw new Error('not published');
    const [top] = first.records;
    await same((s) =>
      s.publish(
        input({
          baseVersion: 2,
          publishedAt: '2026-05-01T00:00:00.000Z',
          nodes: [{ id: top!.id, parent: null, position: 1, title: 'Renamed', url: null, description: null }],
        }),
      ),
    );
    await sameNodes(2);
    // The seeded version 1 again: its nodes come back under their old ids.
    const seeded = JSON.parse((await parity.sqlite.get(2, 1))!.json) as {
      id: number;
      parentId: number | null;
    }[];
    const index = new Map(seeded.map((node, i) => [node.id, i]));
    await same((s) =>
      s.publish(
        input({
          baseVersion: 3,
          nodes: seeded.map((node) => ({
            ...(node as unknown as PublishNavigationInput['nodes'][number]),
            id: node.id,
            parent: node.parentId === null ? null : index.get(node.parentId)!,
          })),
        }),
      ),
    );
    await sameNodes(2);
    await same((s) => s.list(2));
    await same((s) => s.listCurrent());
    expect(sorted(await parity.pg.knownIds(2))).toEqual(sorted(await parity.sqlite.knownIds(2)));
    for (const at of ['2026-05-31T00:00:00.000Z', '2026-06-01T00:00:00.001Z', '2031-01-01T00:00:00.000Z']) {
      await same((s) => s.inForceAt(2, at));
    }
  });

  it('starts a profile added later at its nodes as version 1, stored as the same JSON text as SQLite stores', async () => {
    const sql = [
      "INSERT INTO profiles (id, name) VALUES (7, 'Auditors')",
      `INSERT INTO navigation_nodes (id, profile_id, parent_id, position, title, url, description)
       VALUES (500, 7, NULL, 0, 'Audits "ä"', NULL, 'd'), (501, 7, 500, 0, 'Open', '/forms/101', NULL)`,
    ];
    for (const statement of sql) {
      parity.both.sqlite.exec(statement);
      await parity.both.pg.run(statement);
    }
    const result = await same((s) => s.publish(input({ key: 7, nodes: [] })));
    expect(result).toMatchObject({ ok: true, version: { version: 2 } });
    expect(await same((s) => s.get(7, 1))).toMatchObject({ changeNote: 'Seeded navigation' });
    await sameNodes(7);
  });

  it('gives one success and one conflict to two concurrent publishes on the same base', async () => {
    for (let round = 0; round < 3; round++) {
      const base = (await parity.pg.latest(1))!.version;
      const results = await Promise.all([
        parity.pg.publish(input({ key: 1, baseVersion: base })),
        parity.pg.publish(input({ key: 1, baseVersion: base })),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([
        { ok: false, reason: 'stale', currentVersion: base + 1 },
      ]);
    }
    // The losers stored no nodes: the profile's nodes are the last winner's two.
    expect(
      await parity.both.pg.one('SELECT count(*) AS n FROM navigation_nodes WHERE profile_id = 1'),
    ).toEqual({
      n: 2,
    });
  });
});
