import type { PgDatabase, PgExecutor } from '../../db/pg';
import { type CommandRow, type CommandStepRow, toCommands, toCommandVersion } from './process-command-rows';
import type { CommandRecord } from './processes-store';

const COMMANDS_SQL = `SELECT c.*, coalesce((SELECT max(version) FROM process_command_versions WHERE command_id = c.id), 1) AS version
  FROM process_commands AS c ORDER BY c.id`;
const COMMAND_STEPS_SQL =
  'SELECT command_id, definition_json FROM process_command_steps ORDER BY command_id, position';
const VERSION_SQL = 'SELECT json FROM process_command_versions WHERE command_id = $1 AND version = $2';

/**
 * The command reads of the PostgreSQL process store. Each read takes the transaction it runs in
 * (`tx`), or null outside one: a read inside a transaction uses its connection, never a second one
 * from the pool (transactions waiting on the pool for each other would deadlock it).
 */
export interface PgCommandReads {
  listCommands(tx: PgExecutor | null): Promise<CommandRecord[]>;
  getCommandVersion(tx: PgExecutor | null, id: number, version: number): Promise<CommandRecord | null>;
  commandsChanged(): void;
}

/**
 * The current definitions change only by a publish (commandsChanged), so they are read once per
 * publish; a published version never changes (append-only), so it is read once. The cache stays
 * in this server's memory.
 */
export function createPgCommandReads(db: PgDatabase): PgCommandReads {
  let commands: Promise<CommandRecord[]> | null = null;
  const versions = new Map<string, CommandRecord | null>();
  const read = async (on: PgExecutor) =>
    toCommands(await on.many<CommandRow>(COMMANDS_SQL), await on.many<CommandStepRow>(COMMAND_STEPS_SQL));

  const listCommands = (tx: PgExecutor | null): Promise<CommandRecord[]> => {
    if (commands) return commands;
    // A transaction's snapshot may be older than a publish this server has already seen: what it
    // reads is its own, not the cache's.
    if (tx) return read(tx);
    // Both statements in one snapshot, so a publish between them cannot mix two versions.
    const loading = db.transaction((own) => read(own));
    commands = loading;
    loading.catch(() => {
      if (commands === loading) commands = null;
    });
    return loading;
  };

  return {
    listCommands,
    async getCommandVersion(tx, id, version) {
      const key = `${id}:${version}`;
      if (versions.has(key)) return versions.get(key) ?? null;
      const row = await (tx ?? db).one<{ json: string }>(VERSION_SQL, [id, version]);
      const current = row ? [] : await listCommands(tx);
      const record = toCommandVersion(id, version, row?.json ?? null, () => current);
      // A published version is kept for good; a fallback read in a transaction is that transaction's.
      if (row || !tx) versions.set(key, record);
      return record;
    },
    commandsChanged() {
      commands = null;
    },
  };
}
