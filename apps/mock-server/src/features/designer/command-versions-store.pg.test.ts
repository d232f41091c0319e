import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import {
  type CommandVersionStore,
  createSqliteCommandVersionStore,
  type PublishCommandInput,
} from './command-versions-store';
import { createPgCommandVersionStore } from './command-versions-store.pg';

let both: ParityDatabases;
let sqlite: CommandVersionStore;
let pg: CommandVersionStore;
beforeAll(async () => {
  both = await openParityDatabases();
  sqlite = createSqliteCommandVersionStore(both.sqlite);
  pg = createPgCommandVersionStore(both.pg);
});
afterAll(() => both?.close());

async function same<T>(call: (store: CommandVersionStore) => Promise<T>): Promise<T> {
  const fromSqlite = await call(sqlite);
  const fromPg = await call(pg);
  expect(fromPg).toEqual(fromSqlite);
  return fromPg;
}

/** The command's current rows (what a new process starts from), equal on both engines. */
async function sameCurrentRows(id: number) {
  const command = 'SELECT * FROM process_commands WHERE id = $1';
  const steps = 'SELECT * FROM process_command_steps WHERE command_id = $1 ORDER BY position';
  const ask = (sql: string) => both.sqlite.prepare(sql.replace('$1', '?')).all(id);
  expect(await both.pg.many(command, [id])).toEqual(ask(command));
  expect(await both.pg.many(steps, [id])).toEqual(ask(steps));
}

const input = (overrides: Partial<PublishCommandInput> = {}): PublishCommandInput => ({
  key: 2,
  baseVersion: 1,
  json: '{"v":2}',
  command: { description: 'new', openFlow: true, start: false, askName: true },
  steps: ['{"a":1}', '{"b":2}'],
  publishedAt: '2026-06-01T00:00:00.000Z',
  publishedBy: 'supervisor',
  changeNote: 'note',
  ...overrides,
});

describe('the process command version store on PostgreSQL', () => {
  it('reads the seeded versions and names as SQLite does', async () => {
    expect(await same((s) => s.listCurrent())).toHaveLength(5);
    await same((s) => s.list(2));
    await same((s) => s.list(99));
    await same((s) => s.get(2, 1));
    expect(await same((s) => s.get(2, 7))).toBeNull();
    await same((s) => s.latest(3));
    expect(await same((s) => s.latest(99))).toBeNull();
    expect(await same((s) => s.unknownCommands(['CAPA', 'Nope', 'capa', 'Batch release']))).toEqual([
      'Nope',
      'capa',
    ]);
    expect(await same((s) => s.unknownCommands([]))).toEqual([]);
  });

  it('publishes (the command row and its ordered steps become the version), refuses missing and stale, as SQLite does', async () => {
    expect(await same((s) => s.publish(input({ key: 99 })))).toEqual({ ok: false, reason: 'missing' });
    const base = (await sqlite.latest(2))!.version;
    expect(await same((s) => s.publish(input({ baseVersion: base })))).toMatchObject({ ok: true });
    await sameCurrentRows(2);
    expect(await same((s) => s.publish(input({ baseVersion: base })))).toEqual({
      ok: false,
      reason: 'stale',
      currentVersion: base + 1,
    });
    await same((s) =>
      s.publish(
        input({
          baseVersion: base + 1,
          steps: ['{"only":1}'],
          command: { description: '', openFlow: false, start: true, askName: false },
          publishedAt: '2020-01-01T00:00:00.000Z',
        }),
      ),
    );
    await sameCurrentRows(2);
    await same((s) => s.list(2));
    await same((s) => s.listCurrent());
  });

  it('gives one success and one conflict to two concurrent publishes on the same base; the steps are the winner’s', async () => {
    for (let round = 0; round < 3; round++) {
      const base = (await pg.latest(4))!.version;
      const results = await Promise.all([
        pg.publish(input({ key: 4, baseVersion: base, steps: ['{"a":1}', '{"a":2}'] })),
        pg.publish(input({ key: 4, baseVersion: base, steps: ['{"b":1}'] })),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([
        { ok: false, reason: 'stale', currentVersion: base + 1 },
      ]);
      const winner = results[0]!.ok ? ['{"a":1}', '{"a":2}'] : ['{"b":1}'];
      const steps = await both.pg.many<{ definition_json: string }>(
        'SELECT definition_json FROM process_command_steps WHERE command_id = 4 ORDER BY position',
      );
      expect(steps.map((s) => s.definition_json)).toEqual(winner);
    }
  });
});
