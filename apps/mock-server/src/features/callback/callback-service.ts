import {
  type BookmarkState,
  type FieldValue,
  KeepAliveCommandSchema,
  Messages,
  type RecordVersion,
  type SiteMapNode,
  SiteMapXmlCommandSchema,
  TabSelectCommandSchema,
  TemplateCacheRefreshCommandSchema,
  ToggleBookmarkCommandSchema,
  TranslationGetCommandSchema,
  type TranslationResult,
  TranslationSaveCommandSchema,
  type XmlElementInput,
  XmlOfComponentNameCommandSchema,
  XmlOfIdCommandSchema,
} from '@procedo/client-api';
import { z } from 'zod';
import { isAppError } from '../../errors/app-error';
import { readOnlyTimepoint, type Timepoint } from '../../http/timepoint';
import type { BookmarksService } from '../bookmarks/bookmarks-service';
import type { FormsService } from '../forms/forms-service';
import { getSiteMap, NavigationError } from '../navigation/navigation-service';
import type { RecordsService } from '../records/records-service';
import { getResourceComponent } from '../resources/resources-service';
import type { AuthContext } from '../session/session-service';
import type { TranslationsService } from '../translations/translations-service';
import { CallbackError, type CommandFields } from './callback-xml';

/** What a command answers. */
export type CommandOutcome =
  | { type: 'ok'; result?: string | XmlElementInput | XmlElementInput[] }
  /** The command ran but could not do what was asked: 200, Status ERROR. */
  | { type: 'error'; message: string }
  /** Fault injection only: an HTML page instead of a Response. */
  | { type: 'html'; html: string };

interface CommandHandler {
  schema: z.core.$ZodType;
  run?: (command: never, auth: AuthContext, timepoint: Timepoint | null) => Promise<CommandOutcome>;
  /** Reads only: allowed while the caller views a timepoint (every other command is refused then). */
  reads?: true;
}

/** A Command type, with its handlers by CommandName ('' when the type has no CommandName). */
type CommandTable = Record<string, Record<string, CommandHandler>>;

const DiagnosticsFailSchema = z.strictObject({ CommandType: z.literal('Diagnostics.Fail') });
const DiagnosticsHtmlSchema = z.strictObject({ CommandType: z.literal('Diagnostics.Html') });

/** The HTML page `Diagnostics.Html` answers, as a misconfigured proxy or framework error page would. */
export const DIAGNOSTICS_HTML_PAGE =
  '<!doctype html><html><head><title>Server Error</title></head><body><h1>Server Error in Application</h1><p>Diagnostics.Html: an HTML page where XML was expected.</p></body></html>';

function siteMapElement(nodes: SiteMapNode[]): XmlElementInput {
  const toElement = (node: SiteMapNode): XmlElementInput => ({
    name: 'Node',
    attributes: {
      ...(node.id === undefined ? {} : { Id: String(node.id) }),
      Title: node.title,
      Url: node.url,
      Description: node.description,
    },
    children: node.children.map(toElement),
  });
  return { name: 'SiteMap', children: nodes.map(toElement) };
}

/** `Web.Data.XmlOfId` Params the server reads. */
const XML_OF_ID_PARAMS = ['Version'];

/**
 * DataId is `<WebTemplateNo>:<record id>`, or `<WebTemplateNo>:<record id>:<element Name>` for one
 * element's data (spec §7 "element data as JSON"): the form decides the entity and the permissions.
 */
function parseDataId(dataId: string): { webTemplateNo: number; id: number; element: string | null } {
  const match = /^([1-9]\d{0,9}):([1-9]\d{0,14})(?::([A-Za-z][A-Za-z0-9_]{0,63}))?$/.exec(dataId.trim());
  if (!match)
    throw new CallbackError(
      400,
      'Invalid field DataId: expected <WebTemplateNo>:<record id>[:<element Name>], e.g. 102:17 or 102:17:Name',
    );
  return { webTemplateNo: Number(match[1]), id: Number(match[2]), element: match[3] ?? null };
}

/** One element's data: `{ Name, Value }` as JSON, or `<Element Name="…"><Name>…</Name></Element>`. */
function elementResult(record: RecordVersion, name: string, returnType: string | undefined): CommandOutcome {
  // The record holds the form's visible values only: a hidden element reads as one the form lacks.
  if (!Object.hasOwn(record.Values, name)) {
    return { type: 'error', message: `The record has no element ${name} that you can read` };
  }
  const value = record.Values[name] ?? null;
  return {
    type: 'ok',
    result:
      returnType === 'Json'
        ? JSON.stringify({ Name: name, Value: value })
        : { name: 'Element', attributes: { Name: name }, children: [valueElement(name, value)] },
  };
}

/** A field value as XML: text; a picker or file as attributes plus its text; null as an empty element. */
function valueElement(name: string, value: FieldValue): XmlElementInput {
  if (value === null) return { name };
  if (typeof value === 'object') {
    if ('FileName' in value) {
      return {
        name,
        attributes: { Id: value.Id, Size: String(value.Size), ContentType: value.ContentType },
        children: [value.FileName],
      };
    }
    return { name, attributes: { Id: value.Id }, children: [value.Text] };
  }
  return { name, children: [String(value)] };
}

/** A record version as the XML Result of `Web.Data.XmlOfId`. */
function recordElement(record: RecordVersion): XmlElementInput {
  return {
    name: 'Record',
    attributes: {
      Id: String(record.Id),
      Entity: record.Entity,
      Version: String(record.Version),
      IsDeleted: String(record.IsDeleted),
      UpdatedBy: record.UpdatedBy,
      UpdatedAt: record.UpdatedAt,
    },
    children: Object.entries(record.Values).map(([name, value]) => valueElement(name, value)),
  };
}

/** One message naming every missing, unknown or invalid field. */
function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .flatMap((issue) => {
      const field = issue.path.join('.');
      if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `Unknown field ${key}`);
      if (issue.code === 'invalid_type' && issue.input === undefined) return [`Missing field ${field}`];
      return [`Invalid field ${field}: ${issue.message}`];
    })
    .join('; ');
}

/** Runs callback commands for a signed-in session. */
export interface CallbackService {
  /** Runs a command; `timepoint` is the instant the caller views (X-Procedo-Timepoint), if any. */
  execute(fields: CommandFields, auth: AuthContext, timepoint?: Timepoint | null): Promise<CommandOutcome>;
}

/** Creates the {@link CallbackService}: the CONTRACT command table, some commands still to come. */
export function createCallbackService(options: {
  faultInjection: boolean;
  forms: FormsService;
  records: RecordsService;
  bookmarks: BookmarksService;
  translations: TranslationsService;
  /** Tells every server that a database's definitions changed (they drop their caches of it). */
  definitionsChanged: (database: string) => Promise<void>;
}): CallbackService {
  const { translations } = options;
  /** A translation command's outcome: its Result as JSON text; an expected refusal keeps its HTTP status. */
  const translation = async (work: () => Promise<TranslationResult>): Promise<CommandOutcome> => {
    try {
      return { type: 'ok', result: JSON.stringify(await work()) };
    } catch (error) {
      if (isAppError(error) && error.status < 500) throw new CallbackError(error.status, error.message);
      throw error;
    }
  };
  const table: CommandTable = {
    'Web.Session': {
      KeepAlive: {
        schema: KeepAliveCommandSchema,
        reads: true,
        // The session guard has already moved the deadline; Result is the new one.
        run: async (_command: never, auth: AuthContext) => ({
          type: 'ok',
          result: new Date(auth.session.expiresAt).toISOString(),
        }),
      },
    },
    'Web.Resources.XmlOfComponentName': {
      '': {
        schema: XmlOfComponentNameCommandSchema,
        reads: true,
        run: async (command: z.infer<typeof XmlOfComponentNameCommandSchema>, auth: AuthContext) => {
          const texts = await getResourceComponent(auth.database, command.ComponentName);
          if (!texts)
            return { type: 'error', message: `Unknown resource component '${command.ComponentName}'` };
          return {
            type: 'ok',
            result: {
              name: 'Resources',
              attributes: { Component: command.ComponentName },
              children: texts.map((text) => ({
                name: 'Resource',
                attributes: { Name: text.name },
                children: [text.text],
              })),
            },
          };
        },
      },
    },
    'Profile.Navigation.SiteMap.Xml': {
      '': {
        schema: SiteMapXmlCommandSchema,
        reads: true,
        run: async (
          command: z.infer<typeof SiteMapXmlCommandSchema>,
          auth: AuthContext,
          timepoint: Timepoint | null,
        ) => {
          try {
            const profileId =
              command.ProfileId === undefined ? auth.user.profileId : Number(command.ProfileId);
            const nodes = await getSiteMap({
              database: auth.database,
              user: auth.user,
              profileId,
              xPathQuery: command.xPathQuery,
              timepoint,
            });
            return {
              type: 'ok',
              result: siteMapElement(await translations.translateSiteMap(auth, profileId, nodes)),
            };
          } catch (error) {
            if (!(error instanceof NavigationError)) throw error;
            if (error.reason === 'unsupported-query') throw new CallbackError(400, error.message);
            return { type: 'error', message: error.message };
          }
        },
      },
    },
    'Web.Data.XmlOfId': {
      '': {
        schema: XmlOfIdCommandSchema,
        reads: true,
        run: async (
          command: z.infer<typeof XmlOfIdCommandSchema>,
          auth: AuthContext,
          timepoint: Timepoint | null,
        ) => {
          const { webTemplateNo, id, element } = parseDataId(command.DataId);
          const params = command.Params ?? {};
          for (const name of Object.keys(params)) {
            if (!XML_OF_ID_PARAMS.includes(name)) throw new CallbackError(400, `Unknown Param ${name}`);
          }
          const version = params.Version;
          if (version !== undefined && !/^[1-9]\d{0,9}$/.test(version)) {
            throw new CallbackError(400, 'Invalid Param Version: must be a positive integer');
          }
          let record: RecordVersion;
          try {
            record = await options.records.readRecord(auth, webTemplateNo, id, {
              ...(version === undefined ? {} : { version: Number(version) }),
              ...(timepoint ? { atIso: timepoint.iso } : {}),
            });
          } catch (error) {
            if (isAppError(error) && error.status < 500) return { type: 'error', message: error.message };
            throw error;
          }
          if (element !== null) return elementResult(record, element, command.ReturnType);
          return {
            type: 'ok',
            result: command.ReturnType === 'Json' ? JSON.stringify(record) : recordElement(record),
          };
        },
      },
    },
    'Template.CacheRefresh': {
      '': {
        schema: TemplateCacheRefreshCommandSchema,
        run: async (_command: never, auth: AuthContext) => {
          await options.definitionsChanged(auth.database.id);
          return { type: 'ok' };
        },
      },
    },
    ToggleBookmarkSelectedRecord: {
      '': {
        schema: ToggleBookmarkCommandSchema,
        // Not `reads`: it changes the user's data, so a timepoint refuses it (409).
        run: async (command: z.infer<typeof ToggleBookmarkCommandSchema>, auth: AuthContext) => {
          let state: BookmarkState;
          try {
            state = await options.bookmarks.toggle(
              auth,
              Number(command.BookmarkTableId),
              Number(command.BookmarkRecordId),
            );
          } catch (error) {
            // A record the user cannot see (404, nothing stored), or the bookmark cap (400): its
            // message, with its HTTP status.
            if (isAppError(error) && error.status < 500) throw new CallbackError(error.status, error.message);
            throw error;
          }
          return {
            type: 'ok',
            result: {
              name: 'Bookmark',
              attributes: {
                TableId: String(state.TableId),
                RecordId: String(state.RecordId),
                Selected: String(state.Selected),
              },
            },
          };
        },
      },
    },
    wtoElementExecCommand: {
      'entity.translation.get': {
        schema: TranslationGetCommandSchema,
        reads: true,
        run: (command: z.infer<typeof TranslationGetCommandSchema>, auth: AuthContext) =>
          translation(() => translations.get(auth, command)),
      },
      'entity.translation.save': {
        schema: TranslationSaveCommandSchema,
        run: (command: z.infer<typeof TranslationSaveCommandSchema>, auth: AuthContext) =>
          translation(() => translations.save(auth, command)),
      },
      'Tab.Select': {
        schema: TabSelectCommandSchema,
        run: async (command: z.infer<typeof TabSelectCommandSchema>, auth: AuthContext) => {
          // SrcElementID is `<WebTemplateNo>:<tab Name>`; anything else is a tab the user cannot see.
          const match = /^([1-9]\d{0,9}):([A-Za-z][A-Za-z0-9_]{0,63})$/.exec(command.SrcElementID.trim());
          let selected = false;
          try {
            selected = match ? await options.forms.selectTab(auth, Number(match[1]), match[2]!) : false;
          } catch (error) {
            // A form the user may not open: its own message, not the generic tab one.
            if (isAppError(error) && error.status < 500) return { type: 'error', message: error.message };
            throw error;
          }
          if (!selected) return { type: 'error', message: Messages.tabSelectError };
          return { type: 'ok', result: match![2]! };
        },
      },
    },
  };
  if (options.faultInjection) {
    table['Diagnostics.Fail'] = {
      '': {
        schema: DiagnosticsFailSchema,
        run: async () => {
          throw new Error('Diagnostics.Fail: injected failure');
        },
      },
    };
    table['Diagnostics.Html'] = {
      '': { schema: DiagnosticsHtmlSchema, run: async () => ({ type: 'html', html: DIAGNOSTICS_HTML_PAGE }) },
    };
  }

  return {
    async execute(fields, auth, timepoint = null) {
      const type = fields.CommandType;
      if (type === undefined) throw new CallbackError(400, 'Missing field CommandType');
      if (typeof type !== 'string' || !Object.hasOwn(table, type)) {
        throw new CallbackError(400, `Unknown CommandType '${String(type)}'`);
      }
      const byName = table[type]!;
      let handler = byName[''];
      let label = type;
      if (!handler) {
        const name = fields.CommandName;
        if (name === undefined)
          throw new CallbackError(400, `Missing field CommandName (CommandType ${type})`);
        if (typeof name !== 'string' || !Object.hasOwn(byName, name)) {
          throw new CallbackError(400, `Unknown CommandName '${String(name)}' for CommandType ${type}`);
        }
        handler = byName[name]!;
        label = `${type} ${name}`;
      }
      if (!handler.run)
        throw new CallbackError(400, `The command ${label} is not available on this server yet`);
      // CONTRACT "Time travel": a command that changes data is refused at a timepoint.
      if (timepoint && !handler.reads) throw new CallbackError(409, readOnlyTimepoint().message);
      const parsed = z.safeParse(handler.schema, fields);
      if (!parsed.success) throw new CallbackError(400, describeIssues(parsed.error));
      return handler.run(parsed.data as never, auth, timepoint);
    },
  };
}
