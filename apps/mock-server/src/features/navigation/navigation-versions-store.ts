import { BACKFILL_NAVIGATION_VERSIONS } from '../../db/migrations/navigation-versions';
import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import type { NavigationNodeRecord } from './navigation-store';

/** One published version of a profile's navigation; `json` is its nodes as flat records. */
export interface StoredNavigationVersion {
  profileId: number;
  version: number;
  /** `NavigationNodeRecord[]` (a publish's are parents first; read in any order). */
  json: string;
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
}

/** A node of a publish, parents before children. */
export interface PublishNavigationNode {
  /** A kept node's id; null for a new node (it gets an id never used before). */
  id: number | null;
  /** The index of its parent in the list; null at the top. */
  parent: number | null;
  position: number;
  title: string;
  url: string | null;
  description: string | null;
}

export interface PublishNavigationInput {
  profileId: number;
  /** The version the draft started from: the publish is refused unless it is still the latest. */
  baseVersion: number;
  nodes: readonly PublishNavigationNode[];
  /** Now; raised past the latest version's stamp so versions stay in time order. */
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
}

export type PublishNavigationResult =
  | { ok: true; version: StoredNavigationVersion; records: NavigationNodeRecord[] }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'stale'; currentVersion: number };

/** The published versions of profiles' navigations (append-only) of one database. */
export interface NavigationVersionStore {
  /** Every profile with its latest version. */
  listCurrent(): Promise<(StoredNavigationVersion & { name: string })[]>;
  /** A profile's versions, newest first. */
  list(profileId: number): Promise<Omit<StoredNavigationVersion, 'json'>[]>;
  get(profileId: number, version: number): Promise<StoredNavigationVersion | null>;
  latest(profileId: number): Promise<StoredNavigationVersion | null>;
  /** Every node id any version of the profile's navigation had. */
  knownIds(profileId: number): Promise<Set<number>>;
  /** The version in force at `iso` (the latest published at or before it). */
  inForceAt(profileId: number, iso: string): Promise<StoredNavigationVersion | null>;
  /** Which of the ids name no form, process command or dashboard. */
  unknownTargets(targets: { forms: number[]; commands: number[]; dashboards: number[] }): Promise<{
    forms: number[];
    commands: number[];
    dashboards: number[];
  }>;
  /**
   * In one write transaction: refuses a stale base, else appends the version and rewrites the
   * profile's `navigation_nodes` to it — kept nodes keep their ids, new ones get new ids, the
   * rest are deleted.
   */
  publish(input: PublishNavigationInput): Promise<PublishNavigationResult>;
}

interface VersionRow {
  profile_id: number;
  version: number;
  json: string;
  published_at_utc: string;
  published_by: string;
  change_note: string;
}

const toVersion = (row: VersionRow): StoredNavigationVersion => ({
  profileId: row.profile_id,
  version: row.version,
  json: row.json,
  publishedAt: row.published_at_utc,
  publishedBy: row.published_by,
  changeNote: row.change_note,
});

/** {@link NavigationVersionStore} on SQLite. */
export function createSqliteNavigationVersionStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): NavigationVersionStore {
  const current = db.prepare<[], VersionRow & { name: string }>(
    `SELECT v.*, p.name FROM profiles AS p
     JOIN navigation_versions AS v ON v.profile_id = p.id
       AND v.version = (SELECT max(version) FROM navigation_versions WHERE profile_id = p.id)
     ORDER BY p.id`,
  );
  const list = db.prepare<[number], Omit<VersionRow, 'json'>>(
    `SELECT profile_id, version, published_at_utc, published_by, change_note
     FROM navigation_versions WHERE profile_id = ? ORDER BY version DESC`,
  );
  const one = db.prepare<[number, number], VersionRow>(
    'SELECT * FROM navigation_versions WHERE profile_id = ? AND version = ?',
  );
  const latest = db.prepare<[number], VersionRow>(
    'SELECT * FROM navigation_versions WHERE profile_id = ? ORDER BY version DESC LIMIT 1',
  );
  const inForce = db.prepare<[number, string], VersionRow>(
    `SELECT * FROM navigation_versions WHERE profile_id = ? AND published_at_utc <= ?
     ORDER BY published_at_utc DESC LIMIT 1`,
  );
  const hasForm = db.prepare<[number], 1>('SELECT 1 FROM form_definitions WHERE web_template_no = ?').pluck();
  const hasCommand = db.prepare<[number], 1>('SELECT 1 FROM process_commands WHERE id = ?').pluck();
  const hasDashboard = db.prepare<[number], 1>('SELECT 1 FROM dashboards WHERE id = ?').pluck();
  const backfill = db.prepare(BACKFILL_NAVIGATION_VERSIONS);
  const hasProfile = db.prepare<[number], 1>('SELECT 1 FROM profiles WHERE id = ?').pluck();
  // Never reuse an id a node once had: translations and bookmarks are keyed by it.
  const maxId = db
    .prepare<[], number>(
      `SELECT max(coalesce((SELECT max(id) FROM navigation_nodes), 0),
                  coalesce((SELECT max(n.value ->> 'id') FROM navigation_versions AS v, json_each(v.json) AS n), 0))`,
    )
    .pluck();
  const known = db
    .prepare<[number], number>(
      `SELECT DISTINCT n.value ->> 'id' FROM navigation_versions AS v, json_each(v.json) AS n
       WHERE v.profile_id = ?`,
    )
    .pluck();
  const profileIds = db
    .prepare<[number], number>('SELECT id FROM navigation_nodes WHERE profile_id = ?')
    .pluck();
  const insertNode = db.prepare(
    `INSERT INTO navigation_nodes (id, profile_id, parent_id, position, title, url, description)
     VALUES (@id, @profileId, @parentId, @position, @title, @url, @description)`,
  );
  const updateNode = db.prepare(
    `UPDATE navigation_nodes SET parent_id = @parentId, position = @position, title = @title, url = @url,
       description = @description WHERE id = @id AND profile_id = @profileId`,
  );
  const deleteNode = db.prepare<[number]>('DELETE FROM navigation_nodes WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO navigation_versions (profile_id, version, json, published_at_utc, published_by, change_note)
     VALUES (@profileId, @version, @json, @publishedAt, @publishedBy, @changeNote)`,
  );

  return {
    async listCurrent() {
      return current.all().map((row) => ({ ...toVersion(row), name: row.name }));
    },
    async list(profileId) {
      return list.all(profileId).map((row) => ({
        profileId: row.profile_id,
        version: row.version,
        publishedAt: row.published_at_utc,
        publishedBy: row.published_by,
        changeNote: row.change_note,
      }));
    },
    async get(profileId, version) {
      const row = one.get(profileId, version);
      return row ? toVersion(row) : null;
    },
    async latest(profileId) {
      const row = latest.get(profileId);
      return row ? toVersion(row) : null;
    },
    async knownIds(profileId) {
      return new Set(known.all(profileId));
    },
    async inForceAt(profileId, iso) {
      const row = inForce.get(profileId, iso);
      return row ? toVersion(row) : null;
    },
    async unknownTargets({ forms, commands, dashboards }) {
      return {
        forms: forms.filter((no) => hasForm.get(no) === undefined),
        commands: commands.filter((id) => hasCommand.get(id) === undefined),
        dashboards: dashboards.filter((id) => hasDashboard.get(id) === undefined),
      };
    },
    publish(input) {
      return write((): PublishNavigationResult => {
        if (hasProfile.get(input.profileId) === undefined) return { ok: false, reason: 'missing' };
        // A profile added after the migration (and the seed) starts at its nodes as version 1.
        backfill.run();
        const last = latest.get(input.profileId);
        if (!last) return { ok: false, reason: 'missing' };
        if (last.version !== input.baseVersion) {
          return { ok: false, reason: 'stale', currentVersion: last.version };
        }
        let next = (maxId.get() ?? 0) + 1;
        const records: NavigationNodeRecord[] = [];
        for (const node of input.nodes) {
          const id = node.id ?? next++;
          const record: NavigationNodeRecord = {
            id,
            parentId: node.parent === null ? null : records[node.parent]!.id,
            position: node.position,
            title: node.title,
            url: node.url,
            description: node.description,
          };
          const row = { ...record, profileId: input.profileId };
          // A node of an older version published again (a revert) comes back under its id.
          if (node.id === null || updateNode.run(row).changes === 0) insertNode.run(row);
          records.push(record);
        }
        const kept = new Set(records.map((record) => record.id));
        for (const id of profileIds.all(input.profileId)) if (!kept.has(id)) deleteNode.run(id);

        // Strictly later than the previous version, so versions stay in time order.
        const floor = Date.parse(last.published_at_utc) + 1;
        const publishedAt =
          Date.parse(input.publishedAt) >= floor ? input.publishedAt : new Date(floor).toISOString();
        const stored: StoredNavigationVersion = {
          profileId: input.profileId,
          version: last.version + 1,
          json: JSON.stringify(records),
          publishedAt,
          publishedBy: input.publishedBy,
          changeNote: input.changeNote,
        };
        insert.run(stored);
        return { ok: true, version: stored, records };
      });
    },
  };
}
