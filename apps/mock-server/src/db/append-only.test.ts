import path from 'node:path';
import { RecordSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../testing/harness';
import { openSqlite } from './sqlite';

let server: TestServer;
let supervisor: TestClient;

beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

function withDb<T>(work: (db: ReturnType<typeof openSqlite>) => T): T {
  const db = openSqlite(path.join(server.dataDir, 'demo.sqlite'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

describe('append-only history', () => {
  it('refuses INSERT OR REPLACE (and REPLACE) over a stored record version', async () => {
    const created = RecordSchema.parse(
      await (
        await supervisor.json('POST', 'api/v1/forms/102/records', {
          Values: { Name: 'Append Only Ltd', Country: 'Norway', Status: 'Approved' },
        })
      ).json(),
    );
    const stored = () =>
      withDb(
        (db) =>
          db
            .prepare(
              'SELECT values_json, updated_by FROM record_versions WHERE record_id = ? AND version = 1',
            )
            .get(created.Id) as { values_json: string; updated_by: string },
      );
    const before = stored();
    for (const verb of ['INSERT OR REPLACE', 'REPLACE']) {
      expect(() =>
        withDb((db) =>
          db
            .prepare(
              `${verb} INTO record_versions (record_id, version, entity, values_json, is_deleted, updated_by, updated_at_utc)
               VALUES (?, 1, 'supplier', '{"Name":"Forged"}', 0, 'mallory', '2020-01-01T00:00:00.000Z')`,
            )
            .run(created.Id),
        ),
      ).toThrow(/append-only/);
    }
    expect(stored()).toEqual(before);
    // The API still reads the original version.
    const read = RecordSchema.parse(
      await (await supervisor.fetch(`api/v1/forms/102/records/${created.Id}?version=1`)).json(),
    );
    expect(read.Values.Name).toBe('Append Only Ltd');
  });

  it('refuses INSERT OR REPLACE over a stored process event, and still appends new ones', async () => {
    const commands = (await (
      await supervisor.fetch('api/v1/user/system/user-processes/lookup/commands/creatable-as-process')
    ).json()) as { Id: number }[];
    const created = await supervisor.json(
      'POST',
      `api/v1/user/system/user-processes/command/create-process?originatingCommandId=${commands[0]!.Id}`,
      { Name: 'Append-only check' },
    );
    expect(created.status).toBe(201);
    withDb((db) => {
      const event = db.prepare('SELECT * FROM process_events ORDER BY id LIMIT 1').get() as
        | { id: number; process_id: number; kind: string }
        | undefined;
      expect(event).toBeDefined();
      expect(() =>
        db
          .prepare(
            `INSERT OR REPLACE INTO process_events (id, process_id, at_utc, by_user, kind)
             VALUES (?, ?, '2020-01-01T00:00:00.000Z', 'mallory', 'forged')`,
          )
          .run(event!.id, event!.process_id),
      ).toThrow(/append-only/);
      expect(
        (db.prepare('SELECT kind FROM process_events WHERE id = ?').get(event!.id) as { kind: string }).kind,
      ).toBe(event!.kind);
      const appended = db
        .prepare(
          `INSERT INTO process_events (process_id, at_utc, by_user, kind) VALUES (?, '2020-01-01T00:00:00.000Z', 'system', 'note')`,
        )
        .run(event!.process_id);
      expect(appended.changes).toBe(1);
    });
  });
});
