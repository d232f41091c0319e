import type { SearchOperator, ValueElement } from '@procedo/client-api';
import { operatorsFor } from '@procedo/client-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { indexFields } from './entities';
import type { KindedCondition, KindedFilter, RecordStore } from './records-store';
import { createPgRecordStore } from './records-store.pg';
import { createSqliteRecordStore } from './records-store.sqlite';

// A where condition selects the same records on PostgreSQL as on SQLite, for any condition the
// service accepts, over values chosen to sit on the edges: case, non-ASCII letters, LIKE's
// wildcards, empty and missing values, decimals, dates, booleans and pickers.

const TEXTS = ['Alpha', 'alpha', 'ALPHA beta', 'Ärger', 'ärger', '100%', 'a_b', 'x\\y', '', 'Zeta'];
const FIELDS: Record<string, { kind: ValueElement['Kind']; values: unknown[] }> = {
  Name: { kind: 'text', values: TEXTS },
  Status: { kind: 'select', values: ['Approved', 'Blocked', 'approved', ''] },
  Rating: { kind: 'number', values: [0, 1, 2.5, -3, 10, 100] },
  LastAuditDate: { kind: 'date', values: ['2024-01-01', '2025-06-30', '2025-12-31', ''] },
  IsPreferred: { kind: 'checkbox', values: [true, false] },
  Parent: {
    kind: 'picker',
    values: [
      { Id: '1', Text: 'One' },
      { Id: '2', Text: 'two' },
      { Id: '', Text: '' },
    ],
  },
};
const OPERANDS: Record<string, string[]> = {
  text: ['alpha', 'ALPHA', 'ä', 'Ä', '%', '_', '\\', 'zeta', 'beta'],
  select: ['Approved', 'approved', 'Blocked'],
  number: ['0', '1', '2.5', '-3', '10'],
  date: ['2024-01-01', '2025-06-30', '2025-01-01'],
  checkbox: ['true', 'false'],
  picker: ['1', '2', '3'],
};

let both: ParityDatabases;
let sqlite: RecordStore;
let pg: RecordStore;
beforeAll(async () => {
  both = await openParityDatabases();
  sqlite = createSqliteRecordStore(both.sqlite);
  pg = createPgRecordStore(both.pg);
  // Records of an entity of their own, every field present, missing or null in turn.
  const names = Object.keys(FIELDS);
  for (let i = 0; i < 60; i++) {
    const values: Record<string, unknown> = {};
    names.forEach((name, f) => {
      const choice = (i * (f + 3) + f) % (FIELDS[name]!.values.length + 2);
      if (choice < FIELDS[name]!.values.length) values[name] = FIELDS[name]!.values[choice];
      else if (choice === FIELDS[name]!.values.length) values[name] = null;
    });
    const version = {
      values: values as never,
      isDeleted: false,
      index: indexFields('thing', values as never),
      updatedBy: 'test',
      updatedAt: new Date(both.now + i).toISOString(),
    };
    await sqlite.create('thing', version);
    await pg.create('thing', version);
  }
});
afterAll(() => both?.close());

const condition: fc.Arbitrary<KindedCondition> = fc.constantFrom(...Object.keys(FIELDS)).chain((Field) => {
  const { kind } = FIELDS[Field]!;
  const operands = OPERANDS[kind]!;
  return fc.record({
    Field: fc.constant(Field),
    kind: fc.constant(kind),
    Op: fc.constantFrom(...(operatorsFor(kind) as SearchOperator[])),
    Value: fc.constantFrom(...operands),
    Value2: fc.constantFrom(...operands),
    Values: fc.array(fc.constantFrom(...operands), { minLength: 1, maxLength: 3 }),
  });
});

describe('where conditions on PostgreSQL', () => {
  it('select the same records, in the same order and count, as on SQLite, for any conditions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            Combine: fc.constantFrom('and' as const, 'or' as const),
            Conditions: fc.array(condition, { minLength: 1, maxLength: 3 }),
          }),
          { minLength: 1, maxLength: 2 },
        ),
        fc.boolean(),
        async (conditions: KindedFilter[], atT) => {
          const options = {
            entity: 'thing',
            text: '',
            filters: [],
            conditions,
            after: null,
            limit: 100,
            count: true,
            ...(atT ? { atIso: new Date(both.now + 100).toISOString() } : {}),
          };
          expect(await pg.searchPage(options)).toEqual(await sqlite.searchPage(options));
        },
      ),
      { numRuns: 50 },
    );
  });
});
