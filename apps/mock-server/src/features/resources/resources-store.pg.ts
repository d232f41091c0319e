import type { PgDatabase } from '../../db/pg';
import type { ResourceRecord, ResourceStore } from './resources-store';

/** {@link ResourceStore} on PostgreSQL. */
export function createPgResourceStore(db: PgDatabase): ResourceStore {
  return {
    listComponent(componentName) {
      return db.many<ResourceRecord>(
        'SELECT name, text FROM resources WHERE component_name = $1 ORDER BY name',
        [componentName],
      );
    },
  };
}
