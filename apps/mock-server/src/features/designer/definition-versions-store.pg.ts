import type { PgDatabase, PgExecutor } from '../../db/pg';
import type {
  DefinitionVersionStore,
  PublishResult,
  StoredDefinitionVersion,
} from './definition-versions-store';
import { createPgVersionTable } from './version-table.pg';

// Any stored version counts: old versions keep showing a value the current one cleared. A JSON
// null reads as no value and '' as empty, as SQLite's json_extract compares them.
const HOLDS_SQL = `SELECT 1 AS n FROM record_versions
  WHERE entity = $1 AND (values_json::jsonb -> $2) IS NOT NULL
    AND (values_json::jsonb -> $2) NOT IN ('null'::jsonb, '""'::jsonb)
  LIMIT 1`;

/** {@link DefinitionVersionStore} on PostgreSQL. */
export function createPgDefinitionVersionStore(db: PgDatabase): DefinitionVersionStore {
  const table = createPgVersionTable<StoredDefinitionVersion>(db, {
    table: 'form_definition_versions',
    keyColumn: 'web_template_no',
    extraColumns: ['schema_version'],
    fromRow: (version, row) => ({ ...version, schemaVersion: Number(row.schema_version) }),
  });

  const namesWithValues = async (on: PgExecutor, entity: string, names: readonly string[]) => {
    const found: string[] = [];
    for (const name of names) {
      if (await on.one(HOLDS_SQL, [entity, name])) found.push(name);
    }
    return found;
  };

  return {
    ...table.reads,
    async listCurrent() {
      return db.many<StoredDefinitionVersion>(
        `SELECT v.web_template_no AS key, v.version, v.schema_version AS "schemaVersion", v.json,
           v.published_at_utc AS "publishedAt", v.published_by AS "publishedBy", v.change_note AS "changeNote"
         FROM form_definitions d
         JOIN form_definition_versions v ON v.web_template_no = d.web_template_no AND v.version = d.version
         ORDER BY d.web_template_no`,
      );
    },
    versionAt(webTemplateNo, atIso) {
      return table.versionAt(webTemplateNo, atIso);
    },
    namesWithValues(entity, names) {
      return namesWithValues(db, entity, names);
    },
    publish(input) {
      return db.transaction(
        (tx): Promise<PublishResult> =>
          table.publish(tx, input, {
            columns: { schema_version: input.schemaVersion },
            refuse: async () => {
              if (!input.refuseValuesOf) return null;
              const { entity, names: asked } = input.refuseValuesOf;
              const names = await namesWithValues(tx, entity, asked);
              return names.length > 0 ? { ok: false as const, reason: 'values' as const, names } : null;
            },
            makeCurrent: async (stored) => {
              await tx.run(
                `UPDATE form_definitions SET json = $1, schema_version = $2, version = $3,
                   updated_at_utc = $4, updated_by = $5
                 WHERE web_template_no = $6`,
                [
                  stored.json,
                  input.schemaVersion,
                  stored.version,
                  stored.publishedAt,
                  stored.publishedBy,
                  stored.key,
                ],
              );
            },
          }),
      );
    },
  };
}
