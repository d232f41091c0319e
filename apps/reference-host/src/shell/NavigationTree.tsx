import type { SiteMapNode } from '@procedo/client-api';
import { Link } from 'react-router';

/** Props of {@link NavigationTree}. */
export interface NavigationTreeProps {
  nodes: readonly SiteMapNode[];
}

function isHostPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** The profile's site map as nested lists of links (nodes without a URL are group labels). */
export function NavigationTree({ nodes }: NavigationTreeProps) {
  return (
    <ul className="procedo-NavigationTree">
      {nodes.map((node) => (
        <li key={`${node.title}|${node.url ?? ''}`} data-group={node.children.length > 0 || undefined}>
          {node.url === null || node.url === '' ? (
            <span className="procedo-NavigationTree-group">{node.title}</span>
          ) : isHostPath(node.url) ? (
            <Link to={node.url} title={node.description ?? undefined}>
              {node.title}
            </Link>
          ) : (
            <a href={node.url} title={node.description ?? undefined}>
              {node.title}
            </a>
          )}
          {node.children.length > 0 ? <NavigationTree nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}
