import type { Role } from '@procedo/client-api';
import { AppError } from '../../errors/app-error';
import type { AuthContext } from './session-service';
import type { UserRecord } from './session-store';

/** What each role is called in a refusal, so the user reads which right they lack. */
const ROLE_TITLES: Record<Role, string> = {
  design: 'design forms',
  'navigation-design': 'design the navigation',
  'permission-design': 'edit element permissions',
  'translation-admin': 'edit translations',
  'user-admin': 'manage users',
};

export function hasRole(user: Pick<UserRecord, 'roles'>, role: Role): boolean {
  return user.roles.includes(role);
}

/** Refuses (403 `FORBIDDEN`) unless the signed-in user holds `role`; checked on the server, whatever the page showed. */
export function requireRole(auth: Pick<AuthContext, 'user'>, role: Role): void {
  if (hasRole(auth.user, role)) return;
  throw new AppError({
    status: 403,
    code: 'FORBIDDEN',
    message: `You do not have the right to ${ROLE_TITLES[role]}.`,
  });
}
