import type { FieldValues } from '@procedo/client-api';
import type { SqliteDatabase } from '../../db/sqlite';
import { indexFields, type RecordIndexFields } from './entities';

/** `valid_to` of the version that is current now: after any instant a Timepoint can name. */
export const OPEN_END = '9999-12-31T23:59:59.999Z';

// The periods alive at T are found with a Relational Interval Tree (Kriegel, Pötke, Seidl:
// "Managing Intervals Efficiently in Object-Relational Databases", VLDB 2000): a virtual binary
// tree over the instants (milliseconds, shifted to be positive; years 1000 to 9999 fit), where
// each period is registered at its fork node — the first node on the way down from the root that
// lies inside it. The nodes on the way down to T are few (at most 49), and a period alive at T is
// registered at one of them: at a node left of T when it ends after T, at a node right of T when it
// starts at or before T. So two index ranges per node find exactly the periods alive at T, and
// nothing else is read, however long the history: the cost follows the answer, not the versions.
const SHIFT = 2 ** 45;
const ROOT = 2 ** 48;
const instant = (iso: string) => Date.parse(iso) + SHIFT;

/**
 * The fork node of the closed-open period [from, to), or null for an empty period (a version
 * replaced in the same millisecond), which is alive at no instant.
 */
export function forkNode(fromIso: string, toIso: string): number | null {
  const lower = instant(fromIso);
  const upper = instant(toIso) - 1;
  if (!(upper >= lower)) return null;
  let node = ROOT;
  for (let step = ROOT / 2; step >= 1 && (node < lower || node > upper); step /= 2) {
    node += node < lower ? step : -step;
  }
  return node;
}

/**
 * The nodes on the way down to T: `left` those before T (and T itself), whose periods are alive
 * at T when they end after it; `right` those after T, whose periods are alive when they start at
 * or before it.
 */
export function stabbingNodes(atIso: string): { left: number[]; right: number[] } {
  const at = instant(atIso);
  const left: number[] = [];
  const right: number[] = [];
  let node = ROOT;
  for (let step = ROOT / 2; step >= 0.5; step /= 2) {
    if (node === at) {
      left.push(node);
      break;
    }
    if (node < at) {
      left.push(node);
      node += step;
    } else {
      right.push(node);
      node -= step;
    }
  }
  return { left, right };
}

/** That version `version` of a record became current at `at` (ISO UTC), with its index columns. */
export interface PeriodRow {
  id: number;
  version: number;
  entity: string;
  at: string;
  isDeleted: boolean;
  index: RecordIndexFields;
}

/**
 * The statements that keep `record_periods` (the search index through time) in step with the
 * versions: a new version closes its predecessor's period at its own time and opens its own.
 * Run inside the transaction that writes the version.
 */
export function periodStatements(
  db: SqliteDatabase,
  /** False only for migration 7, which wrote the periods before the `node` column existed (8). */
  options: { node?: boolean } = {},
) {
  const withNode = options.node ?? true;
  const openedAt = db.prepare<[number, number], { valid_from: string }>(
    'SELECT valid_from FROM record_periods WHERE record_id = ? AND version = ?',
  );
  const close = db.prepare<{ to: string; node: number | null; id: number; version: number }>(
    `UPDATE record_periods SET valid_to = @to ${withNode ? ', node = @node' : ''}
     WHERE record_id = @id AND version = @version`,
  );
  const open = db.prepare(
    `INSERT INTO record_periods (record_id, version, entity, valid_from, valid_to, is_deleted, title, search_key, parent_id ${withNode ? ', node' : ''})
     VALUES (@id, @version, @entity, @from, '${OPEN_END}', @deleted, @title, @key, @parent ${withNode ? ', @node' : ''})`,
  );
  return {
    /** Records that version `version` of a record became current at `at` (ISO UTC). */
    add(row: PeriodRow): void {
      if (row.version > 1) {
        const version = row.version - 1;
        const from = withNode ? openedAt.get(row.id, version)?.valid_from : undefined;
        close.run({
          to: row.at,
          node: from === undefined ? null : forkNode(from, row.at),
          id: row.id,
          version,
        });
      }
      open.run({
        id: row.id,
        version: row.version,
        entity: row.entity,
        from: row.at,
        deleted: row.isDeleted ? 1 : 0,
        title: row.index.title,
        key: row.index.searchKey,
        parent: row.index.parentId,
        node: forkNode(row.at, OPEN_END),
      });
    },
  };
}

/** Migration 7: the periods of every version stored before the table existed. */
export function backfillRecordPeriods(db: SqliteDatabase): void {
  const periods = periodStatements(db, { node: false });
  const rows = db
    .prepare<
      [],
      {
        record_id: number;
        version: number;
        entity: string;
        values_json: string;
        is_deleted: number;
        updated_at_utc: string;
      }
    >(
      'SELECT record_id, version, entity, values_json, is_deleted, updated_at_utc FROM record_versions ORDER BY record_id, version',
    )
    .all();
  for (const row of rows) {
    periods.add({
      id: row.record_id,
      version: row.version,
      entity: row.entity,
      at: row.updated_at_utc,
      isDeleted: row.is_deleted === 1,
      index: indexFields(row.entity, JSON.parse(row.values_json) as FieldValues),
    });
  }
}

/** Migration 8: the fork node of every period stored before the column existed. */
export function backfillPeriodNodes(db: SqliteDatabase): void {
  const update = db.prepare<[number | null, number, number]>(
    'UPDATE record_periods SET node = ? WHERE record_id = ? AND version = ?',
  );
  const rows = db
    .prepare<[], { record_id: number; version: number; valid_from: string; valid_to: string }>(
      'SELECT record_id, version, valid_from, valid_to FROM record_periods',
    )
    .all();
  for (const row of rows) update.run(forkNode(row.valid_from, row.valid_to), row.record_id, row.version);
}
