/**
 * The languages a user may choose while the database has no `languages` table of its own (the
 * translations feature adds one; the users store reads it when present). The one place this
 * list is kept: the users form offers what `GET users/choices` answers, never a list of its own.
 */
export const DEFAULT_LANGUAGES: readonly string[] = Object.freeze(['en']);
