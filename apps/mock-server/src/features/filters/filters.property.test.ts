import {
  SavedFilterSchema,
  type SearchFilter,
  SearchFilterSchema,
  SearchOperatorSchema,
} from '@procedo/client-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';

let server: TestServer;
let supervisor: TestClient;
beforeAll(async () => {
  ({ server, supervisor } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

// Fields of the deviations form (103: text, date, picker, select, textarea, checkbox) and some it lacks.
const field = fc.constantFrom(
  'Title',
  'OccurredOn',
  'Batch',
  'Severity',
  'Status',
  'Description',
  'RootCause',
  'CapaRequired',
  'Nope',
  'Save',
);
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '2026-03-04',
    '2026-02-30',
    '2026-3-4',
    'true',
    'false',
    'Major',
    'Minor',
    '12',
    '-1.5',
    '',
  ),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);
const condition = fc.record(
  {
    Field: field,
    Op: fc.constantFrom(...SearchOperatorSchema.options),
    Value: text,
    Value2: text,
    Values: fc.array(text, { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: ['Field', 'Op'] },
);
const filter: fc.Arbitrary<SearchFilter> = fc.record({
  Combine: fc.constantFrom('and', 'or'),
  Conditions: fc.array(condition, { minLength: 1, maxLength: 4 }),
});

let run = 0;
let savedCount = 0;

describe('saving any filter the schema accepts', () => {
  it('saves it and reads it back identical, or refuses it with 400 — never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(filter, async (candidate) => {
        expect(SearchFilterSchema.safeParse(candidate).success).toBe(true);
        const response = await supervisor.json('POST', 'api/v1/forms/103/filters', {
          Name: `Property ${++run}`,
          Filter: candidate,
        });
        expect([201, 400]).toContain(response.status);
        if (response.status === 400) return;
        const saved = SavedFilterSchema.parse(await response.json());
        savedCount++;
        expect(saved.Filter).toEqual(candidate);
        const read = await supervisor.fetch(`api/v1/forms/103/filters/${saved.Id}`);
        expect(read.status).toBe(200);
        expect(SavedFilterSchema.parse(await read.json()).Filter).toEqual(candidate);
      }),
      { numRuns: 150 },
    );
    // The generator reaches the saving path, not only refusals.
    expect(savedCount).toBeGreaterThan(0);
  });
});
