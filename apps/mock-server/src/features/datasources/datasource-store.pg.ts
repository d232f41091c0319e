import type { PgDatabase } from '../../db/pg';
import { createPgVersionTable } from '../designer/version-table.pg';
import { SAVED_FILTER_SELECT, type SavedFilterRow, toSavedFilterRecord } from '../filters/filter-rows';
import type { DatasourceStore, PublishDatasourceResult, StoredDatasourceVersion } from './datasource-store';

/** {@link DatasourceStore} on PostgreSQL. */
export function createPgDatasourceStore(db: PgDatabase): DatasourceStore {
  const table = createPgVersionTable<StoredDatasourceVersion, string>(db, {
    table: 'datasource_versions',
    keyColumn: 'entity',
  });

  return {
    ...table.reads,
    async entities() {
      const rows = await db.many<{ entity: string }>(
        'SELECT DISTINCT entity FROM datasource_versions ORDER BY 1',
      );
      return rows.map((row) => row.entity);
    },
    versionAt(entity, atIso) {
      return table.versionAt(entity, atIso);
    },
    publish(input) {
      return db.transaction(async (tx): Promise<PublishDatasourceResult> => {
        // Before its first publish an entity is at its seed: store it as version 1 first.
        if (
          !(await tx.one('SELECT 1 AS n FROM datasource_versions WHERE entity = $1 LIMIT 1', [input.key]))
        ) {
          const { seed } = input;
          await tx.run(
            `INSERT INTO datasource_versions (entity, version, json, published_at_utc, published_by, change_note)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [seed.key, seed.version, seed.json, seed.publishedAt, seed.publishedBy, seed.changeNote],
          );
        }
        // The forms' filters in the order of the forms asked for, as SQLite reads them form by form.
        const refuse = async (): Promise<{ ok: false; reason: 'filters'; ids: number[] } | null> => {
          if (!input.refuseFilters) return null;
          const rows = await tx.many<SavedFilterRow>(
            `${SAVED_FILTER_SELECT} WHERE f.web_template_no = ANY($1::bigint[])
             ORDER BY array_position($1::bigint[], f.web_template_no), f.id`,
            [[...input.refuseFilters.forms]],
          );
          const ids = input.refuseFilters.broken(rows.map(toSavedFilterRecord));
          return ids.length > 0 ? { ok: false, reason: 'filters', ids } : null;
        };
        // Datasources have no current-definition table: the latest version is the one in force.
        return table.publish(tx, input, { refuse, makeCurrent: async () => undefined });
      });
    },
  };
}
