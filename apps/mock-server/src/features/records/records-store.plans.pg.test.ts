import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positional } from '../../db/pg-named';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { type SearchParams, type SearchStatementKind, titleSql } from './record-seek';
import { PG_SEARCH } from './record-seek.pg';
import type { SearchPageOptions } from './records-store';
import { createPgRecordStore } from './records-store.pg';
import { SEEDED_SORT_COLUMNS } from './search-sort';

// The record searches on PostgreSQL read the same indexes as on SQLite: the plans PostgreSQL picks
// for the page statements on the full seed (analyzed), never a sort of a whole entity's rows.

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases('full');
  await both.pg.run('ANALYZE');
});
afterAll(() => both?.close());

/** The plans (EXPLAIN, as text) of the statements of one keyset page, by kind. */
async function plansOf(options: SearchPageOptions, { indexesOnly = false } = {}) {
  const statements: { kind: SearchStatementKind; sql: string; params: SearchParams }[] = [];
  const store = createPgRecordStore(both.pg, {
    onStatement: (kind, sql, params) => statements.push({ kind, sql, params }),
  });
  await store.searchPage(options);
  const plans: { kind: SearchStatementKind; plan: string; sql: string }[] = [];
  for (const { kind, sql, params } of statements) {
    const { text, values } = positional(sql, params);
    const rows = await both.pg.transaction(async (tx) => {
      if (indexesOnly) await tx.run('SET LOCAL enable_seqscan = off');
      return tx.many<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
    });
    plans.push({ kind, sql, plan: rows.map((row) => row['QUERY PLAN']).join('\n') });
  }
  return plans;
}

const base = { text: '', filters: [], limit: 25, count: false };

describe('the record search plans on PostgreSQL', () => {
  it('seeks the title index for a page of the current data, first and after a cursor', async () => {
    for (const after of [null, { key: 'm', id: 7 }]) {
      const plans = await plansOf({ ...base, entity: 'batch', after });
      expect(plans).toHaveLength(1);
      expect(plans[0]!.plan).toMatch(/Index Scan using records_by_key on records r/);
      expect(plans[0]!.plan).not.toMatch(/Sort/);
    }
  });

  it.each(SEEDED_SORT_COLUMNS.map((c) => [`${c.entity}.${c.name}`, c] as const))(
    'reads a page sorted by %s from its sort index, in both directions, for every part of the nulls-last walk',
    async (_, column) => {
      for (const direction of ['asc', 'desc'] as const) {
        const sort = { name: column.name, kind: column.kind, direction };
        const key = column.kind === 'number' ? 100 : column.kind === 'date' ? '2025-01-01' : 'm';
        for (const after of [null, { key, id: 7 }, { key: null, id: 7 }]) {
          const plans = await plansOf({ ...base, entity: column.entity, sort, after });
          expect(plans.length).toBeGreaterThan(0);
          for (const { plan, sql } of plans) {
            // The part without a value is left to the planner (the seed has no such rows: it picks
            // whatever reads an estimate of one or two); the parts with a value read the sort
            // index in its order.
            if (sql.includes('IS NULL')) continue;
            expect(plan).toMatch(
              new RegExp(`Index Scan( Backward)? using "records_sort_${column.entity}_${column.name}" `),
            );
            expect(plan).not.toMatch(/Sort/);
          }
        }
      }
    },
  );

  it('can find the periods alive at T through the interval-tree indexes', async () => {
    const atIso = new Date(both.now - 30 * 86_400_000).toISOString();
    for (const options of [
      { ...base, entity: 'batch', after: null, count: true, atIso },
      { ...base, entity: 'batch', text: 'b24', after: null, atIso },
    ]) {
      // The seed's records are nearly all alive at T, so reading every period is the cheaper plan
      // here; what must hold is that the interval-tree ranges are index ranges when few are alive.
      const plans = await plansOf(options, { indexesOnly: true });
      for (const { kind, plan } of plans) {
        if (kind === 'page' && plan.includes('record_periods_by_key')) continue;
        expect(plan, kind).toMatch(/record_periods_left/);
        expect(plan, kind).toMatch(/record_periods_right/);
        expect(plan, kind).not.toMatch(/Seq Scan on record_periods/);
      }
    }
  });

  it('reads the picker titles by prefix from the title indexes in their order, now and at T', async () => {
    const parent = (await both.pg.one<{ parent_id: number }>(
      "SELECT parent_id FROM records WHERE entity = 'batch' AND parent_id IS NOT NULL LIMIT 1",
    ))!.parent_id;
    for (const parentFilter of [false, true]) {
      for (const asOf of [false, true]) {
        const { text, values } = positional(
          titleSql(PG_SEARCH, { parent: parentFilter, mode: 'prefix', asOf }),
          {
            entity: 'batch',
            parent,
            key: 'b24',
            keyEnd: 'b24\u{10FFFF}',
            limit: 11,
            at: new Date(both.now - 86_400_000).toISOString(),
          },
        );
        const rows = await both.pg.many<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        const table = asOf ? 'record_periods' : 'records';
        expect(plan).toMatch(new RegExp(`Index (Only )?Scan using ${table}_by_(key|parent)`));
        if (!asOf) expect(plan).not.toMatch(/Sort/);
      }
    }
  });
});
