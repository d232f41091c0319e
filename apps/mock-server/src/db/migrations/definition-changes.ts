import type { Migration } from '../sqlite';

/**
 * Migration 28: the audit trail of definition changes reads every kind's versions newest first,
 * keyset-paged by (published_at_utc, key, version): one index each, so a page costs a few seeks
 * however long the history grows.
 */
export const DEFINITION_CHANGES_MIGRATIONS: readonly Migration[] = [
  {
    version: 28,
    name: 'definition changes in time order',
    sql: `
      CREATE INDEX form_definition_versions_published
        ON form_definition_versions(published_at_utc, web_template_no, version);
      CREATE INDEX process_command_versions_published
        ON process_command_versions(published_at_utc, command_id, version);
      CREATE INDEX navigation_versions_published
        ON navigation_versions(published_at_utc, profile_id, version);
      CREATE INDEX datasource_versions_published
        ON datasource_versions(published_at_utc, entity, version);
    `,
  },
];
