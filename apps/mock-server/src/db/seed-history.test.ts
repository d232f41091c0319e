import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RecordSchema, SearchResultSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../testing/harness';
import { MIGRATIONS } from './migrations';
import { migrate, openSqlite } from './sqlite';

let server: TestServer;
let supervisor: TestClient;
beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

const DAY = 86_400_000;

describe('the seeded past', () => {
  it('gives the demo records a history over past months, signed changes among them, and an intact trail', async () => {
    const search = SearchResultSchema.parse(
      await (await supervisor.fetch('api/v1/forms/103/search?text=')).json(),
    );
    expect(search.Total).toBeGreaterThan(0);
    const deviations = (await (await supervisor.fetch('api/v1/forms/103/search?text=DEV-0001')).json()) as {
      Rows: { Id: number }[];
    };
    const id = deviations.Rows[0]!.Id;
    const trail = (await (await supervisor.fetch(`api/v1/forms/103/records/${id}/audit`)).json()) as {
      Items: { Kind: string; Signature: string | null; AtUtc: string }[];
    };
    expect(trail.Items.map((e) => e.Kind)).toEqual([
      'create',
      'update',
      'sign',
      'update',
      'sign',
      'update',
      'sign',
    ]);
    expect(trail.Items.filter((e) => e.Kind === 'sign').every((e) => e.Signature === 'Sam Supervisor')).toBe(
      true,
    );
    expect(Date.parse(trail.Items[0]!.AtUtc)).toBeLessThan(server.clock.now() - 150 * DAY);
    const verify = await (await supervisor.fetch(`api/v1/forms/103/records/${id}/audit/verify`)).json();
    expect(verify).toMatchObject({ Intact: true, FirstBadSeq: null });
    // 120 days ago it was under investigation, without a root cause yet.
    const then = RecordSchema.parse(
      await (
        await supervisor.fetch(
          `api/v1/forms/103/records/${id}?Timepoint=${new Date(server.clock.now() - 120 * DAY).toISOString()}`,
        )
      ).json(),
    );
    expect(then.Values).toMatchObject({ Status: 'Investigating' });
    expect(then.Values.RootCause ?? '').toBe('');
    const now = RecordSchema.parse(await (await supervisor.fetch(`api/v1/forms/103/records/${id}`)).json());
    expect(now.Values).toMatchObject({ Status: 'Closed', RootCause: 'Sensor drift in cold room 2.' });
  });
});

describe('migration 7', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'procedo-migration-7-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the versions stored before it their periods, so time travel reads them', () => {
    const db = openSqlite(path.join(dir, 'six.sqlite'));
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 6),
    );
    db.exec(
      `INSERT INTO records (record_id, entity, current_version, title, search_key) VALUES (1, 'supplier', 2, 'Beta', 'beta')`,
    );
    db.exec(`INSERT INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
      VALUES (1, 1, 'supplier', '{"Name":"Alpha"}', 0, 'u', '2026-01-01T00:00:00.000Z'),
             (1, 2, 'supplier', '{"Name":"Beta"}', 0, 'u', '2026-02-01T00:00:00.000Z')`);
    migrate(db, MIGRATIONS);
    expect(
      db.prepare('SELECT version, valid_from, valid_to, title FROM record_periods ORDER BY version').all(),
    ).toEqual([
      {
        version: 1,
        valid_from: '2026-01-01T00:00:00.000Z',
        valid_to: '2026-02-01T00:00:00.000Z',
        title: 'Alpha',
      },
      {
        version: 2,
        valid_from: '2026-02-01T00:00:00.000Z',
        valid_to: '9999-12-31T23:59:59.999Z',
        title: 'Beta',
      },
    ]);
    db.close();
  });
});
