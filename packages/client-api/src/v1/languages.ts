import * as z from 'zod/mini';
import type { V1Request } from './request';

/** A language the database has: translations can be saved in it and a user may prefer it. */
export const LanguageSchema = z.strictObject({
  /** `en`, `de`: what `LangCode` and the `language` preference hold. */
  Code: z.string().check(z.minLength(2), z.maxLength(16)),
  /** The language's own name (`Deutsch`). */
  Name: z.string(),
  /** The language the stored texts are in; every other one falls back to it per text. */
  IsDefault: z.boolean(),
});
export type Language = z.infer<typeof LanguageSchema>;

/** `GET languages`: the default language first. */
export const LanguageListSchema = z.strictObject({ Items: z.array(LanguageSchema) });
export type LanguageList = z.infer<typeof LanguageListSchema>;

/** The `languages` resource of the v1 API. */
export interface LanguagesApi {
  /** `GET languages`: the database's languages, for a language picker or the translation prompt. */
  list(): Promise<Language[]>;
}

/** Builds the languages resource on a {@link V1Request}. */
export function createLanguagesApi(request: V1Request): LanguagesApi {
  return {
    list: async () => (await request(LanguageListSchema, 'languages')).Items,
  };
}
