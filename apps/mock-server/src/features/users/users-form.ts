import type { Role } from '@procedo/client-api';

/** Administration › Users (`/form?WebTemplateNo=901`): the host's users grid, not a form definition. */
export const USERS_FORM_NO = 901;

/**
 * Form numbers of the administration's own pages and the role each needs. They have no form
 * definition and no `form_access` row: the role decides, as it does on their endpoints, so the
 * navigation offers them exactly to the users the server serves.
 */
export const ROLE_FORMS: ReadonlyMap<number, Role> = new Map([[USERS_FORM_NO, 'user-admin']]);
