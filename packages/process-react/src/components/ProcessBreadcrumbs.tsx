import { sanitizeHtml } from '@procedo/forms-react';
import { useMemo } from 'react';
import { PROCESS_LABELS } from '../labels';

/** Props of {@link ProcessBreadcrumbs}. */
export interface ProcessBreadcrumbsProps {
  /** The server's `BreadCrumbHtml`; nothing renders when it is empty. */
  html: string | null | undefined;
  /**
   * The accessible name of the navigation landmark.
   * @default 'Process breadcrumbs'
   */
  'aria-label'?: string;
}

/**
 * A process's breadcrumbs: the server's `BreadCrumbHtml`, sanitised with DOMPurify by forms-react's
 * `sanitizeHtml` (no script, handlers, `javascript:` links, styles or forms; links open in place), in a navigation landmark.
 */
export function ProcessBreadcrumbs({
  html,
  'aria-label': label = PROCESS_LABELS.breadcrumbs,
}: ProcessBreadcrumbsProps) {
  const safe = useMemo(() => (html ? sanitizeHtml(html, { linksInNewWindow: false }) : ''), [html]);
  if (safe.trim() === '') return null;
  return (
    <nav className="procedo-ProcessBreadcrumbs" aria-label={label}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above. */}
      <div dangerouslySetInnerHTML={{ __html: safe }} />
    </nav>
  );
}
