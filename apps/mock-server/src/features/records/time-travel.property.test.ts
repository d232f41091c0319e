import { RecordSchema, SearchResultSchema } from '@procedo/client-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';

// Model-based: random sequences of create, update and delete at random instants (a change at
// exactly T counts as done at T), then every as-of read at every instant, its neighbours and
// between them must equal a plain in-memory model of the records at that instant.

let server: TestServer;
let supervisor: TestClient;
beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

type Op =
  | { kind: 'create'; name: string; status: string; gap: number }
  | { kind: 'update'; target: number; name: string; status: string; gap: number }
  | { kind: 'delete'; target: number; gap: number };

interface ModelVersion {
  at: number;
  name: string;
  status: string;
  deleted: boolean;
}

const statuses = ['Approved', 'Conditional', 'Blocked'];
const name = fc.stringMatching(/^[a-z]{2,6}$/);
// Gaps of 0 ms (two changes in the same millisecond) up to three minutes.
const gap = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 180_000 }));
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), name, status: fc.constantFrom(...statuses), gap }),
  fc.record({
    kind: fc.constant('update' as const),
    target: fc.nat(),
    name,
    status: fc.constantFrom(...statuses),
    gap,
  }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat(), gap }),
);

let run = 0;

describe('time travel matches a model of the history', () => {
  it('for random histories: the record read and the search at every instant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        run += 1;
        const prefix = `tt${run}x`;
        const model = new Map<number, ModelVersion[]>();
        const instants: number[] = [server.clock.now() - 1];
        for (const step of ops) {
          server.clock.advance(step.gap);
          const at = server.clock.now();
          const ids = [...model.keys()];
          if (step.kind === 'create') {
            const response = await supervisor.json('POST', 'api/v1/forms/102/records', {
              Values: { Name: `${prefix} ${step.name}`, Status: step.status },
            });
            expect(response.status).toBe(201);
            const created = RecordSchema.parse(await response.json());
            model.set(created.Id, [
              { at, name: `${prefix} ${step.name}`, status: step.status, deleted: false },
            ]);
          } else {
            const alive = ids.filter((id) => !model.get(id)!.at(-1)!.deleted);
            if (alive.length === 0) continue;
            const id = alive[step.target % alive.length]!;
            const versions = model.get(id)!;
            const last = versions.at(-1)!;
            const response =
              step.kind === 'update'
                ? await supervisor.json('PUT', `api/v1/forms/102/records/${id}`, {
                    Version: versions.length,
                    Values: { Name: `${prefix} ${step.name}`, Status: step.status },
                  })
                : await supervisor.json('DELETE', `api/v1/forms/102/records/${id}`, {
                    Version: versions.length,
                  });
            expect(response.status).toBe(200);
            versions.push(
              step.kind === 'update'
                ? { at, name: `${prefix} ${step.name}`, status: step.status, deleted: false }
                : { ...last, at, deleted: true },
            );
          }
          instants.push(at - 1, at, at + 1);
        }

        const stateAt = (versions: ModelVersion[], t: number) => versions.filter((v) => v.at <= t).at(-1);
        for (const t of instants) {
          const iso = new Date(t).toISOString();
          // Each record read at T.
          for (const [id, versions] of model) {
            const expected = stateAt(versions, t);
            const response = await supervisor.fetch(`api/v1/forms/102/records/${id}?Timepoint=${iso}`);
            if (!expected) {
              expect(response.status).toBe(404);
              expect(((await response.json()) as { Code: string }).Code).toBe('NOT_FOUND_AT_TIMEPOINT');
              continue;
            }
            expect(response.status).toBe(200);
            const record = RecordSchema.parse(await response.json());
            expect(record.Version).toBe(versions.indexOf(expected) + 1);
            expect(record.IsDeleted).toBe(expected.deleted);
            expect(record.Values).toMatchObject({ Name: expected.name, Status: expected.status });
          }
          // The search at T: records not deleted then, in title order, with their values then.
          const rows = [...model]
            .map(([id, versions]) => ({ id, state: stateAt(versions, t) }))
            .filter((row): row is { id: number; state: ModelVersion } => !!row.state && !row.state.deleted)
            .sort((a, b) =>
              a.state.name === b.state.name ? a.id - b.id : a.state.name < b.state.name ? -1 : 1,
            );
          const search = SearchResultSchema.parse(
            await (
              await supervisor.fetch(`api/v1/forms/101/search?text=${prefix}&pageSize=500&Timepoint=${iso}`)
            ).json(),
          );
          expect(search.Total).toBe(rows.length);
          expect(search.Rows.map((row) => [row.Id, row.Values.Name, row.Values.Status])).toEqual(
            rows.map((row) => [row.id, row.state.name, row.state.status]),
          );
          // And the filters apply to the values then.
          const filtered = SearchResultSchema.parse(
            await (
              await supervisor.fetch(
                `api/v1/forms/101/search?text=${prefix}&Status=Blocked&pageSize=500&Timepoint=${iso}`,
              )
            ).json(),
          );
          expect(filtered.Rows.map((row) => row.Id)).toEqual(
            rows.filter((row) => row.state.status === 'Blocked').map((row) => row.id),
          );
        }
        server.clock.advance(60_000);
      }),
      { numRuns: 30 },
    );
  }, 240_000);
});
