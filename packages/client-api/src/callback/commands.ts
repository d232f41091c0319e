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

export const TranslationGetCommandSchema = z.strictObject({
  CommandType: z.literal('wtoElementExecCommand'),
  CommandName: z.literal('entity.translation.get'),
  CommandElementName: z.string().check(z.minLength(1)),
  DbEntityId: idText,
  ParentId: idText,
  PropertyId: idText,
});

export const TranslationSaveCommandSchema = z.extend(TranslationGetCommandSchema, {
  CommandName: z.literal('entity.translation.save'),
  TranslationText: z.string().check(z.maxLength(4000)),
});

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
  title: string;
  url: string | null;
  description: string | null;
  children: SiteMapNode[];
}
