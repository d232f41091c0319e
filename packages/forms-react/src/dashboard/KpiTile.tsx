import type { ReactNode } from 'react';
import { followLink } from './navigation';

/** Props of {@link KpiTile}. */
export interface KpiTileProps {
  title: string;
  value: number;
  /** Where the tile leads (the grid of its rows); none renders a plain tile. */
  href?: string | undefined;
  /** The host's router; without it a click follows the link. */
  onNavigate?: ((href: string) => void) | undefined;
  children?: ReactNode;
}

/** A number tile: its title and count, one link to the rows it counts. */
export function KpiTile({ title, value, href, onNavigate }: KpiTileProps) {
  const body = (
    <>
      <span className="procedo-KpiTile-value">{value.toLocaleString('en-US')}</span>
      <span className="procedo-KpiTile-title">{title}</span>
    </>
  );
  return (
    <article className="procedo-KpiTile" aria-label={title}>
      {href ? (
        <a
          className="procedo-KpiTile-link"
          href={href}
          onClick={(event) => followLink(event, href, onNavigate)}
        >
          {body}
        </a>
      ) : (
        <div className="procedo-KpiTile-link">{body}</div>
      )}
    </article>
  );
}
