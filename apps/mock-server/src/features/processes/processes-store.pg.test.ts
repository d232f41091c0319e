import { describe, expect, it } from 'vitest';
import { outcomeOf, useProcessStoreParity } from '../../testing/process-store-parity';
import type { ProcessOrderColumn, ProcessStore } from './processes-store';

// The PostgreSQL process store against the SQLite one on the same seeded data: every call gives
// the same answer on both (the same refusal, for a call refused).

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const parity = useProcessStoreParity('full', NOW);
const { same, processIds } = parity;
const outcome = outcomeOf;

/** Both engines' rows of a query (SQLite `?` placeholders; `$n` on PostgreSQL). */
async function sameRows(sqliteSql: string, pgSql: string, params: unknown[] = []) {
  const expected = parity.dbs.sqlite.prepare(sqliteSql).all(...params);
  const actual = await parity.dbs.pg.many(pgSql, params);
  expect(actual).toEqual(expected);
  return expected as Record<string, unknown>[];
}

/** Every read of one process on both engines (process, steps, each step, events, sub-processes, documents). */
async function sameProcess(view: (store: ProcessStore) => ProcessStore, id: number) {
  await same((s) => view(s).getProcess(id));
  const steps = await same((s) => view(s).listSteps(id));
  for (const step of steps) {
    await same((s) => view(s).getStep(step.id));
    await same((s) => view(s).getDocument(step.id));
  }
  await same((s) => view(s).listEvents(id, 3));
  await same((s) => view(s).listEvents(id, 100));
  await same((s) => view(s).listSubProcesses(id));
}

const ORDERS: ProcessOrderColumn[] = ['Id', 'Name', 'CommandName', 'State', 'CreatedAtUtc'];

/** The process list in every order, both directions, with owner and state filters and pages. */
async function sameLists(view: (store: ProcessStore) => ProcessStore) {
  for (const orderBy of ORDERS) {
    for (const descending of [false, true]) {
      for (const ownerUserId of [null, 1, 2]) {
        for (const state of [null, 'open', 'completed'] as const) {
          for (const [offset, limit] of [
            [0, 200],
            [3, 4],
            [10_000, 5],
          ] as const) {
            await same((s) =>
              view(s).listProcesses({ ownerUserId, state, orderBy, descending, offset, limit }),
            );
          }
        }
      }
    }
  }
}

const now = (store: ProcessStore) => store;
/** An instant `n` minutes into the test's day. */
const minute = (n: number) => new Date(Date.parse('2026-02-01T08:00:00.000Z') + n * 60_000).toISOString();

describe('the process store on PostgreSQL, against SQLite on the same seeded data', () => {
  it('reads the commands: the list, by id, by name and each published version', async () => {
    const commands = await same((s) => s.listCommands());
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      await same((s) => s.getCommand(command.id));
      await same((s) => s.getCommandByName(command.name));
      for (let version = 0; version <= command.version + 1; version++) {
        await same((s) => s.getCommandVersion(command.id, version));
      }
    }
    await same((s) => s.getCommand(999_999));
    await same((s) => s.getCommandByName('no such command'));
    await same((s) => s.getCommandByName(commands[0]!.name.toUpperCase()));
    await same((s) => s.getCommandVersion(999_999, 1));
    // The cache is dropped on a publish and read again: the same answers.
    parity.sqlite.commandsChanged();
    parity.pg.commandsChanged();
    await same((s) => s.listCommands());
  });

  it('creates processes with steps, runs, completes and links sub-processes, keeps documents and events: the same ids, rows and history', async () => {
    const commands = await parity.sqlite.listCommands();
    const names = [
      'alpha',
      'Beta',
      'beta',
      'Ärger',
      'zed',
      'Alpha 2',
      'ärger',
      'Zed',
      'gamma',
      'GAMMA',
      '_x',
      'b',
    ];
    for (const [i, name] of names.entries()) {
      const command = commands[i % commands.length]!;
      const createdAt = minute(i);
      await same((s) =>
        s.transaction(async (tx) => {
          const id = await tx.insertProcess({
            commandId: command.id,
            commandVersion: command.version,
            name,
            parentProcessId: null,
            parentStepId: null,
            parentUrl: null,
            ownerUserId: 1 + (i % 3),
            createdBy: `user${i % 3}`,
            createdAt,
            variablesJson: JSON.stringify([{ Name: 'n', Value: String(i) }]),
            propertyBag: i % 2 === 0 ? null : '{"bag":true}',
          });
          const steps = await tx.insertSteps(id, ['run', 'confirm', 'prompt'].slice(0, 1 + (i % 3)));
          await tx.updateStep(steps[0]!, { state: 'active', bumpRevision: true });
          await tx.updateProcess(id, { currentStepId: steps[0]! });
          await tx.appendEvent({
            processId: id,
            stepId: null,
            at: createdAt,
            by: 'u',
            kind: 'process-created',
            detail: null,
          });
          return { id, steps };
        }),
      );
    }
    const ids = await processIds();
    expect(ids).toHaveLength(names.length);
    // Progress: the first step completes and the next one becomes active; some processes complete.
    for (const [i, id] of ids.entries()) {
      if (i % 4 === 3) continue;
      const at = minute(20 + i);
      await same((s) =>
        s.transaction(async (tx) => {
          const [first, second] = await tx.listSteps(id);
          await tx.updateStep(first!.id, {
            state: 'completed',
            phase: 'done',
            answersJson: JSON.stringify({ confirm: true, prompt: `answer "${i}" ü` }),
            dataJson: '{"d":1}',
            lastRequestKey: 'run',
            lastResultJson: '{"ok":true}',
            completedAt: at,
            completedBy: 'u',
            bumpRevision: true,
          });
          if (second) await tx.updateStep(second.id, { state: 'active', bumpRevision: true });
          await tx.updateProcess(
            id,
            second
              ? { currentStepId: second.id }
              : { state: 'completed', completedAt: at, currentStepId: null },
          );
          await tx.appendEvent({
            processId: id,
            stepId: first!.id,
            at,
            by: 'u',
            kind: 'step-completed',
            detail: `step ${i}`,
          });
        }),
      );
    }
    // A sub-process of the first process's active step, linked both ways.
    const parent = ids[0]!;
    const child = await same((s) =>
      s.transaction(async (tx) => {
        const parentStep =
          (await tx.listSteps(parent)).find((step) => step.state === 'active') ??
          (await tx.listSteps(parent))[0]!;
        const id = await tx.insertProcess({
          commandId: commands[0]!.id,
          commandVersion: 1,
          name: 'child',
          parentProcessId: parent,
          parentStepId: parentStep.id,
          parentUrl: '/processes/1',
          ownerUserId: 1,
          createdBy: 'u',
          createdAt: minute(40),
          variablesJson: '[]',
          propertyBag: null,
        });
        await tx.insertSteps(id, ['run']);
        await tx.updateStep(parentStep.id, { subProcessId: id, phase: 'sub-process', bumpRevision: true });
        return id;
      }),
    );
    // A report document produced, then produced again (a new version); writes outside a transaction.
    const [documentStep] = await parity.sqlite.listSteps(ids[1]!);
    for (const [n, at] of [minute(41), minute(45)].entries()) {
      await same((s) =>
        s.saveDocument({ stepId: documentStep!.id, processId: ids[1]!, html: `<p>v${n}</p>`, at, by: 'u' }),
      );
    }
    await same((s) =>
      s.appendEvent({
        processId: child,
        stepId: null,
        at: minute(46),
        by: 'u',
        kind: 'note',
        detail: 'outside',
      }),
    );
    await same((s) => s.updateStep(documentStep!.id, { answersJson: '{"page":1}', bumpRevision: true }));
    await same((s) => s.updateProcess(child, { state: 'completed', completedAt: minute(47) }));
    // A transaction that writes no instant keeps its states as of now; a no-op keeps none.
    await same((s) => s.transaction((tx) => tx.updateProcess(ids[2]!, { currentStepId: null })));
    await same((s) => s.transaction((tx) => tx.updateProcess(ids[2]!, {})));
    await same((s) => s.updateStep(999_999, { state: 'active' }));

    for (const id of await processIds()) await sameProcess(now, id);
    await sameLists(now);
    await sameRows('SELECT * FROM processes ORDER BY id', 'SELECT * FROM processes ORDER BY id');
    await sameRows('SELECT * FROM process_steps ORDER BY id', 'SELECT * FROM process_steps ORDER BY id');
    await sameRows('SELECT * FROM process_events ORDER BY id', 'SELECT * FROM process_events ORDER BY id');
    await sameRows(
      'SELECT * FROM process_documents ORDER BY step_id',
      'SELECT * FROM process_documents ORDER BY step_id',
    );
    await sameRows(
      'SELECT * FROM process_document_versions ORDER BY id',
      'SELECT * FROM process_document_versions ORDER BY id',
    );
    // The kept states: the same rows, their steps the same JSON values (text spacing is the engine's).
    const kept =
      'SELECT id, process_id, at_utc, state, current_step_id, completed_at_utc, steps_json FROM process_states ORDER BY id';
    const parsed = (rows: Record<string, unknown>[]) =>
      rows.map((row) => ({ ...row, steps_json: JSON.parse(String(row.steps_json)) }));
    expect(parsed(await parity.dbs.pg.many(kept))).toEqual(
      parsed(parity.dbs.sqlite.prepare(kept).all() as Record<string, unknown>[]),
    );
    expect(
      (parity.dbs.sqlite.prepare('SELECT count(*) AS n FROM process_states').get() as { n: number }).n,
    ).toBeGreaterThan(names.length * 2);
  });

  it('shows the processes as they were at several instants (time travel), and refuses writes there', async () => {
    const instants = [
      '2025-01-01T00:00:00.000Z',
      minute(0),
      `${minute(0).slice(0, -1)}1Z`,
      minute(5),
      minute(11),
      minute(21),
      minute(25),
      minute(40),
      minute(42),
      minute(45),
      minute(47),
      new Date(NOW).toISOString(),
      '2030-01-01T00:00:00.000Z',
    ];
    const ids = await processIds();
    for (const atIso of instants) {
      const view = (store: ProcessStore) => store.at(atIso);
      for (const id of ids) await sameProcess(view, id);
      await same((s) => s.at(atIso).getProcess(999_999));
      await same((s) => s.at(atIso).getStep(999_999));
      for (const orderBy of ORDERS) {
        for (const descending of [false, true]) {
          for (const state of [null, 'open', 'completed'] as const) {
            await same((s) =>
              s
                .at(atIso)
                .listProcesses({ ownerUserId: null, state, orderBy, descending, offset: 0, limit: 50 }),
            );
          }
        }
        await same((s) =>
          s
            .at(atIso)
            .listProcesses({ ownerUserId: 2, state: null, orderBy, descending: false, offset: 1, limit: 2 }),
        );
      }
      await same((s) => s.at(atIso).listCommands());
    }
    const at = (store: ProcessStore) => store.at(minute(30));
    expect(await outcome(() => at(parity.pg).updateProcess(ids[0]!, { state: 'completed' }))).toEqual(
      await outcome(() => at(parity.sqlite).updateProcess(ids[0]!, { state: 'completed' })),
    );
    expect(await outcome(() => at(parity.pg).transaction(async () => 1))).toEqual({
      refused: 'a process view at a timepoint is read-only',
    });
    expect(await outcome(() => at(parity.sqlite).transaction(async () => 1))).toEqual({
      refused: 'a process view at a timepoint is read-only',
    });
  });

  it('reads an unknown process, step and document as SQLite does', async () => {
    await same((s) => s.getProcess(999_999));
    await same((s) => s.getStep(999_999));
    await same((s) => s.listSteps(999_999));
    await same((s) => s.getDocument(999_999));
  });

  it('lists the processes in every order column, both directions, by owner and state, page by page', async () => {
    await sameLists(now);
  });
});
