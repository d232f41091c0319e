import type { MouseEvent } from 'react';

/** Hands a plain left click on a link to the host's router; other clicks (new tab…) stay the browser's. */
export function followLink(
  event: MouseEvent<HTMLAnchorElement>,
  href: string,
  onNavigate: ((href: string) => void) | undefined,
): void {
  if (!onNavigate || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  onNavigate(href);
}
