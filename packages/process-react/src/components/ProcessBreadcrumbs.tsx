import { sanitizeHtml, useSanitizer } from '@procedo/forms-react';
import { useMemo } from 'react';
import { useProcessTexts } from '../i18n/texts';

/** Props of {@link ProcessBreadcrumbs}. */
export interface ProcessBreadcrumbsProps {
  /** The server's `BreadCrumbHtml`; nothing renders when it is empty. */
  html: string | null | undefined;
  /**
   * The accessible name of the navigation landmark.
   * @default 'Process breadcrumbs'
   */
  'aria-label'?: string;
  /**
   * Rewrites each link's address, e.g. to keep the page's `Timepoint` on links inside the app.
   * @default the server's addresses
   */
  linkHref?: (href: string) => string;
}

/**
 * A process's breadcrumbs: the server's `BreadCrumbHtml`, sanitised with DOMPurify by forms-react's
 * `sanitizeHtml` (no script, handlers, `javascript:` links, styles or forms; links open in place), in a navigation landmark.
 */
export function ProcessBreadcrumbs({ html, 'aria-label': labelProp, linkHref }: ProcessBreadcrumbsProps) {
  const texts = useProcessTexts();
  const label = labelProp ?? texts.process.breadcrumbs;
  // Until DOMPurify has loaded (on demand), the breadcrumbs' text only; never unsanitised markup.
  const ready = useSanitizer(Boolean(html));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ready` changes what sanitizeHtml returns
  const safe = useMemo(() => {
    const clean = html ? sanitizeHtml(html, { linksInNewWindow: false }) : '';
    if (!linkHref || clean === '') return clean;
    // Rewritten after sanitising, so the result is sanitised again should the rewrite add markup.
    const template = document.createElement('template');
    template.innerHTML = clean;
    for (const link of template.content.querySelectorAll('a[href]')) {
      link.setAttribute('href', linkHref(link.getAttribute('href') ?? ''));
    }
    return sanitizeHtml(template.innerHTML, { linksInNewWindow: false });
  }, [html, linkHref, ready]);
  if (safe.trim() === '') return null;
  return (
    <nav className="procedo-ProcessBreadcrumbs" aria-label={label}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above. */}
      <div dangerouslySetInnerHTML={{ __html: safe }} />
    </nav>
  );
}
