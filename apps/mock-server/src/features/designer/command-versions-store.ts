import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';

/** One published version of a process command, not yet validated. */
export interface StoredCommandVersion {
  commandId: number;
  version: number;
  /** The command's fields and ordered steps, as the engine stores them. */
  json: string;
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
}

/** What a publish stores: the command row's fields and its steps' JSON, in order. */
export interface PublishCommandInput {
  commandId: number;
  /** The version the draft started from: the publish is refused unless it is still the latest. */
  baseVersion: number;
  json: string;
  command: { description: string; openFlow: boolean; start: boolean; askName: boolean };
  steps: readonly string[];
  /** Now; raised past the latest version's stamp so versions stay in time order. */
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
}

export type PublishCommandResult =
  | { ok: true; version: StoredCommandVersion }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'stale'; currentVersion: number };

/** The published versions of process commands (append-only) of one database. */
export interface CommandVersionStore {
  /** Every command's current version, by id. */
  listCurrent(): Promise<StoredCommandVersion[]>;
  /** A command's versions, newest first. */
  list(commandId: number): Promise<Omit<StoredCommandVersion, 'json'>[]>;
  get(commandId: number, version: number): Promise<StoredCommandVersion | null>;
  latest(commandId: number): Promise<StoredCommandVersion | null>;
  /** Which of `names` no command is named. */
  unknownCommands(names: readonly string[]): Promise<string[]>;
  /**
   * In one write transaction: refuses a stale base, else appends the version and makes it the
   * command's current definition (`process_commands`, `process_command_steps`).
   */
  publish(input: PublishCommandInput): Promise<PublishCommandResult>;
}

interface VersionRow {
  command_id: number;
  version: number;
  json: string;
  published_at_utc: string;
  published_by: string;
  change_note: string;
}

const toVersion = (row: VersionRow): StoredCommandVersion => ({
  commandId: row.command_id,
  version: row.version,
  json: row.json,
  publishedAt: row.published_at_utc,
  publishedBy: row.published_by,
  changeNote: row.change_note,
});

/** {@link CommandVersionStore} on SQLite. */
export function createSqliteCommandVersionStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): CommandVersionStore {
  const current = db.prepare<[], VersionRow>(
    `SELECT v.* FROM process_commands AS c
     JOIN process_command_versions AS v ON v.command_id = c.id
       AND v.version = (SELECT max(version) FROM process_command_versions WHERE command_id = c.id)
     ORDER BY c.id`,
  );
  const list = db.prepare<[number], Omit<VersionRow, 'json'>>(
    `SELECT command_id, version, published_at_utc, published_by, change_note
     FROM process_command_versions WHERE command_id = ? ORDER BY version DESC`,
  );
  const one = db.prepare<[number, number], VersionRow>(
    'SELECT * FROM process_command_versions WHERE command_id = ? AND version = ?',
  );
  const latest = db.prepare<[number], VersionRow>(
    'SELECT * FROM process_command_versions WHERE command_id = ? ORDER BY version DESC LIMIT 1',
  );
  const named = db.prepare<[string], { id: number }>('SELECT id FROM process_commands WHERE name = ?');
  const insert = db.prepare(
    `INSERT INTO process_command_versions (command_id, version, json, published_at_utc, published_by, change_note)
     VALUES (@commandId, @version, @json, @publishedAt, @publishedBy, @changeNote)`,
  );
  const updateCommand = db.prepare(
    `UPDATE process_commands SET description = @description, open_flow = @openFlow, start = @start,
       ask_name = @askName WHERE id = @id`,
  );
  const deleteSteps = db.prepare<[number]>('DELETE FROM process_command_steps WHERE command_id = ?');
  const insertStep = db.prepare<[number, number, string]>(
    'INSERT INTO process_command_steps (command_id, position, definition_json) VALUES (?, ?, ?)',
  );

  return {
    async listCurrent() {
      return current.all().map(toVersion);
    },
    async list(commandId) {
      return list.all(commandId).map((row) => ({
        commandId: row.command_id,
        version: row.version,
        publishedAt: row.published_at_utc,
        publishedBy: row.published_by,
        changeNote: row.change_note,
      }));
    },
    async get(commandId, version) {
      const row = one.get(commandId, version);
      return row ? toVersion(row) : null;
    },
    async latest(commandId) {
      const row = latest.get(commandId);
      return row ? toVersion(row) : null;
    },
    async unknownCommands(names) {
      return names.filter((name) => named.get(name) === undefined);
    },
    publish(input) {
      return write((): PublishCommandResult => {
        const last = latest.get(input.commandId);
        if (!last) return { ok: false, reason: 'missing' };
        if (last.version !== input.baseVersion) {
          return { ok: false, reason: 'stale', currentVersion: last.version };
        }
        // Strictly later than the previous version, so versions stay in time order.
        const floor = Date.parse(last.published_at_utc) + 1;
        const publishedAt =
          Date.parse(input.publishedAt) >= floor ? input.publishedAt : new Date(floor).toISOString();
        const stored: StoredCommandVersion = {
          commandId: input.commandId,
          version: last.version + 1,
          json: input.json,
          publishedAt,
          publishedBy: input.publishedBy,
          changeNote: input.changeNote,
        };
        insert.run(stored);
        // The current version (a new process's steps, the creatable-commands list); running
        // processes read theirs from process_command_versions.
        updateCommand.run({
          id: input.commandId,
          description: input.command.description,
          openFlow: input.command.openFlow ? 1 : 0,
          start: input.command.start ? 1 : 0,
          askName: input.command.askName ? 1 : 0,
        });
        deleteSteps.run(input.commandId);
        input.steps.forEach((json, position) => {
          insertStep.run(input.commandId, position, json);
        });
        return { ok: true, version: stored };
      });
    },
  };
}
