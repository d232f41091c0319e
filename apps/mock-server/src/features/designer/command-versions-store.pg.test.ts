import { describe, expect, it } from 'vitest';
import { useStoreParity } from '../../testing/store-parity';
import {
  type CommandVersionStore,
  createSqliteCommandVersionStore,
  type PublishCommandInput,
} from './command-versions-store';
import { createPgCommandVersionStore } from './command-versions-store.pg';

const parity = useStoreParity<CommandVersionStore>({
  sqlite: (db) => createSqliteCommandVersionStore(db),
  pg: (db) => createPgCommandVersionStore(db),
});
const { same } = parity;

/** The command's current rows (what a new process starts from), equal on both engines. */
async function sameCurrentRows(id: number) {
  await parity.sameRows('SELECT * FROM process_commands WHERE id = $1', [id]);
  await parity.sameRows('SELECT * FROM process_command_steps WHERE command_id = $1 ORDER BY position', [id]);
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
    const base = (await parity.sqlite.latest(2))!.version;
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
      const base = (await parity.pg.latest(4))!.version;
      const results = await Promise.all([
        parity.pg.publish(input({ key: 4, baseVersion: base, steps: ['{"a":1}', '{"a":2}'] })),
        parity.pg.publish(input({ key: 4, baseVersion: base, steps: ['{"b":1}'] })),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([
        { ok: false, reason: 'stale', currentVersion: base + 1 },
      ]);
      const winner = results[0]!.ok ? ['{"a":1}', '{"a":2}'] : ['{"b":1}'];
      const steps = await parity.both.pg.many<{ definition_json: string }>(
        'SELECT definition_json FROM process_command_steps WHERE command_id = 4 ORDER BY position',
      );
      expect(steps.map((s) => s.definition_json)).toEqual(winner);
    }
  });
});
