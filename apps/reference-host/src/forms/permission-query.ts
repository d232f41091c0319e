import type { PermissionOwnerType } from '@procedo/client-api';

/**
 * The query of the permissions editor page `/_forms/form?…` (spec §2, the `../_forms/` variant of
 * the generic form page). Each parameter's meaning is in the host README.
 */
export interface PermissionEditorQuery {
  /** `WebTemplateNo`: the form page shown behind the editor, and returned to when it closes. */
  webTemplateNo: number;
  /** `PERMISSION_FORMID`: the form whose element permissions are edited. */
  formId: number;
  /** `PERMISSION_DV_TABLEID`: the data view (entity table) of that form, e.g. `supplier`; `null` when not given. */
  dataViewTableId: string | null;
  /** `PERMISSION_OWNERTYPEID` 1 (a user) or 2 (a profile) with `PERMISSION_OWNERNO`; `null` until chosen. */
  owner: { ownerType: PermissionOwnerType; ownerId: number } | null;
  /** `FormElementName`: the element whose row gets the focus (the one right-clicked). */
  focusElement: string | null;
}

/** A parameter that could not be read, and why, as the page says it. */
export interface PermissionQueryProblem {
  param: string;
  message: string;
}

/** `PERMISSION_OWNERTYPEID` values (decided here; documented in the README). */
export const OWNER_TYPE_IDS: Readonly<Record<string, PermissionOwnerType>> = { '1': 'user', '2': 'profile' };
const OWNER_TYPE_ID: Record<PermissionOwnerType, string> = { user: '1', profile: '2' };

const POSITIVE_INT = /^[1-9]\d{0,9}$/;
const ENTITY = /^[a-z][a-z0-9-]{0,63}$/;
const ELEMENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Reads the editor page's query: the query, or every parameter that is missing or wrong. */
export function parsePermissionQuery(
  params: URLSearchParams,
): { ok: true; query: PermissionEditorQuery } | { ok: false; problems: PermissionQueryProblem[] } {
  const problems: PermissionQueryProblem[] = [];
  const read = (name: string) => params.get(name)?.trim() ?? '';
  const positive = (name: string, required: boolean): number | null => {
    const text = read(name);
    if (text === '') {
      if (required) problems.push({ param: name, message: 'is missing' });
      return null;
    }
    if (!POSITIVE_INT.test(text)) {
      problems.push({ param: name, message: `must be a positive whole number, not “${text}”` });
      return null;
    }
    return Number(text);
  };
  const formId = positive('PERMISSION_FORMID', true);
  // Without WebTemplateNo the page shows the edited form itself.
  const webTemplateNo = positive('WebTemplateNo', false) ?? formId;
  const table = read('PERMISSION_DV_TABLEID');
  if (table !== '' && !ENTITY.test(table)) {
    problems.push({
      param: 'PERMISSION_DV_TABLEID',
      message: `is not a data view name, such as supplier: “${table}”`,
    });
  }
  const typeText = read('PERMISSION_OWNERTYPEID');
  const ownerType = OWNER_TYPE_IDS[typeText];
  if (typeText !== '' && !ownerType) {
    problems.push({
      param: 'PERMISSION_OWNERTYPEID',
      message: `must be 1 (a user) or 2 (a profile), not “${typeText}”`,
    });
  }
  const ownerId = positive('PERMISSION_OWNERNO', false);
  if ((typeText === '') !== (read('PERMISSION_OWNERNO') === '')) {
    problems.push({
      param: typeText === '' ? 'PERMISSION_OWNERTYPEID' : 'PERMISSION_OWNERNO',
      message: 'is missing: give both PERMISSION_OWNERTYPEID and PERMISSION_OWNERNO, or neither',
    });
  }
  const element = read('FormElementName');
  if (problems.length > 0 || formId === null || webTemplateNo === null) return { ok: false, problems };
  return {
    ok: true,
    query: {
      webTemplateNo,
      formId,
      dataViewTableId: table || null,
      owner: ownerType && ownerId !== null ? { ownerType, ownerId } : null,
      focusElement: ELEMENT_NAME.test(element) ? element : null,
    },
  };
}

/** The editor page's address for a form, and optionally an owner and the element to focus. */
export function permissionEditorHref(input: {
  webTemplateNo: number;
  formId?: number;
  dataViewTableId?: string | null;
  owner?: { ownerType: PermissionOwnerType; ownerId: number } | null;
  focusElement?: string | null;
  /** Kept as they are (e.g. `UGoToItemNo`, `Timepoint` of the page behind). */
  keep?: URLSearchParams;
}): string {
  const params = new URLSearchParams(input.keep);
  params.set('WebTemplateNo', String(input.webTemplateNo));
  params.set('PERMISSION_FORMID', String(input.formId ?? input.webTemplateNo));
  if (input.dataViewTableId) params.set('PERMISSION_DV_TABLEID', input.dataViewTableId);
  if (input.owner) {
    params.set('PERMISSION_OWNERTYPEID', OWNER_TYPE_ID[input.owner.ownerType]);
    params.set('PERMISSION_OWNERNO', String(input.owner.ownerId));
  }
  if (input.focusElement) params.set('FormElementName', input.focusElement);
  return `/_forms/form?${params}`;
}
