import {
  type ElementPermission,
  FORM_SCHEMA_VERSION,
  type FormDefinition,
  FormDefinitionSchema,
  type FormResponse,
} from '@procedo/client-api';
import type { DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/session-service';
import { notFound } from './form-errors';

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

/** Effective permission of each element for the signed-in user. */
export type PermissionMap = Map<string, { hidden: boolean; locked: boolean }>;

/** Forms: definitions (cached), the user's element permissions, global settings and remembered tabs. */
export interface FormsService {
  getForm(auth: AuthContext, webTemplateNo: number): Promise<FormResponse>;
  /** The parsed definition of a form; 404 when the database has none. */
  loadDefinition(database: DatabaseEntry, webTemplateNo: number): Promise<FormDefinition>;
  /** The user's effective element permissions on a form. */
  permissionsOf(auth: AuthContext, definition: FormDefinition): Promise<PermissionMap>;
  /** `Tab.Select`: remembers the tab; false when it is not a visible tab of a form. */
  selectTab(auth: AuthContext, webTemplateNo: number, tabName: string): Promise<boolean>;
  /** The remembered tab of a form, if any. */
  selectedTab(auth: AuthContext, webTemplateNo: number): Promise<string | null>;
  /** `Template.CacheRefresh`: forget every cached definition; the next read loads from the database. */
  refreshCache(): void;
  getSettings(database: DatabaseEntry): Promise<FormSettings>;
}

/** Creates the {@link FormsService}. */
export function createFormsService(options: { now: () => number }): FormsService {
  const { now } = options;
  // Parsed definitions per database id; Template.CacheRefresh empties it.
  let cache = new Map<string, Map<number, FormDefinition>>();

  async function loadDefinition(database: DatabaseEntry, webTemplateNo: number): Promise<FormDefinition> {
    const forDatabase = cache.get(database.id) ?? new Map<number, FormDefinition>();
    cache.set(database.id, forDatabase);
    const cached = forDatabase.get(webTemplateNo);
    if (cached) return cached;
    const stored = await database.stores.forms.getDefinition(webTemplateNo);
    if (!stored) throw notFound(`Unknown form ${webTemplateNo}`);
    // A definition this server cannot read is a server fault (500, logged), never a crash.
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
    forDatabase.set(webTemplateNo, parsed.data);
    return parsed.data;
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
    const direct: PermissionMap = new Map();
    for (const row of [...rows].sort((a, b) =>
      a.ownerType === b.ownerType ? 0 : a.ownerType === 'profile' ? -1 : 1,
    )) {
      direct.set(row.elementName, { hidden: row.hidden, locked: row.locked });
    }
    const effective: PermissionMap = new Map(direct);
    for (const element of definition.Elements) {
      if (element.Kind !== 'tabs') continue;
      const strip = direct.get(element.Name);
      for (const tab of element.Tabs) {
        const own = direct.get(tab.Name);
        const inherited = {
          hidden: Boolean(strip?.hidden || own?.hidden),
          locked: Boolean(strip?.locked || own?.locked),
        };
        if (!inherited.hidden && !inherited.locked) continue;
        for (const child of tab.Elements) {
          const mine = effective.get(child.Name);
          effective.set(child.Name, {
            hidden: inherited.hidden || Boolean(mine?.hidden),
            locked: inherited.locked || Boolean(mine?.locked),
          });
        }
      }
    }
    return effective;
  }

  return {
    getSettings,
    loadDefinition,
    permissionsOf,

    async getForm(auth, webTemplateNo) {
      const definition = await loadDefinition(auth.database, webTemplateNo);
      const permissions = await permissionsOf(auth, definition);
      const settings = await getSettings(auth.database);
      const list: ElementPermission[] = [...permissions].map(([name, p]) => ({
        NAME: name,
        ElementHidden: p.hidden,
        ElementLocked: p.locked,
      }));
      return {
        Definition: definition,
        Permissions: list,
        SupportedFileExtensions: settings.supportedFileExtensions,
        MaxUploadBytes: settings.maxUploadBytes,
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
    },
  };
}
