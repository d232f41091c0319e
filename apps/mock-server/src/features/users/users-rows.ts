import type { Role } from '@procedo/client-api';
import type { StoredUserAccount, StoredUserAuditEvent, UserUpdate } from './users-store';

/** The users administration's rows both engines read, their mapping, and what a change writes. */

export interface AccountRow {
  id: number;
  name: string;
  legal_name: string;
  profile_id: number;
  profile_name: string;
  is_supervisor: number;
  preference_id: number;
  pref_ui: 'modern' | 'classic';
  pref_language: string;
  department: string;
  region: string;
  mobile_tel: string;
  email_business: string;
  email_private: string;
  job_title: string;
  is_disabled: number;
  row_version: number;
  roles: string | null;
}

/** A user as the administration reads them (alias `u`), with `roles` as a comma-separated list in role order. */
export const accountSelect = (rolesList: string) => `
  SELECT u.id, u.name, u.legal_name, u.profile_id, p.name AS profile_name, u.is_supervisor,
         u.preference_id, u.pref_ui, u.pref_language, u.department, u.region, u.mobile_tel,
         u.email_business, u.email_private, u.job_title, u.is_disabled, u.row_version,
         ${rolesList} AS roles
  FROM users u JOIN profiles p ON p.id = u.profile_id`;

export function toAccount(row: AccountRow): StoredUserAccount {
  return {
    id: row.id,
    name: row.name,
    legalName: row.legal_name,
    profileId: row.profile_id,
    profileName: row.profile_name,
    isSupervisor: row.is_supervisor === 1,
    preferenceId: row.preference_id,
    ui: row.pref_ui,
    language: row.pref_language,
    department: row.department,
    region: row.region,
    mobileTel: row.mobile_tel,
    emailBusiness: row.email_business,
    emailPrivate: row.email_private,
    jobTitle: row.job_title,
    isDisabled: row.is_disabled === 1,
    version: row.row_version,
    roles: row.roles ? (row.roles.split(',') as Role[]) : [],
  };
}

/** Column of each field stored on the users row (roles live in `user_roles`). */
export const COLUMNS: Record<Exclude<keyof UserUpdate, 'roles'>, string> = {
  name: 'name',
  legalName: 'legal_name',
  jobTitle: 'job_title',
  department: 'department',
  region: 'region',
  mobileTel: 'mobile_tel',
  emailBusiness: 'email_business',
  emailPrivate: 'email_private',
  profileId: 'profile_id',
  isSupervisor: 'is_supervisor',
  language: 'pref_language',
  isDisabled: 'is_disabled',
};

/** A field's value as the audit trail writes it. */
export function auditText(value: unknown): string {
  if (Array.isArray(value)) return [...value].sort().join(', ');
  return String(value);
}

export const sqlValue = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A `user_audit_events` row. */
export interface AuditRow {
  id: number;
  user_id: number;
  field: string;
  old_value: string;
  new_value: string;
  changed_by_name: string;
  at_utc: string;
}

export const toAuditEvent = (row: AuditRow): StoredUserAuditEvent => ({
  id: row.id,
  userId: row.user_id,
  field: row.field,
  oldValue: row.old_value,
  newValue: row.new_value,
  changedBy: row.changed_by_name,
  atUtc: row.at_utc,
});

/** What a change writes: one audit row per changed field, the users columns set, and the new roles. */
export interface UserChangePlan {
  audits: { field: string; oldValue: string; newValue: string }[];
  columns: { column: string; value: unknown }[];
  /** The new role set; null when the roles do not change. */
  roles: Role[] | null;
}

/** The fields of `update` that differ from `current` (as the audit trail writes them), in update order. */
export function planUserChange(current: StoredUserAccount, update: UserUpdate): UserChangePlan {
  const plan: UserChangePlan = { audits: [], columns: [], roles: null };
  for (const [field, value] of Object.entries(update) as [keyof UserUpdate, unknown][]) {
    if (value === undefined) continue;
    const before = current[field];
    if (auditText(before) === auditText(value)) continue;
    plan.audits.push({ field, oldValue: auditText(before), newValue: auditText(value) });
    if (field === 'roles') plan.roles = value as Role[];
    else plan.columns.push({ column: COLUMNS[field], value: sqlValue(value) });
  }
  return plan;
}
