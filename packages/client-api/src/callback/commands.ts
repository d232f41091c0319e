import * as z from 'zod/mini';

/**
 * The callback command table (CONTRACT "Callback (XML) protocol"): each CommandType (and
 * CommandName where the type has several) with the fields its Command element carries.
 * Shared by the server (to validate) and the client (to build).
 */

export const CallbackStatus = { Ok: 'OK', NotLoggedOn: 'NOT_LOGGED_ON', Error: 'ERROR' } as const;
export type CallbackStatus = (typeof CallbackStatus)[keyof typeof CallbackStatus];

/** Extra parameters: `<Params><Param Name="x">1</Param></Params>`. */
export const CallbackParamsSchema = z.record(z.string(), z.string());

const idText = z.string().check(z.regex(/^-?\d+$/, 'must be an integer'));

export const KeepAliveCommandSchema = z.strictObject({
  CommandType: z.literal('Web.Session'),
  CommandName: z.literal('KeepAlive'),
});

export const XmlOfComponentNameCommandSchema = z.strictObject({
  CommandType: z.literal('Web.Resources.XmlOfComponentName'),
  ComponentName: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const SiteMapXmlCommandSchema = z.strictObject({
  CommandType: z.literal('Profile.Navigation.SiteMap.Xml'),
  ProfileId: z.optional(idText),
  xPathQuery: z.optional(z.string().check(z.maxLength(500))),
});

export const XmlOfIdCommandSchema = z.strictObject({
  CommandType: z.literal('Web.Data.XmlOfId'),
  DataId: z.string().check(z.minLength(1), z.maxLength(200)),
  ReturnType: z.optional(z.enum(['Xml', 'Json'])),
  Params: z.optional(CallbackParamsSchema),
});

export const TemplateCacheRefreshCommandSchema = z.strictObject({
  CommandType: z.literal('Template.CacheRefresh'),
});

/** A language code as the database lists it (`en`, `de`, `pt-BR`). */
const langCode = z.string().check(z.regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'must be a language code'));

/**
 * `entity.translation.get`: one text's translation (what DbEntityId / ParentId / PropertyId /
 * CommandElementName name: docs/protocol.md "Translations"). `LangCode` defaults to the user's language.
 */
export const TranslationGetCommandSchema = z.strictObject({
  CommandType: z.literal('wtoElementExecCommand'),
  CommandName: z.literal('entity.translation.get'),
  CommandElementName: z.string().check(z.minLength(1), z.maxLength(200)),
  DbEntityId: idText,
  ParentId: idText,
  PropertyId: idText,
  LangCode: z.optional(langCode),
});

/** `entity.translation.save`: stores `TranslationText` (empty: back to the default language's text). */
export const TranslationSaveCommandSchema = z.extend(TranslationGetCommandSchema, {
  CommandName: z.literal('entity.translation.save'),
  TranslationText: z.string().check(z.maxLength(4000)),
});

/**
 * The Result (JSON text) of both translation commands: the request's fields, the text in
 * `LangCode` (`''` when it has none) and the default language's text it falls back to.
 */
export const TranslationResultSchema = z.strictObject({
  CommandElementName: z.string(),
  DbEntityId: z.int(),
  ParentId: z.int(),
  PropertyId: z.int(),
  LangCode: z.string(),
  TranslationText: z.string(),
  /** Whether `LangCode` has its own text (false: the default language's text is shown). */
  IsTranslated: z.boolean(),
  DefaultLangCode: z.string(),
  DefaultText: z.string(),
});
export type TranslationResult = z.infer<typeof TranslationResultSchema>;

export const TabSelectCommandSchema = z.strictObject({
  CommandType: z.literal('wtoElementExecCommand'),
  CommandName: z.literal('Tab.Select'),
  SrcElementID: z.string().check(z.minLength(1)),
});

export const ToggleBookmarkCommandSchema = z.strictObject({
  CommandType: z.literal('ToggleBookmarkSelectedRecord'),
  BookmarkTableId: idText,
  BookmarkRecordId: idText,
});

export type KeepAliveCommand = z.infer<typeof KeepAliveCommandSchema>;
export type XmlOfComponentNameCommand = z.infer<typeof XmlOfComponentNameCommandSchema>;
export type SiteMapXmlCommand = z.infer<typeof SiteMapXmlCommandSchema>;
export type XmlOfIdCommand = z.infer<typeof XmlOfIdCommandSchema>;
export type TemplateCacheRefreshCommand = z.infer<typeof TemplateCacheRefreshCommandSchema>;
export type TranslationGetCommand = z.infer<typeof TranslationGetCommandSchema>;
export type TranslationSaveCommand = z.infer<typeof TranslationSaveCommandSchema>;
export type TabSelectCommand = z.infer<typeof TabSelectCommandSchema>;
export type ToggleBookmarkCommand = z.infer<typeof ToggleBookmarkCommandSchema>;

/** Every command of the table. */
export type CallbackCommand =
  | KeepAliveCommand
  | XmlOfComponentNameCommand
  | SiteMapXmlCommand
  | XmlOfIdCommand
  | TemplateCacheRefreshCommand
  | TranslationGetCommand
  | TranslationSaveCommand
  | TabSelectCommand
  | ToggleBookmarkCommand;

/** CommandType values the protocol knows. */
export const CALLBACK_COMMAND_TYPES = [
  'Web.Session',
  'Web.Data.XmlOfId',
  'Web.Resources.XmlOfComponentName',
  'Profile.Navigation.SiteMap.Xml',
  'wtoElementExecCommand',
  'Template.CacheRefresh',
  'ToggleBookmarkSelectedRecord',
] as const;
export type CallbackCommandType = (typeof CALLBACK_COMMAND_TYPES)[number];

/** Maximum size of a callback body (CONTRACT: over 1 MiB is 413). */
export const CALLBACK_MAX_BYTES = 1024 * 1024;

/**
 * The site map: the profile's navigation tree, as `Profile.Navigation.SiteMap.Xml` returns it in
 * `Result`: `<SiteMap><Node Title=".." Url=".." Description=".."><Node …/></Node></SiteMap>`.
 */
export interface SiteMapNode {
  /** The node's id (`Id`), which a translation of its title names; absent from older servers. */
  id?: number;
  title: string;
  url: string | null;
  description: string | null;
  children: SiteMapNode[];
}
