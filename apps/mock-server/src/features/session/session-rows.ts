import type { Role } from '@procedo/client-api';
import type { SessionRecord, UserProfileRecord, UserRecord } from './session-store';

/** The users and sessions rows both engines read, and their mapping to records. */

export interface UserRow {
  id: number;
  name: string;
  legal_name: string;
  password_hash: string;
  profile_id: number;
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
}

export function toUser(
  row: UserRow | undefined,
  roles: readonly Role[],
  profiles: readonly UserProfileRecord[],
): UserRecord | null {
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    legalName: row.legal_name,
    passwordHash: row.password_hash,
    profileId: row.profile_id,
    ownProfileId: row.profile_id,
    profiles,
    isSupervisor: row.is_supervisor === 1,
    preferenceId: row.preference_id,
    preferences: { ui: row.pref_ui, language: row.pref_language },
    department: row.department,
    region: row.region,
    mobileTel: row.mobile_tel,
    emailBusiness: row.email_business,
    emailPrivate: row.email_private,
    jobTitle: row.job_title,
    isDisabled: row.is_disabled === 1,
    roles,
  };
}

export interface SessionRow {
  id: string;
  token_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: number;
  expires_at: number;
  profile_id: number | null;
}

export const toSession = (row: SessionRow): SessionRecord => ({
  id: row.id,
  tokenHash: row.token_hash,
  userId: row.user_id,
  csrfToken: row.csrf_token,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  profileId: row.profile_id,
});
