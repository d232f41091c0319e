import { type FieldValues, operatorsFor, type ValueElement } from '@procedo/client-api';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, type SqliteDatabase } from '../../db/sqlite';
import { indexFields } from '../records/entities';
import { recordWrites } from '../records/records-store.sqlite';
import type { CountCondition, ValueSort } from './dashboards-store';
import { createSqliteDashboardStore } from './dashboards-store.sqlite';

// For all records and all conditions (and-ed or or-ed): the store's SQL counts exactly the records the documented
// rules select (docs/protocol.md "Dashboards"), written here as plain code — now, and at a
// Timepoint before a second version of some records; and a grouped count adds up to the count.

const FIELDS: Record<string, ValueSort> = { Status: 'text', Day: 'text', Rating: 'number', Flag: 'boolean' };
/** The element kind of each field: a choice, a date, a number and a checkbox. */
const KINDS: Record<string, ValueElement['Kind']> = {
  Status: 'select',
  Day: 'date',
  Rating: 'number',
  Flag: 'checkbox',
};
const TEXTS = ['A', 'B', 'c', ''];
const DAYS = ['2025-01-01', '2025-01-06', '2025-02-28'];

const value: Record<string, fc.Arbitrary<unknown>> = {
  Status: fc.constantFrom(...TEXTS, null, undefined),
  Day: fc.constantFrom(...DAYS, '', null, undefined),
  Rating: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(null), fc.constant(undefined)),
  Flag: fc.constantFrom(true, false, undefined),
};
const values: fc.Arbitrary<FieldValues> = fc
  .record(value, { requiredKeys: [] })
  .map((v) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as FieldValues);

const operand = (field: string) =>
  field === 'Rating'
    ? fc.integer({ min: 0, max: 3 }).map(String)
    : field === 'Flag'
      ? fc.constantFrom('true', 'false')
      : fc.constantFrom(...(field === 'Day' ? DAYS : ['A', 'B', 'c', 'a']));
const condition: fc.Arbitrary<CountCondition> = fc.constantFrom(...Object.keys(FIELDS)).chain((field) =>
  fc.record({
    field: fc.constant(field),
    kind: fc.constant(KINDS[field]!),
    // The comparisons a search accepts for the kind (operatorsFor): the service refuses others.
    op: fc.constantFrom(...operatorsFor(KINDS[field]!)),
    value: operand(field),
    value2: operand(field),
    values: fc.array(operand(field), { minLength: 1, maxLength: 3 }),
  }),
);

/** The documented rules, as plain code. */
function holds(record: FieldValues, c: CountCondition): boolean {
  const raw = record[c.field] ?? null;
  const isEmpty = raw === null || raw === '';
  if (c.kind === 'checkbox') {
    const checked = raw === true;
    if (c.op === 'equals') return checked === (c.value === 'true');
    if (c.op === 'notEquals') return checked !== (c.value === 'true');
  }
  const operandOf = (text: string | undefined) => (c.kind === 'number' ? Number(text) : (text ?? ''));
  const equal = (text: string | undefined) => !isEmpty && raw === operandOf(text);
  const x = raw as string | number;
  switch (c.op) {
    case 'contains':
      return typeof raw === 'string' && raw.toLowerCase().includes((c.value ?? '').toLowerCase());
    case 'equals':
      return equal(c.value);
    case 'notEquals':
      return !equal(c.value);
    case 'lt':
      return !isEmpty && x < operandOf(c.value);
    case 'le':
      return !isEmpty && x <= operandOf(c.value);
    case 'gt':
      return !isEmpty && x > operandOf(c.value);
    case 'ge':
      return !isEmpty && x >= operandOf(c.value);
    case 'between':
      return !isEmpty && x >= operandOf(c.value) && x <= operandOf(c.value2);
    case 'in':
      return (c.values ?? []).some((text) => equal(text));
    case 'empty':
      return isEmpty;
    case 'notEmpty':
      return !isEmpty;
  }
}

function database(): SqliteDatabase {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS);
  return db;
}

const T0 = '2026-01-01T00:00:00.000Z';
const AT = '2026-01-15T00:00:00.000Z';
const T1 = '2026-02-01T00:00:00.000Z';

describe('dashboard counts (property)', () => {
  it('count and countBy select exactly the records every condition holds for, now and at a Timepoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ first: values, later: fc.option(values, { nil: undefined }) }), {
          maxLength: 12,
        }),
        fc.array(condition, { maxLength: 3 }),
        fc.constantFrom('and' as const, 'or' as const),
        fc.constantFrom(...Object.keys(FIELDS)),
        async (records, conditions, combine, groupField) => {
          const db = database();
          try {
            const { createTx, appendTx } = recordWrites(db);
            const version = (v: FieldValues, at: string) => ({
              values: v,
              isDeleted: false,
              index: indexFields('thing', v),
              updatedBy: 'test',
              updatedAt: at,
            });
            db.transaction(() => {
              for (const record of records) {
                const id = createTx('thing', version(record.first, T0));
                if (record.later) appendTx(id, 1, version(record.later, T1));
              }
            })();
            const store = createSqliteDashboardStore(db);
            const selects = (v: FieldValues) =>
              conditions.length === 0 ||
              (combine === 'and'
                ? conditions.every((c) => holds(v, c))
                : conditions.some((c) => holds(v, c)));
            const expected = (list: FieldValues[]) => list.filter(selects).length;
            const now = records.map((r) => r.later ?? r.first);
            const then = records.map((r) => r.first);
            expect(await store.count({ entity: 'thing', conditions, combine })).toBe(expected(now));
            expect(await store.count({ entity: 'thing', conditions, combine, atIso: AT })).toBe(
              expected(then),
            );
            const groups = await store.countBy(
              { entity: 'thing', conditions, combine },
              { field: groupField, sort: FIELDS[groupField]! },
            );
            expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(expected(now));
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
