import type { SqliteDatabase } from '../../db/sqlite';

/** One named text of a resource component. */
export interface ResourceRecord {
  name: string;
  text: string;
}

/** Resource texts grouped by component name, in one database. */
export interface ResourceStore {
  /** The texts of a component ordered by name; empty when the component does not exist. */
  listComponent(componentName: string): Promise<ResourceRecord[]>;
}

/** {@link ResourceStore} on SQLite. */
export function createSqliteResourceStore(db: SqliteDatabase): ResourceStore {
  const list = db.prepare<[string], ResourceRecord>(
    'SELECT name, text FROM resources WHERE component_name = ? ORDER BY name',
  );
  return {
    async listComponent(componentName) {
      return list.all(componentName);
    },
  };
}
