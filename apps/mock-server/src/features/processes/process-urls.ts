// The URLs a process hands out (CONTRACT routes, spec §3 `AppRootUrl`).

/** Where the app root is for `AppRootUrl` (the reference host serves at `/`). */
export const APP_ROOT_URL = '/';

/** The URL a report-document step's document is served at. */
export const reportDocumentUrl = (stepId: number) =>
  `/api/v1/user/system/user-processes/steps/${stepId}/report-document`;
/** The flow home page of a process (CONTRACT routes). */
export const flowUrl = (processId: number, stepId?: number | null) =>
  `/apps/flow/home/flow?id=${processId}${stepId ? `&stepid=${stepId}` : ''}`;

/** Whether `url` is a path of this site or an http(s) URL (never `javascript:` and the like). */
export function isSafeUrl(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
