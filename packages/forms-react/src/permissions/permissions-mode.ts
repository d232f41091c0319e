import { createSiteMode, useSiteMode } from '../state/site-mode';

/**
 * Permissions mode (spec §4, §6): on while the permissions cookie setting is 1. While it is on, a
 * right-click on a named element of a form opens the element permissions editor. The server
 * checks the permission-design role on every editor request.
 */
export const PERMISSIONS_COOKIE = 'procedo_permissions';

const mode = createSiteMode(PERMISSIONS_COOKIE);

/** Whether permissions mode is on (the cookie setting is 1). */
export const readPermissionsMode = (doc: Document = document): boolean => mode.read(doc);

/** Turns permissions mode on (cookie setting 1) or off (cookie removed) for the whole site. */
export const setPermissionsMode = (on: boolean, doc: Document = document): void => mode.set(on, doc);

/** Permissions mode and its setter; every component using it re-renders when it changes. */
export function usePermissionsMode(): readonly [boolean, (on: boolean) => void] {
  return useSiteMode(mode);
}
