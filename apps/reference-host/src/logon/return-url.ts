/**
 * The page to go to after logon: the `returnUrl` when it is a path of this origin (never another
 * site: an open redirect would let a link send a fresh session elsewhere), otherwise `/`.
 */
export function safeReturnUrl(returnUrl: string | null | undefined): string {
  if (!returnUrl) return '/';
  if (!returnUrl.startsWith('/') || returnUrl.startsWith('//') || returnUrl.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(returnUrl, 'http://host.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://host.invalid') return '/';
  // Coming back to the logon page or to a sign-out would undo the logon just made.
  if (url.pathname === '/logon' || url.searchParams.get('cmd') === 'logout_kill') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The logon page URL that brings the user back to `path` afterwards. */
export function logonUrlFor(path: string): string {
  return `/logon?returnUrl=${encodeURIComponent(safeReturnUrl(path))}`;
}
