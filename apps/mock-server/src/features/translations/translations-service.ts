import type {
  FormDefinition,
  SiteMapNode,
  TranslationGetCommand,
  TranslationResult,
  TranslationSaveCommand,
} from '@procedo/client-api';
import { Messages } from '@procedo/client-api';
import type { DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../errors/app-error';
import type { FormsService } from '../forms/forms-service';
import { requireRole } from '../session/roles';
import type { AuthContext } from '../session/session-service';
import {
  DbEntity,
  FormProperty,
  formText,
  keyString,
  NAVIGATION_FIELDS,
  type TextLookup,
  translateDefinition,
  translateSiteMap,
} from './translation-keys';
import type { LanguageRecord, TranslationKey } from './translations-store';

/**
 * Translations: the translation prompt's commands, and the texts a user sees in their language
 * (`preferences.language`), falling back per text to the default language.
 */
export interface TranslationsService {
  /** The database's languages, the default first. */
  languages(database: DatabaseEntry): Promise<LanguageRecord[]>;
  /** `entity.translation.get`: needs `translation-admin`. */
  get(auth: AuthContext, command: TranslationGetCommand): Promise<TranslationResult>;
  /** `entity.translation.save`: needs `translation-admin`; the default language is the definition's own. */
  save(auth: AuthContext, command: TranslationSaveCommand): Promise<TranslationResult>;
  /** A form definition in the user's language. */
  translateForm(auth: AuthContext, definition: FormDefinition): Promise<FormDefinition>;
  /** A profile's site map in the user's language. */
  translateSiteMap(auth: AuthContext, profileId: number, nodes: SiteMapNode[]): Promise<SiteMapNode[]>;
  /** `Template.CacheRefresh`: forget every cached language overlay. */
  refreshCache(): void;
}

const FORM_TEXT_MAX = 200;

const translationError = (status: number, message: string) =>
  new AppError({ status, code: status === 404 ? 'NOT_FOUND' : 'VALIDATION', message });

/** Creates the {@link TranslationsService}. */
export function createTranslationsService(options: {
  now: () => number;
  forms: Pick<FormsService, 'loadDefinition'>;
  /** Tells every server that a database's definitions changed (they drop their caches of it). */
  definitionsChanged: (database: string) => Promise<void>;
}): TranslationsService {
  const { now, forms } = options;
  // Per database id, then language code: every non-empty translation by key. Saves and
  // Template.CacheRefresh drop it; a page view then costs one indexed read of that language.
  let overlays = new Map<string, Map<string, Promise<Map<string, string>>>>();
  const languageCache = new Map<string, Promise<LanguageRecord[]>>();

  function languages(database: DatabaseEntry): Promise<LanguageRecord[]> {
    let cached = languageCache.get(database.id);
    if (!cached) {
      cached = database.stores.translations.listLanguages();
      languageCache.set(database.id, cached);
      cached.catch(() => languageCache.delete(database.id));
    }
    return cached;
  }

  /** The language a preference reads as: itself, its primary subtag (`de-CH` → `de`), else the default. */
  async function resolve(
    database: DatabaseEntry,
    preference: string,
  ): Promise<{ code: string; isDefault: boolean }> {
    const known = await languages(database);
    const wanted = preference.toLowerCase();
    const match =
      known.find((language) => language.code.toLowerCase() === wanted) ??
      known.find((language) => language.code.toLowerCase() === wanted.split('-')[0]) ??
      known.find((language) => language.isDefault);
    return { code: match?.code ?? preference, isDefault: match?.isDefault ?? true };
  }

  function overlay(database: DatabaseEntry, langCode: string): Promise<Map<string, string>> {
    const forDatabase = overlays.get(database.id) ?? new Map<string, Promise<Map<string, string>>>();
    overlays.set(database.id, forDatabase);
    let cached = forDatabase.get(langCode);
    if (!cached) {
      cached = database.stores.translations.listForLanguage(langCode).then((rows) => {
        const texts = new Map<string, string>();
        for (const row of rows) if (row.text !== '') texts.set(keyString(row), row.text);
        return texts;
      });
      forDatabase.set(langCode, cached);
      cached.catch(() => forDatabase.delete(langCode));
    }
    return cached;
  }

  /** The user's lookup, or null when they read the default language (nothing to replace). */
  async function lookupFor(auth: AuthContext): Promise<TextLookup | null> {
    const language = await resolve(auth.database, auth.user.preferences.language);
    if (language.isDefault) return null;
    const texts = await overlay(auth.database, language.code);
    if (texts.size === 0) return null;
    return (key) => texts.get(keyString(key));
  }

  /** The default-language text a key names; a clear 404 when the entity or element does not exist. */
  async function defaultText(auth: AuthContext, key: TranslationKey): Promise<string> {
    if (key.dbEntityId === DbEntity.Form) {
      let definition: FormDefinition;
      try {
        definition = await forms.loadDefinition(auth.database, key.parentId);
      } catch (error) {
        if (error instanceof AppError && error.status === 404)
          throw translationError(404, `Unknown form ${key.parentId}: there is nothing to translate`);
        throw error;
      }
      if (!Object.values(FormProperty).includes(key.propertyId as never)) {
        throw translationError(
          400,
          `Unknown PropertyId ${key.propertyId} of a form: use 1 (label), 2 (title) or 3 (column header)`,
        );
      }
      const text = formText(definition, key);
      if (text === undefined) {
        throw translationError(
          404,
          `Form ${key.parentId} has no ${key.propertyId === FormProperty.ColumnCaption ? 'result column' : 'element'} '${key.elementName}' to translate`,
        );
      }
      return text;
    }
    if (key.dbEntityId === DbEntity.Navigation) {
      if (!NAVIGATION_FIELDS.includes(key.elementName as never)) {
        throw translationError(
          400,
          `Unknown CommandElementName '${key.elementName}' of a navigation node: use Title or Description`,
        );
      }
      const nodes = await auth.database.stores.navigation.listNodes(key.parentId);
      const node = nodes.find((candidate) => candidate.id === key.propertyId);
      if (!node)
        throw translationError(
          404,
          `Profile ${key.parentId} has no navigation node ${key.propertyId} to translate`,
        );
      return (key.elementName === 'Title' ? node.title : node.description) ?? '';
    }
    throw translationError(
      400,
      `Unknown DbEntityId ${key.dbEntityId}: use 1 (a form) or 2 (a navigation node)`,
    );
  }

  /** The language a command names: its LangCode, else the user's; 'Unknown language' when the database has none such. */
  async function commandLanguage(auth: AuthContext, langCode: string | undefined) {
    const known = await languages(auth.database);
    if (langCode === undefined) {
      const resolved = await resolve(auth.database, auth.user.preferences.language);
      const language = known.find((candidate) => candidate.code === resolved.code);
      if (!language) throw translationError(400, Messages.unknownLanguage);
      return { language, known };
    }
    const language = known.find((candidate) => candidate.code.toLowerCase() === langCode.toLowerCase());
    if (!language) throw translationError(400, Messages.unknownLanguage);
    return { language, known };
  }

  async function answer(
    auth: AuthContext,
    command: Omit<TranslationGetCommand, 'CommandName'>,
  ): Promise<{ result: TranslationResult; key: TranslationKey; language: LanguageRecord }> {
    const { language, known } = await commandLanguage(auth, command.LangCode);
    const key: TranslationKey = {
      dbEntityId: Number(command.DbEntityId),
      parentId: Number(command.ParentId),
      propertyId: Number(command.PropertyId),
      elementName: command.CommandElementName,
    };
    const fallback = await defaultText(auth, key);
    const stored = language.isDefault
      ? null
      : await auth.database.stores.translations.get(key, language.code);
    const translated = language.isDefault ? fallback : (stored?.text ?? '');
    return {
      key,
      language,
      result: {
        CommandElementName: key.elementName,
        DbEntityId: key.dbEntityId,
        ParentId: key.parentId,
        PropertyId: key.propertyId,
        LangCode: language.code,
        TranslationText: translated,
        IsTranslated: language.isDefault || translated !== '',
        DefaultLangCode: known.find((candidate) => candidate.isDefault)?.code ?? language.code,
        DefaultText: fallback,
      },
    };
  }

  return {
    languages,

    async get(auth, command) {
      requireRole(auth, 'translation-admin');
      return (await answer(auth, command)).result;
    },

    async save(auth, command) {
      requireRole(auth, 'translation-admin');
      const { key, language, result } = await answer(auth, command);
      if (language.isDefault) {
        throw translationError(
          400,
          `${language.name} is the default language: its texts are the definition's own. Translate into another language.`,
        );
      }
      // A form's texts are served inside its definition, whose labels, title and headers hold 200 at most.
      if (key.dbEntityId === DbEntity.Form && command.TranslationText.length > FORM_TEXT_MAX) {
        throw translationError(400, `A form's texts are at most ${FORM_TEXT_MAX} characters`);
      }
      await auth.database.stores.translations.save({
        ...key,
        langCode: language.code,
        text: command.TranslationText,
        updatedBy: auth.user.name,
        updatedAt: new Date(now()).toISOString(),
      });
      await options.definitionsChanged(auth.database.id);
      return {
        ...result,
        TranslationText: command.TranslationText,
        IsTranslated: command.TranslationText !== '',
      };
    },

    async translateForm(auth, definition) {
      const lookup = await lookupFor(auth);
      return lookup ? translateDefinition(definition, lookup) : definition;
    },

    async translateSiteMap(auth, profileId, nodes) {
      const lookup = await lookupFor(auth);
      return lookup ? translateSiteMap(profileId, nodes, lookup) : nodes;
    },

    refreshCache() {
      overlays = new Map();
      languageCache.clear();
    },
  };
}
