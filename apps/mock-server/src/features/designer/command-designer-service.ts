import {
  type ApiIssue,
  type CommandDefinition,
  type ProcessCommandDefinition,
  ProcessCommandDefinitionSchema,
} from '@procedo/client-api';
import {
  type CommandDiff,
  type DefinitionVersionList,
  type DesignerCommand,
  type DesignerCommandList,
  diffCommandSteps,
  type PublishCommandRequestSchema,
  type PublishedCommandVersion,
} from '@procedo/client-api/designer';
import type { z } from 'zod';
import type { DatabaseEntry } from '../../db/catalog';
import type { AuthContext } from '../session/session-service';
import type { StoredVersion } from './version-table';
import { createVersionedDefinitions, stampOf } from './versioned-definitions';

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

/** Process commands as the designer's versioned kind; the key is the command's id. */
const commands = createVersionedDefinitions<CommandDefinition, StoredVersion>({
  noun: 'process command',
  conflictNoun: 'command',
  store: (database) => database.stores.commandVersions,
  parse(database, stored) {
    const parsed = ProcessCommandDefinitionSchema.safeParse(JSON.parse(stored.json));
    if (!parsed.success) {
      throw new Error(
        `Command ${stored.key} version ${stored.version} in database ${database.id} is not a valid command`,
        { cause: parsed.error },
      );
    }
    return toWire(parsed.data);
  },
  diff: diffCommandSteps,
});

const toDesignerCommand = (database: DatabaseEntry, stored: StoredVersion): DesignerCommand => ({
  CommandId: stored.key,
  ...stampOf(stored),
  Command: commands.parse(database, stored),
});

/** Creates the {@link CommandDesignerService}. */
export function createCommandDesignerService(options: {
  now: () => number;
  /** Tells every server that a database's definitions changed (they drop their caches of it). */
  definitionsChanged: (database: string) => Promise<void>;
}): CommandDesignerService {
  const { now } = options;

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
          const { Name, Description, Steps } = commands.parse(auth.database, row);
          return {
            CommandId: row.key,
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
      return toDesignerCommand(auth.database, await commands.stored(auth.database, id));
    },

    versions: commands.versions,

    async version(auth, id, version) {
      return toDesignerCommand(auth.database, await commands.stored(auth.database, id, version));
    },

    diff: commands.diff,

    async publish(auth, id, body) {
      const draft = body.Command;
      await commands.checkDraft(auth, id, body.BaseVersion, (current) =>
        publishIssues(auth.database, draft, current),
      );
      const definition = toStored(draft);
      const result = await auth.database.stores.commandVersions.publish({
        key: id,
        baseVersion: body.BaseVersion,
        json: JSON.stringify(definition),
        command: definition,
        steps: definition.steps.map((step) => JSON.stringify(step)),
        publishedAt: new Date(now()).toISOString(),
        publishedBy: auth.user.name,
        changeNote: body.ChangeNote,
      });
      if (!result.ok) throw commands.refusal(id, result);
      // New processes start with the new version, on every server; running ones keep theirs.
      await options.definitionsChanged(auth.database.id);
      return { ...stampOf(result.version), Command: draft };
    },
  };
}
