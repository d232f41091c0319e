import type { SiteMapNode } from '@procedo/client-api';
import { useFormsTexts } from '@procedo/forms-react';
import { Link, useSearchParams } from 'react-router';
import { readLinkTarget, withPageTimeTravel } from '../forms/form-query';
import { useOpenHostLink } from '../forms/useOpenHostLink';

/** Props of {@link NavigationTree}. */
export interface NavigationTreeProps {
  nodes: readonly SiteMapNode[];
  /** Translation mode: a "Translate <title>" button after each node that has an id. @default none */
  onTranslate?: (node: SiteMapNode & { id: number }) => void;
}

function isHostPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/**
 * The profile's site map as nested lists of links (nodes without a URL are group labels). A host
 * URL with `a_target` (e.g. `/form?WebTemplateNo=102&a_target=supplier_dialog&a_size=max2`) opens
 * through the form opener: a dialog, a tab, a popup… (spec §2 "How forms open").
 */
export function NavigationTree({ nodes, onTranslate }: NavigationTreeProps) {
  const openHostLink = useOpenHostLink();
  const { translation } = useFormsTexts();
  // Navigation inside the app keeps the timepoint viewed (issue 12).
  const [pageParams] = useSearchParams();
  return (
    <ul className="procedo-NavigationTree">
      {nodes.map((node) => (
        <li key={`${node.title}|${node.url ?? ''}`} data-group={node.children.length > 0 || undefined}>
          {node.url === null || node.url === '' ? (
            <span className="procedo-NavigationTree-group">{node.title}</span>
          ) : isHostPath(node.url) ? (
            <Link
              to={withPageTimeTravel(node.url, pageParams)}
              title={node.description ?? undefined}
              onClick={(event) => {
                const url = withPageTimeTravel(node.url ?? '', pageParams);
                if (readLinkTarget(url).target === null) return;
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                  return;
                event.preventDefault();
                openHostLink(url, node.title);
              }}
            >
              {node.title}
            </Link>
          ) : (
            <a href={node.url} title={node.description ?? undefined}>
              {node.title}
            </a>
          )}
          {onTranslate && node.id !== undefined ? (
            <button
              type="button"
              className="procedo-TranslateButton"
              aria-label={translation.translateNamed(node.title)}
              onClick={() => onTranslate({ ...node, id: node.id as number })}
            >
              {translation.translate}
            </button>
          ) : null}
          {node.children.length > 0 ? (
            <NavigationTree nodes={node.children} onTranslate={onTranslate} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
