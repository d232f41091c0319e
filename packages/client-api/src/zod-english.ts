import type * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';

/**
 * Parse options that give issues the English messages classic zod gives (`Invalid input:
 * expected string, received number`): zod/mini ships none and says only `Invalid input`. Passed
 * per parse rather than set with `z.config`, which would change the host app's zod too (and a
 * module-level call would be dropped: the package has no side effects). Costs ~1 KB min+gzip.
 */
export const ENGLISH_ISSUES: z.core.ParseContext<z.core.$ZodIssue> = { error: english().localeError };
