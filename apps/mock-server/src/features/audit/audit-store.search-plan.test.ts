import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, openSqlite } from '../../db/sqlite';
import { type AuditSearchFilters, auditSearchSql } from './audit-store';

const dir = mkdtempSync(path.join(tmpdir(), 'procedo-audit-plan-'));
const db = openSqlite(path.join(dir, 'plan.sqlite'));
migrate(db, MIGRATIONS);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const planOf = (filters: AuditSearchFilters) => {
  const { sql, params } = auditSearchSql(filters);
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
    .map((row) => row.detail)
    .join(' | ');
};

const before = { atUtc: '2026-03-01T09:30:00.000Z', recordId: 12, seq: 3 };

describe('the plan of a page of the supervisors’ audit search', () => {
  it.each<[string, AuditSearchFilters]>([
    ['by user', { userName: 'operator', entities: ['deviation', 'supplier'], limit: 51 }],
    [
      'by user, after a key',
      { userName: 'operator', entities: ['deviation', 'supplier'], before, limit: 51 },
    ],
    ['by entity', { entities: ['deviation'], limit: 51 }],
    ['by entity, after a key', { entities: ['deviation'], before, limit: 51 }],
    [
      'by user and entity, in a range, after a key',
      {
        userName: 'operator',
        entities: ['deviation'],
        fromIso: '2026-01-01',
        toIso: '2026-04-01',
        before,
        limit: 51,
      },
    ],
    ['by date range', { entities: ['deviation', 'supplier'], fromIso: '2026-01-01', before, limit: 51 }],
  ])(
    '%s reads one index range in time order, sorting at most the events of one instant',
    (_name, filters) => {
      const plan = planOf(filters);
      expect(plan).toMatch(
        /^SEARCH audit_events USING (COVERING )?INDEX audit_events_by_(user|entity|time) \(/,
      );
      // "FOR LAST 2 TERMS" orders record and Seq within one at_utc; a sort of the whole range is not.
      expect(plan).not.toContain('TEMP B-TREE FOR ORDER BY');
    },
  );
});
