import fc from 'fast-check';
import { beforeAll, it } from 'vitest';
import { useProcessStoreParity } from '../../testing/process-store-parity';
import type { ProcessOrderColumn, ProcessStore, StepChange } from './processes-store';

// For any sequence of process store calls, the PostgreSQL store answers as the SQLite one does:
// the same ids, reads, process lists (any order, filter and page) and views at any instant.

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const parity = useProcessStoreParity('small', NOW);
const { sameOutcome, processIds } = parity;
let commandIds: number[] = [];

beforeAll(async () => {
  commandIds = (await parity.sqlite.listCommands()).map((command) => command.id);
});

/** The same outcome on both engines; the value on success. */
const same = async <T>(call: (store: ProcessStore) => Promise<T>) => {
  const outcome = await sameOutcome(call);
  return 'value' in outcome ? outcome.value : undefined;
};

const minute = (n: number) => new Date(Date.parse('2026-02-01T08:00:00.000Z') + n * 60_000).toISOString();

const name = fc.constantFrom('alpha', 'Alpha', 'beta', 'Ärger', 'ärger', 'zed', 'Zed', '_', 'a b');
const pick = fc.nat({ max: 1000 });
const stepChange: fc.Arbitrary<StepChange> = fc.record(
  {
    state: fc.constantFrom('waiting', 'active', 'completed', 'skipped'),
    phase: fc.constantFrom('run', 'confirm', 'prompt', 'done'),
    answersJson: fc.constantFrom('{}', '{"confirm":true}', '{"prompt":"x \\" ü"}'),
    dataJson: fc.constantFrom(null, '{"d":1}'),
    lastRequestKey: fc.constantFrom(null, 'run', 'prompt-action:x'),
    lastResultJson: fc.constantFrom(null, '{"ok":true}'),
    completedAt: fc.option(fc.nat({ max: 300 }).map(minute)),
    completedBy: fc.constantFrom(null, 'u', 'v'),
    bumpRevision: fc.boolean(),
  },
  { requiredKeys: [] },
);
const order = fc.record({
  orderBy: fc.constantFrom<ProcessOrderColumn>('Id', 'Name', 'CommandName', 'State', 'CreatedAtUtc'),
  descending: fc.boolean(),
  ownerUserId: fc.constantFrom(null, 1, 2, 3),
  state: fc.constantFrom(null, 'open' as const, 'completed' as const),
  offset: fc.nat({ max: 6 }),
  limit: fc.integer({ min: 1, max: 8 }),
});

const operation = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    command: pick,
    name,
    owner: fc.integer({ min: 1, max: 3 }),
    at: fc.nat({ max: 300 }),
    steps: fc.nat({ max: 3 }),
    parent: fc.option(pick),
  }),
  fc.record({
    kind: fc.constant('step' as const),
    process: pick,
    step: pick,
    change: stepChange,
    inTransaction: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('process' as const),
    process: pick,
    state: fc.option(fc.constantFrom('open' as const, 'completed' as const), { nil: undefined }),
    current: fc.option(pick, { nil: undefined }),
    completedAt: fc.option(fc.option(fc.nat({ max: 300 }).map(minute)), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('event' as const),
    process: pick,
    at: fc.nat({ max: 300 }),
    text: fc.string({ maxLength: 8 }),
  }),
  fc.record({
    kind: fc.constant('document' as const),
    process: pick,
    step: pick,
    at: fc.nat({ max: 300 }),
    html: fc.string({ maxLength: 8 }),
  }),
  fc.record({ kind: fc.constant('list' as const), order }),
  fc.record({ kind: fc.constant('at' as const), at: fc.nat({ max: 320 }), order, process: pick }),
);

it('answers every sequence of calls as the SQLite store does', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
      for (const op of operations) {
        const ids = await processIds();
        const processOf = (n: number) => ids[n % Math.max(ids.length, 1)] ?? 999_999;
        const stepOf = async (processId: number, n: number) => {
          const steps = await parity.sqlite.listSteps(processId);
          return steps[n % Math.max(steps.length, 1)]?.id ?? 999_999;
        };
        switch (op.kind) {
          case 'create': {
            const parent = op.parent === null ? null : processOf(op.parent);
            await same((s) =>
              s.transaction(async (tx) => {
                const id = await tx.insertProcess({
                  commandId: commandIds[op.command % commandIds.length]!,
                  commandVersion: 1,
                  name: op.name,
                  parentProcessId: ids.length > 0 ? parent : null,
                  parentStepId: null,
                  parentUrl: null,
                  ownerUserId: op.owner,
                  createdBy: 'u',
                  createdAt: minute(op.at),
                  variablesJson: '[]',
                  propertyBag: null,
                });
                return {
                  id,
                  steps: await tx.insertSteps(
                    id,
                    Array.from({ length: op.steps }, () => 'run'),
                  ),
                };
              }),
            );
            break;
          }
          case 'step': {
            const stepId = await stepOf(processOf(op.process), op.step);
            await same((s) =>
              op.inTransaction
                ? s.transaction((tx) => tx.updateStep(stepId, op.change))
                : s.updateStep(stepId, op.change),
            );
            break;
          }
          case 'process': {
            const processId = processOf(op.process);
            const current = op.current === undefined ? undefined : await stepOf(processId, op.current);
            const change = { state: op.state, currentStepId: current, completedAt: op.completedAt };
            await same((s) => s.transaction((tx) => tx.updateProcess(processId, change)));
            break;
          }
          case 'event': {
            const processId = processOf(op.process);
            if (processId === 999_999) break;
            await same((s) =>
              s.appendEvent({
                processId,
                stepId: null,
                at: minute(op.at),
                by: 'u',
                kind: 'note',
                detail: op.text,
              }),
            );
            break;
          }
          case 'document': {
            const processId = processOf(op.process);
            const stepId = await stepOf(processId, op.step);
            if (stepId === 999_999) break;
            await same((s) =>
              s.saveDocument({ stepId, processId, html: op.html, at: minute(op.at), by: 'u' }),
            );
            break;
          }
          case 'list':
            await same((s) => s.listProcesses(op.order));
            break;
          case 'at': {
            const view = (s: ProcessStore) => s.at(minute(op.at));
            const processId = processOf(op.process);
            await same((s) => view(s).listProcesses(op.order));
            await same((s) => view(s).getProcess(processId));
            const steps = await same((s) => view(s).listSteps(processId));
            for (const step of steps ?? []) await same((s) => view(s).getDocument(step.id));
            await same((s) => view(s).listEvents(processId, 5));
            await same((s) => view(s).listSubProcesses(processId));
            break;
          }
        }
      }
      for (const id of await processIds()) {
        await same((s) => s.getProcess(id));
        await same((s) => s.listSteps(id));
        await same((s) => s.listEvents(id, 10));
      }
    }),
    { numRuns: 30 },
  );
}, 120_000);
