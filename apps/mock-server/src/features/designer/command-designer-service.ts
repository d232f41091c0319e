import {
  type ApiIssue,
  type CommandDefinition,
  type CommandDiff,
  type DefinitionVersionList,
  type DesignerCommand,
  type DesignerCommandList,
  diffCommandSteps,
  type ProcessCommandDefinition,
  ProcessCommandDefinitionSchema,
  type PublishCommandRequestSchema,
  type PublishedCommandVersion,
} from '@procedo/client-api';
import type { z } from 'zod';
import type { DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../errors/app-error';
import { notFound, validationFailure } from '../forms/form-errors';
import type { AuthContext } from '../session/session-service';
import type { StoredCommandVersion } from './command-versions-store';

/** A parsed publish body. */
export type PublishCommandBody = z.output<typeof PublishCommandRequestSchema>;

/**
 * The process command designer's service (issue 16): the published versions of process
 * commands, their step diffs, and publishing a new version. A process keeps the version it was
 * created with (processes-service reads its steps from it); new ones use the newest. The caller
 * has checked the `design` role.
 */
export interface CommandDesignerService {
  list(auth: AuthContext): Promise<DesignerCommandList>;
  /** The current version; 404 for an unknown command. */
  get(auth: AuthContext, commandId: number): Promise<DesignerCommand>;
  versions(auth: AuthContext, commandId: number): Promise<DefinitionVersionList>;
  version(auth: AuthContext, commandId: number, version: number): Promise<DesignerCommand>;
  diff(auth: AuthContext, commandId: number, from: number, to: number): Promise<CommandDiff>;
  /**
   * Publishes `body.Command` as the command's next version: 400 `VALIDATION` naming each
   * problem's step (`['Command', 'Steps', i, …]`), 409 `CONFLICT` on a stale `BaseVersion`;
   * nothing stored in either.
   */
  publish(auth: AuthContext, commandId: number, body: PublishCommandBody): Promise<PublishedCommandVersion>;
}

const unknownCommand = (id: number) => notFound(`Unknown process command ${id}`);

/** The wire form of a stored command (the engine's field names, camelCase) and back. */
const toWire = (command: ProcessCommandDefinition): CommandDefinition => ({
  Name: command.name,
  Description: command.description,
  OpenFlow: command.openFlow,
  Start: command.start,
  AskName: command.askName,
  Steps: command.steps,
});
const toStored = (command: CommandDefinition): ProcessCommandDefinition => ({
  name: command.Name,
  description: command.Description,
  openFlow: command.OpenFlow,
  start: command.Start,
  askName: command.AskName,
  steps: command.Steps,
});

/** A stored version as this server reads it; one it cannot read is a server fault (500, logged). */
function parseVersion(database: DatabaseEntry, stored: StoredCommandVersion): CommandDefinition {
  const parsed = ProcessCommandDefinitionSchema.safeParse(JSON.parse(stored.json));
  if (!parsed.success) {
    throw new Error(
      `Command ${stored.commandId} version ${stored.version} in database ${database.id} is not a valid command`,
      { cause: parsed.error },
    );
  }
  return toWire(parsed.data);
}

const toDesignerCommand = (database: DatabaseEntry, stored: StoredCommandVersion): DesignerCommand => ({
  CommandId: stored.commandId,
  Version: stored.version,
  PublishedAt: stored.publishedAt,
  PublishedBy: stored.publishedBy,
  ChangeNote: stored.changeNote,
  Command: parseVersion(database, stored),
});

function conflict(currentVersion: number): AppError {
  return new AppError({
    status: 409,
    code: 'CONFLICT',
    message: `Another designer published version ${currentVersion} of this command first: nothing was stored. Open it and apply your changes again.`,
    extra: { CurrentVersion: currentVersion },
  });
}

/** Creates the {@link CommandDesignerService}. */
export function createCommandDesignerService(options: { now: () => number }): CommandDesignerService {
  const { now } = options;

  async function stored(database: DatabaseEntry, id: number, version?: number) {
    const store = database.stores.commandVersions;
    const found = version === undefined ? await store.latest(id) : await store.get(id, version);
    if (found) return found;
    if (version === undefined || !(await store.latest(id))) throw unknownCommand(id);
    throw notFound(`Process command ${id} has no version ${version}`);
  }

  /**
   * What the schema cannot know (paths from the body): a sub-process command must exist — the
   * engine starts it by name — and a version keeps its command's name, which other commands'
   * sub-process steps and the process list name it by.
   */
  async function publishIssues(
    database: DatabaseEntry,
    draft: CommandDefinition,
    current: CommandDefinition,
  ) {
    const issues: ApiIssue[] = [];
    if (draft.Name !== current.Name) {
      issues.push({
        code: 'custom',
        path: ['Command', 'Name'],
        message: `A new version cannot change the command's Name (${current.Name})`,
      });
    }
    const named = draft.Steps.map((step) => step.subProcessCommand).filter((name) => name !== undefined);
    const unknown = new Set(await database.stores.commandVersions.unknownCommands([...new Set(named)]));
    draft.Steps.forEach((step, i) => {
      if (step.subProcessCommand !== undefined && unknown.has(step.subProcessCommand)) {
        issues.push({
          code: 'custom',
          path: ['Command', 'Steps', i, 'subProcessCommand'],
          message: `No process command is named ${step.subProcessCommand}`,
        });
      }
    });
    return issues;
  }

  return {
    async list(auth) {
      const rows = await auth.database.stores.commandVersions.listCurrent();
      return {
        Items: rows.map((row) => {
          const { Name, Description, Steps } = parseVersion(auth.database, row);
          return {
            CommandId: row.commandId,
            Name,
            Description,
            StepCount: Steps.length,
            Version: row.version,
            PublishedAt: row.publishedAt,
            PublishedBy: row.publishedBy,
          };
        }),
      };
    },

    async get(auth, id) {
      return toDesignerCommand(auth.database, await stored(auth.database, id));
    },

    async versions(auth, id) {
      const items = await auth.database.stores.commandVersions.list(id);
      if (items.length === 0) throw unknownCommand(id);
      return {
        Items: items.map((item) => ({
          Version: item.version,
          PublishedAt: item.publishedAt,
          PublishedBy: item.publishedBy,
          ChangeNote: item.changeNote,
        })),
      };
    },

    async version(auth, id, version) {
      return toDesignerCommand(auth.database, await stored(auth.database, id, version));
    },

    async diff(auth, id, from, to) {
      const a = parseVersion(auth.database, await stored(auth.database, id, from));
      const b = parseVersion(auth.database, await stored(auth.database, id, to));
      return { From: from, To: to, Changes: diffCommandSteps(a, b) };
    },

    async publish(auth, id, body) {
      const latest = await stored(auth.database, id);
      const draft = body.Command;
      // A draft's own problems first (like the schema's): the designer fixes them whoever
      // published meanwhile.
      const issues = await publishIssues(auth.database, draft, parseVersion(auth.database, latest));
      if (issues.length > 0) throw validationFailure(issues);
      if (latest.version !== body.BaseVersion) throw conflict(latest.version);

      const definition = toStored(draft);
      const result = await auth.database.stores.commandVersions.publish({
        commandId: id,
        baseVersion: body.BaseVersion,
        json: JSON.stringify(definition),
        command: definition,
        steps: definition.steps.map((step) => JSON.stringify(step)),
        publishedAt: new Date(now()).toISOString(),
        publishedBy: auth.user.name,
        changeNote: body.ChangeNote,
      });
      if (!result.ok) {
        if (result.reason === 'missing') throw unknownCommand(id);
        throw conflict(result.currentVersion);
      }
      // New processes start with the new version; running ones keep theirs.
      auth.database.stores.processes.commandsChanged();
      const { version } = result;
      return {
        Version: version.version,
        PublishedAt: version.publishedAt,
        PublishedBy: version.publishedBy,
        ChangeNote: version.changeNote,
        Command: draft,
      };
    },
  };
}
