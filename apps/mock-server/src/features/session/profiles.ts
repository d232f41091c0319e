import { AppError } from '../../errors/app-error';
import type { UserRecord } from './session-store';

/**
 * The user as a request of a session acting as `sessionProfileId` sees them: `profileId` is that
 * profile while the user still has it, else their own (an administrator may take a profile away
 * from a user while a session of theirs acts as it — the session falls back, it is not refused).
 */
export function actingAs(user: UserRecord, sessionProfileId: number | null): UserRecord {
  if (sessionProfileId === null || sessionProfileId === user.profileId) return user;
  if (!user.profiles.some((profile) => profile.id === sessionProfileId)) return user;
  return { ...user, profileId: sessionProfileId };
}

/**
 * A switch to `profileId`: the user acting as it and the value the session stores (null for the
 * user's own). 403 for a profile the user does not have, the same for one that does not exist,
 * so the answer tells nothing about other profiles.
 */
export function switchedProfile(
  user: UserRecord,
  profileId: number,
): { user: UserRecord; stored: number | null } {
  if (!user.profiles.some((profile) => profile.id === profileId)) {
    throw new AppError({
      status: 403,
      code: 'FORBIDDEN',
      message: `You may not use profile ${profileId}.`,
    });
  }
  const stored = profileId === user.ownProfileId ? null : profileId;
  return { user: { ...user, profileId }, stored };
}
