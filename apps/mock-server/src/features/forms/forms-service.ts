import {
  type ElementPermission,
  effectivePermissions,
  FORM_SCHEMA_VERSION,
  type FormDefinition,
  FormDefinitionSchema,
  type FormResponse,
  flattenElements,
  isValueElement,
} from '@procedo/client-api';
import type { DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../errors/app-error';
import type { AuthContext } from '../session/session-service';
import { formAccessOf, formForbidden } from './form-access';
import { notFound } from './form-errors';
import type { ElementPermissionRecord } from './forms-store';

/** Global settings every form response carries. */
export interface FormSettings {
  supportedFileExtensions: string[];
  maxUploadBytes: number;
}

/** The defaults of the global settings when a database has none stored. */
export const DEFAULT_SETTINGS: FormSettings = {
  supportedFileExtensions: ['pdf', 'png', 'jpg', 'jpeg', 'txt', 'csv', 'docx', 'xlsx'],
  maxUploadBytes: 5 * 1024 * 1024,
};

/** A parsed definition and when its stored row last changed. */
interface CachedDefinition {
  definition: FormDefinition;
  updatedAt: string;
  /** Its published version. */
  version: number;
}

/** Effective permission of each element for the signed-in user. */
export type PermissionMap = Map<string, { hidden: boolean; locked: boolean }>;

/** A form as the signed-in user may use it. */
export interface OpenedForm {
  definition: FormDefinition;
  /** The user's effective element permissions on the form. */
  permissions: PermissionMap;
  /**
   * The only values this form ever returns to the user: its value elements the user may see,
   * and for a search form its result columns the user may see here and on the form results open.
   */
  visible: ReadonlySet<string>;
  /** The result columns a search row carries (of {@link visible}); null for a form without results. */
  columns: ReadonlySet<string> | null;
}

/** Forms: definitions (cached), the user's element permissions, global settings and remembered tabs. */
export interface FormsService {
  /** `GET forms/{no}`; with `atIso` the definition version in force then (time travel). */
  getForm(auth: AuthContext, webTemplateNo: number, atIso?: string): Promise<FormResponse>;
  /**
   * The parsed definition of a form; 404 when the database has none. With `atIso`, the version
   * in force at that instant (the newest published at or before it).
   */
  loadDefinition(database: DatabaseEntry, webTemplateNo: number, atIso?: string): Promise<FormDefinition>;
  /** The user's effective element permissions on a form. */
  permissionsOf(auth: AuthContext, definition: FormDefinition): Promise<PermissionMap>;
  /**
   * A form for a request of the user: 404 when the database has no such form, 403 `FORBIDDEN`
   * when the user's profile may not open it; with the permissions and the visible values.
   */
  openForm(auth: AuthContext, webTemplateNo: number, atIso?: string): Promise<OpenedForm>;
  /** `Tab.Select`: remembers the tab; false when it is not a visible tab of a form, 403 on a form the user may not open. */
  selectTab(auth: AuthContext, webTemplateNo: number, tabName: string): Promise<boolean>;
  /** The remembered tab of a form, if any. */
  selectedTab(auth: AuthContext, webTemplateNo: number): Promise<string | null>;
  /** `Template.CacheRefresh`: forget every cached definition; the next read loads from the database. */
  refreshCache(): void;
  getSettings(database: DatabaseEntry): Promise<FormSettings>;
}

/** A user's rows and their profile's in the order they apply: the profile's first, the user's override them. */
export function rowsInForce(rows: readonly ElementPermissionRecord[]): ElementPermission[] {
  return [...rows]
    .sort((a, b) => (a.ownerType === b.ownerType ? 0 : a.ownerType === 'profile' ? -1 : 1))
    .map((row) => ({ NAME: row.elementName, ElementHidden: row.hidden, ElementLocked: row.locked }));
}

/**
 * The effective permissions of permission rows on a form: the one rule of the server's reads and
 * writes, the form (client-api) and the permissions editor — tabs and strips pass theirs on.
 */
export function effectiveOf(
  definition: FormDefinition,
  rows: readonly ElementPermissionRecord[],
): PermissionMap {
  return effectivePermissions(definition, rowsInForce(rows));
}

/** Creates the {@link FormsService}. */
export function createFormsService(options: {
  now: () => number;
  /** The definition as the user reads it (their language). @default unchanged */
  translate?: (auth: AuthContext, definition: FormDefinition) => Promise<FormDefinition>;
}): FormsService {
  const { now, translate = async (_auth, definition) => definition } = options;
  // Parsed definitions (with their stored stamp) per database id; Template.CacheRefresh empties it.
  let cache = new Map<string, Map<number, CachedDefinition>>();
  // Past versions read at a timepoint, by database id and `no@version`: a version never changes.
  let pastCache = new Map<string, Map<string, CachedDefinition>>();

  async function loadDefinition(
    database: DatabaseEntry,
    webTemplateNo: number,
    atIso?: string,
  ): Promise<FormDefinition> {
    return (await loadIn(database, webTemplateNo, atIso)).definition;
  }

  /** Checks a stored definition as this server reads it; a bad one is a server fault (500, logged), never a crash. */
  function parseStored(
    database: DatabaseEntry,
    webTemplateNo: number,
    stored: { schemaVersion: number; json: string },
  ): FormDefinition {
    if (stored.schemaVersion !== FORM_SCHEMA_VERSION) {
      throw new Error(
        `Form ${webTemplateNo} in database ${database.id} has schemaVersion ${stored.schemaVersion}; this server reads ${FORM_SCHEMA_VERSION}`,
      );
    }
    const parsed = FormDefinitionSchema.safeParse(JSON.parse(stored.json));
    if (!parsed.success || parsed.data.WebTemplateNo !== webTemplateNo) {
      throw new Error(`Form ${webTemplateNo} in database ${database.id} is not a valid definition`, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  /**
   * The definition in force at `atIso` (now without one). The current version is the cached
   * `form_definitions` row, so reads of "now" cost what they did; an older one is found by the
   * versions' primary key and cached by its number.
   */
  async function loadIn(
    database: DatabaseEntry,
    webTemplateNo: number,
    atIso?: string,
  ): Promise<CachedDefinition> {
    const now = await loadCached(database, webTemplateNo);
    if (atIso === undefined) return now;
    // Before the first version (the seeded one counts from the epoch) the first is shown.
    const version = (await database.stores.definitionVersions.versionAt(webTemplateNo, atIso)) ?? 1;
    if (version === now.version) return now;
    const forDatabase = pastCache.get(database.id) ?? new Map<string, CachedDefinition>();
    pastCache.set(database.id, forDatabase);
    const key = `${webTemplateNo}@${version}`;
    const cached = forDatabase.get(key);
    if (cached) return cached;
    const stored = await database.stores.definitionVersions.get(webTemplateNo, version);
    if (!stored) return now;
    const entry = {
      definition: parseStored(database, webTemplateNo, stored),
      updatedAt: stored.publishedAt,
      version,
    };
    forDatabase.set(key, entry);
    return entry;
  }

  async function loadCached(database: DatabaseEntry, webTemplateNo: number): Promise<CachedDefinition> {
    const forDatabase = cache.get(database.id) ?? new Map<number, CachedDefinition>();
    cache.set(database.id, forDatabase);
    const cached = forDatabase.get(webTemplateNo);
    if (cached) return cached;
    const stored = await database.stores.forms.getDefinition(webTemplateNo);
    if (!stored) throw notFound(`Unknown form ${webTemplateNo}`);
    const entry = {
      definition: parseStored(database, webTemplateNo, stored),
      updatedAt: stored.updatedAt,
      version: stored.version,
    };
    forDatabase.set(webTemplateNo, entry);
    return entry;
  }

  async function getSettings(database: DatabaseEntry): Promise<FormSettings> {
    const stored = await database.stores.forms.getSettings();
    const extensions = stored.SupportedFileExtensions?.split(',')
      .map((entry) => entry.trim().replace(/^\./, '').toLowerCase())
      .filter(Boolean);
    const maxBytes = Number(stored.MaxUploadBytes);
    return {
      supportedFileExtensions: extensions ?? DEFAULT_SETTINGS.supportedFileExtensions,
      maxUploadBytes: Number.isInteger(maxBytes) && maxBytes > 0 ? maxBytes : DEFAULT_SETTINGS.maxUploadBytes,
    };
  }

  /**
   * Spec §3 element permissions of the user on a form: a user-level row overrides the profile's
   * for the same element; a hidden or locked tab strip or tab passes it on to its elements.
   */
  async function permissionsOf(auth: AuthContext, definition: FormDefinition): Promise<PermissionMap> {
    const rows = await auth.database.stores.forms.listPermissions(definition.WebTemplateNo, {
      userId: auth.user.id,
      profileId: auth.user.profileId,
    });
    return effectiveOf(definition, rows);
  }

  /** The names of {@link OpenedForm.visible} and {@link OpenedForm.columns}. */
  async function visibleOf(
    auth: AuthContext,
    definition: FormDefinition,
    permissions: PermissionMap,
    mayOpen: (webTemplateNo: number) => boolean,
    atIso: string | undefined,
  ): Promise<{ visible: Set<string>; columns: Set<string> | null }> {
    const seen = (name: string) => !permissions.get(name)?.hidden;
    const visible = new Set<string>();
    let columns: Set<string> | null = null;
    for (const element of flattenElements(definition)) {
      if (isValueElement(element) && seen(element.Name)) visible.add(element.Name);
      if (element.Kind !== 'results') continue;
      // A column shows a value of the form the rows open: hidden there (or that form closed to
      // the user) means hidden here too.
      let target: PermissionMap | null = new Map();
      if (element.OpenWebTemplateNo !== undefined) {
        target = mayOpen(element.OpenWebTemplateNo)
          ? await permissionsOf(auth, await loadDefinition(auth.database, element.OpenWebTemplateNo, atIso))
          : null;
      }
      columns ??= new Set();
      for (const { Name } of element.Columns) {
        if (target && seen(Name) && !target.get(Name)?.hidden) columns.add(Name);
      }
    }
    for (const name of columns ?? []) visible.add(name);
    return { visible, columns };
  }

  async function openForm(auth: AuthContext, webTemplateNo: number, atIso?: string): Promise<OpenedForm> {
    const definition = await loadDefinition(auth.database, webTemplateNo, atIso);
    const mayOpen = await formAccessOf(auth.database, auth.user.profileId);
    if (!mayOpen(webTemplateNo)) throw formForbidden(webTemplateNo, definition.Title);
    const permissions = await permissionsOf(auth, definition);
    return { definition, permissions, ...(await visibleOf(auth, definition, permissions, mayOpen, atIso)) };
  }

  return {
    getSettings,
    loadDefinition,
    permissionsOf,
    openForm,

    async getForm(auth, webTemplateNo, atIso) {
      const { definition, permissions } = await openForm(auth, webTemplateNo, atIso);
      // Read from the cache openForm has just filled: the stamp of the definition it answers with.
      const { updatedAt } = await loadIn(auth.database, webTemplateNo, atIso);
      const settings = await getSettings(auth.database);
      const list: ElementPermission[] = [...permissions].map(([name, p]) => ({
        NAME: name,
        ElementHidden: p.hidden,
        ElementLocked: p.locked,
      }));
      return {
        // Translation is presentation: names, rules and permissions are the stored definition's.
        Definition: await translate(auth, definition),
        Permissions: list,
        SupportedFileExtensions: settings.supportedFileExtensions,
        MaxUploadBytes: settings.maxUploadBytes,
        DefinitionUpdatedAt: updatedAt,
      };
    },

    async selectTab(auth, webTemplateNo, tabName) {
      let definition: FormDefinition;
      try {
        definition = await loadDefinition(auth.database, webTemplateNo);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return false;
        throw error;
      }
      if (!(await formAccessOf(auth.database, auth.user.profileId))(webTemplateNo)) {
        throw formForbidden(webTemplateNo, definition.Title);
      }
      const permissions = await permissionsOf(auth, definition);
      const visible = definition.Elements.some(
        (element) =>
          element.Kind === 'tabs' &&
          !permissions.get(element.Name)?.hidden &&
          element.Tabs.some((tab) => tab.Name === tabName && !permissions.get(tab.Name)?.hidden),
      );
      if (!visible) return false;
      await auth.database.stores.forms.saveTabSelection({
        userId: auth.user.id,
        webTemplateNo,
        tabName,
        at: new Date(now()).toISOString(),
      });
      return true;
    },

    async selectedTab(auth, webTemplateNo) {
      return auth.database.stores.forms.getTabSelection(auth.user.id, webTemplateNo);
    },

    refreshCache() {
      cache = new Map();
      pastCache = new Map();
    },
  };
}
