import { ApiErrorBodySchema, type Process, ProcessSchema, StepResultSchema } from '@procedo/client-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';

const BASE = 'api/v1/user/system/user-processes';

let server: TestServer;
let supervisor: TestClient;

beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

type Operation =
  | { kind: 'advance'; yes: boolean; text: string }
  | { kind: 'reset-process' }
  | { kind: 'reset-step'; position: number; chain: boolean };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      yes: fc.boolean(),
      text: fc.string({ minLength: 1, maxLength: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reset-process' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reset-step' as const),
      position: fc.integer({ min: 0, max: 2 }),
      chain: fc.boolean(),
    }),
  },
);
// The same millisecond, a millisecond, or up to 15 minutes apart (the session's idle timeout is 20).
const gap = fc.oneof(fc.constant(0), fc.constant(1), fc.integer({ min: 2, max: 15 * 60_000 }));

const post = (path: string, body: unknown) => supervisor.json('POST', `${BASE}/${path}`, body);
const current = async (id: number) =>
  ProcessSchema.parse(await (await supervisor.fetch(`${BASE}/process/${id}`)).json());

/** Runs the active step as far as it goes: every question it asks answered. */
async function advance(process: Process, op: Extract<Operation, { kind: 'advance' }>) {
  if (process.CurrentStepId === null) return;
  const stepId = process.CurrentStepId;
  const runStep = async (body: unknown) => {
    const res = await post(`steps/${stepId}/action/run`, body);
    return res.ok ? StepResultSchema.parse(await res.json()) : null;
  };
  let result = await runStep(null);
  for (let i = 0; i < 4 && result && !result.CancelProceed; i++) {
    if (result.PromptRequired && !result.Prompted) {
      result = await runStep({ ...result, Prompted: true, PromptResult: op.text.trim() || 'x' });
    } else if (result.CompletionConfirmRequired && !result.CompletionConfirmed) {
      result = await runStep({ ...result, CompletionConfirmed: true, CompletionConfirmResult: op.yes });
    } else break;
  }
}

describe('a process at a timepoint, for any history', () => {
  it('reads at every instant what the current read answered then (the last change at or before it counts)', async () => {
    const capaId = (
      (await (await supervisor.fetch(`${BASE}/lookup/commands/creatable-as-process`)).json()) as {
        Id: number;
        Name: string;
      }[]
    ).find((c) => c.Name === 'CAPA')!.Id;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(gap, operation), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        async (steps, pick) => {
          server.clock.advance(1000);
          // A new session each case: the clock runs past the session's longest life across cases.
          await supervisor.logon('supervisor');
          const created = ProcessSchema.parse(
            await (await post(`command/create-process?originatingCommandId=${capaId}&mode=1`, {})).json(),
          );
          // The model: what the current read answered after each change, with the clock then.
          const model: { at: number; process: Process }[] = [
            { at: server.clock.now(), process: await current(created.Id) },
          ];
          for (const [ms, op] of steps) {
            server.clock.advance(ms);
            const process = model.at(-1)!.process;
            if (op.kind === 'advance') await advance(process, op);
            else if (op.kind === 'reset-process') await post(`process/${created.Id}/reset/hard`, null);
            else {
              const stepId = process.AllSteps[op.position]!.Id;
              await post(`steps/${stepId}/${op.chain ? 'chain/' : ''}reset/hard`, null);
            }
            model.push({ at: server.clock.now(), process: await current(created.Id) });
          }
          server.clock.advance(1);
          const first = model[0]!.at;
          const last = model.at(-1)!.at;
          const instants = [
            ...model.flatMap((entry) => [entry.at, entry.at - 1]),
            first + (pick % Math.max(1, last - first + 1)),
          ];
          for (const t of instants) {
            const res = await supervisor.fetch(
              `${BASE}/process/${created.Id}?Timepoint=${new Date(t).toISOString()}`,
            );
            const expected = model.filter((entry) => entry.at <= t).at(-1);
            if (!expected) {
              expect(res.status).toBe(404);
              expect(ApiErrorBodySchema.parse(await res.json()).Code).toBe('NOT_FOUND_AT_TIMEPOINT');
              continue;
            }
            expect(res.status).toBe(200);
            expect(ProcessSchema.parse(await res.json()), new Date(t).toISOString()).toEqual(
              expected.process,
            );
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
