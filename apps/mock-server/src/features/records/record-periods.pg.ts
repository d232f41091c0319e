import type { PgExecutor } from '../../db/pg';
import { forkNode, OPEN_END, type PeriodRow } from './record-periods';

/**
 * Keeps `record_periods` in step with a new version on PostgreSQL, as `periodStatements` does on
 * SQLite: closes the predecessor's period at the new version's time (registering it at its fork
 * node) and opens the new one. `tx` is the transaction that writes the version.
 */
export async function addPgPeriod(tx: PgExecutor, row: PeriodRow): Promise<void> {
  if (row.version > 1) {
    const version = row.version - 1;
    const opened = await tx.one<{ valid_from: string }>(
      'SELECT valid_from FROM record_periods WHERE record_id = $1 AND version = $2',
      [row.id, version],
    );
    await tx.run('UPDATE record_periods SET valid_to = $1, node = $2 WHERE record_id = $3 AND version = $4', [
      row.at,
      opened === undefined ? null : forkNode(opened.valid_from, row.at),
      row.id,
      version,
    ]);
  }
  await tx.run(
    `INSERT INTO record_periods (record_id, version, entity, valid_from, valid_to, is_deleted, title, search_key, parent_id, node)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      row.id,
      row.version,
      row.entity,
      row.at,
      OPEN_END,
      row.isDeleted ? 1 : 0,
      row.index.title,
      row.index.searchKey,
      row.index.parentId,
      forkNode(row.at, OPEN_END),
    ],
  );
}
