import type { DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../errors/app-error';

/** Whether a profile may open a form (by `WebTemplateNo`). */
export type FormAccess = (webTemplateNo: number) => boolean;

/**
 * The forms a profile may open: the `form_access` rows of the profile, nothing else. Every form
 * endpoint, the site map and the process commands ask this one function, so the navigation never
 * offers a form the server refuses, and the server never serves a form the navigation hides.
 */
export async function formAccessOf(database: DatabaseEntry, profileId: number): Promise<FormAccess> {
  const allowed = new Set(await database.stores.forms.listFormAccess(profileId));
  return (webTemplateNo) => allowed.has(webTemplateNo);
}

/** 403 `FORBIDDEN`: the user's profile may not open the form. */
export const formForbidden = (webTemplateNo: number, title?: string) =>
  new AppError({
    status: 403,
    code: 'FORBIDDEN',
    message: `Your profile may not open the form ${title ? `${title} (${webTemplateNo})` : webTemplateNo}.`,
  });

// The host's form pages (CONTRACT routes). Its router matches paths case-insensitively and with
// or without a trailing slash, so this does too.
const FORM_PAGES = new Set(['/form', '/_forms/form']);
const FORM_NUMBER = /^[1-9]\d{0,9}$/;

/**
 * The forms a page URL opens: its `WebTemplateNo` (and the `PERMISSION_FORMID` of the permission
 * editor) when the URL is a form page of the host, else none. Relative or absolute; a URL that
 * does not parse opens no form.
 */
export function formsOpenedBy(url: string | null | undefined): number[] {
  if (!url) return [];
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://procedo.invalid/');
  } catch {
    return [];
  }
  const page = parsed.pathname.replace(/\/+$/, '').toLowerCase();
  if (!FORM_PAGES.has(page)) return [];
  return ['WebTemplateNo', 'PERMISSION_FORMID']
    .flatMap((name) => parsed.searchParams.getAll(name))
    .map((value) => value.trim())
    .filter((value) => FORM_NUMBER.test(value))
    .map(Number);
}
