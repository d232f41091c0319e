import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FieldValues, SearchOperator } from '@procedo/client-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, openSqlite } from '../../db/sqlite';
import { indexFields, searchKeyOf } from './entities';
import type { KindedCondition, KindedFilter, RecordStore } from './records-store';
import { createSqliteRecordStore } from './records-store.sqlite';

// `where` conditions in the store: for random records and random conditions of every operator,
// the keyset pages hold exactly the rows a model filter in TypeScript keeps, now and at a Timepoint.

const ENTITY = 'supplier';
const START = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

let dir: string;
let run = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-conditions-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const texts = ['', 'Alpha', 'alpha', 'ALPHA beta', '50%_off', 'Ünïcode', 'x\\y'];
const dates = ['', '2024-01-01', '2024-06-15', '2025-12-31'];
const options = ['Open', 'Closed', 'Investigating'];
const picks = [null, { Id: '1', Text: 'One' }, { Id: '2', Text: 'Two' }, { Id: '', Text: '' }];

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const valuesArb = fc.record({
  Name: fc.constantFrom('n1', 'N2', 'n3'),
  Txt: maybe(fc.constantFrom(...texts)),
  Num: maybe(fc.constantFrom(-1, 0, 2.5, 10, 100)),
  Day: maybe(fc.constantFrom(...dates)),
  Sel: maybe(fc.constantFrom(...options, '')),
  Chk: maybe(fc.boolean()),
  Pick: maybe(fc.constantFrom(...picks)),
});
type Values = typeof valuesArb extends fc.Arbitrary<infer T> ? T : never;

const kinds = {
  Txt: 'text',
  Num: 'number',
  Day: 'date',
  Sel: 'select',
  Chk: 'checkbox',
  Pick: 'picker',
} as const;
const ops: Record<keyof typeof kinds, SearchOperator[]> = {
  Txt: ['contains', 'equals', 'notEquals', 'empty', 'notEmpty'],
  Num: ['equals', 'notEquals', 'lt', 'le', 'gt', 'ge', 'between', 'empty', 'notEmpty'],
  Day: ['equals', 'notEquals', 'lt', 'le', 'gt', 'ge', 'between', 'empty', 'notEmpty'],
  Sel: ['equals', 'notEquals', 'in', 'empty', 'notEmpty'],
  Chk: ['equals'],
  Pick: ['equals', 'notEquals', 'in', 'empty', 'notEmpty'],
};
const operands: Record<keyof typeof kinds, string[]> = {
  Txt: ['a', 'alpha', 'ALPHA', '%', '_', 'beta', 'x\\y', 'ünï'],
  Num: ['-1', '0', '2.5', '10', '50'],
  Day: dates.filter(Boolean),
  Sel: options,
  Chk: ['true', 'false'],
  Pick: ['1', '2', '3'],
};

const conditionArb: fc.Arbitrary<KindedCondition> = fc
  .constantFrom(...(Object.keys(kinds) as (keyof typeof kinds)[]))
  .chain((field) =>
    fc.record({
      Field: fc.constant(field),
      kind: fc.constant(kinds[field]),
      Op: fc.constantFrom(...ops[field]),
      Value: fc.constantFrom(...operands[field]),
      Value2: fc.constantFrom(...operands[field]),
      Values: fc.uniqueArray(fc.constantFrom(...operands[field]), { minLength: 1, maxLength: 3 }),
    }),
  );
const filterArb: fc.Arbitrary<KindedFilter> = fc.record({
  Combine: fc.constantFrom('and', 'or'),
  Conditions: fc.array(conditionArb, { minLength: 1, maxLength: 3 }),
});

/** The model: what each operator keeps, written from the operator's meaning, not from the SQL. */
function holds(values: Values, condition: KindedCondition): boolean {
  const raw = (values as Record<string, unknown>)[condition.Field];
  const value = condition.Value ?? '';
  const isEmpty =
    raw === undefined ||
    raw === null ||
    raw === '' ||
    (condition.kind === 'picker' && (raw as { Id: string }).Id === '');
  const scalar =
    condition.kind === 'picker'
      ? isEmpty
        ? undefined
        : (raw as { Id: string }).Id
      : isEmpty
        ? undefined
        : raw;
  const equals = () => {
    if (scalar === undefined) return false;
    if (condition.kind === 'text') return lowerAscii(String(scalar)) === lowerAscii(value);
    if (condition.kind === 'number') return scalar === Number(value);
    return scalar === value;
  };
  const order = (test: (a: number | string, b: number | string) => boolean, operand: string) => {
    if (scalar === undefined) return false;
    return condition.kind === 'number'
      ? test(scalar as number, Number(operand))
      : test(scalar as string, operand);
  };
  switch (condition.Op) {
    case 'empty':
      return isEmpty;
    case 'notEmpty':
      return !isEmpty;
    case 'contains':
      return scalar !== undefined && lowerAscii(String(scalar)).includes(lowerAscii(value));
    case 'equals':
      if (condition.kind === 'checkbox') return (raw === true) === (value === 'true');
      return equals();
    case 'notEquals':
      return !equals();
    case 'lt':
      return order((a, b) => a < b, value);
    case 'le':
      return order((a, b) => a <= b, value);
    case 'gt':
      return order((a, b) => a > b, value);
    case 'ge':
      return order((a, b) => a >= b, value);
    case 'between':
      return order((a, b) => a >= b, value) && order((a, b) => a <= b, condition.Value2 ?? '');
    case 'in':
      return scalar !== undefined && (condition.Values ?? []).includes(String(scalar));
  }
}

const keeps = (values: Values, filters: KindedFilter[]) =>
  filters.every((filter) =>
    filter.Combine === 'and'
      ? filter.Conditions.every((c) => holds(values, c))
      : filter.Conditions.some((c) => holds(values, c)),
  );

async function walk(store: RecordStore, conditions: KindedFilter[], atIso?: string) {
  const ids: number[] = [];
  let after: { key: string | number | null; id: number } | null = null;
  for (;;) {
    const page = await store.searchPage({
      entity: ENTITY,
      text: '',
      filters: [],
      conditions,
      after,
      limit: 3,
      count: false,
      ...(atIso ? { atIso } : {}),
    });
    ids.push(...page.rows.map((row) => row.id));
    const last = page.rows.at(-1);
    if (!page.hasMore || !last) return ids;
    after = { key: last.searchKey, id: last.id };
  }
}

const clean = (values: Values): FieldValues =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as FieldValues;

describe('search conditions in the record store', () => {
  it('keep exactly the rows a model filter keeps, for every operator, now and at a Timepoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(valuesArb, fc.option(valuesArb)), { minLength: 1, maxLength: 12 }),
        fc.array(filterArb, { minLength: 1, maxLength: 2 }),
        async (records, filters) => {
          run += 1;
          const db = openSqlite(path.join(dir, `c-${run}.sqlite`));
          migrate(db, MIGRATIONS);
          try {
            const store = createSqliteRecordStore(db);
            let now = START;
            const made: { id: number; first: Values; last: Values }[] = [];
            for (const [first] of records) {
              now += 1000;
              const values = clean(first);
              const created = await store.create(ENTITY, {
                values,
                isDeleted: false,
                index: indexFields(ENTITY, values),
                updatedBy: 't',
                updatedAt: iso(now),
              });
              made.push({ id: created.id, first, last: first });
            }
            const then = iso(now);
            for (const [i, [, later]] of records.entries()) {
              if (later === null) continue;
              now += 1000;
              const values = clean(later);
              await store.append(made[i]!.id, 1, {
                values,
                isDeleted: false,
                index: indexFields(ENTITY, values),
                updatedBy: 't',
                updatedAt: iso(now),
              });
              made[i]!.last = later;
            }
            const expected = (pick: 'first' | 'last') =>
              made
                .filter((row) => keeps(row[pick], filters))
                .sort((a, b) => {
                  const [ka, kb] = [searchKeyOf(a[pick].Name), searchKeyOf(b[pick].Name)];
                  return ka === kb ? a.id - b.id : ka < kb ? -1 : 1;
                })
                .map((row) => row.id);
            expect(await walk(store, filters)).toEqual(expected('last'));
            expect(await walk(store, filters, then)).toEqual(expected('first'));
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);
});
