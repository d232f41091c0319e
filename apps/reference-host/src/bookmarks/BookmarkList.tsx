import { Link } from 'react-router';
import { v1 } from '../api';
import { useLoad } from '../processes/useLoad';
import { useHostTexts } from '../texts';
import { useBookmarkChanges } from './bookmarks';

/**
 * The home page's list of the user's bookmarks (newest first), each a link that opens the record
 * on its form; `href` adds the page's timepoint. Records the user can no longer see are not listed
 * (the server leaves them out).
 */
export function BookmarkList({ headingId, href }: { headingId: string; href: (url: string) => string }) {
  const texts = useHostTexts().bookmarks;
  const changes = useBookmarkChanges();
  const loaded = useLoad(() => v1.bookmarks.list(), [changes]);
  return (
    <section aria-labelledby={headingId} className="procedo-Dashboard-card procedo-BookmarkList">
      <h2 id={headingId}>{texts.title}</h2>
      {loaded.kind === 'loading' ? <p role="status">{texts.loading}</p> : null}
      {loaded.kind === 'error' ? <p role="alert">{loaded.message}</p> : null}
      {loaded.kind === 'ready' && loaded.data.Items.length === 0 ? <p>{texts.empty}</p> : null}
      {loaded.kind === 'ready' && loaded.data.Items.length > 0 ? (
        <ul>
          {loaded.data.Items.map((bookmark) => (
            <li key={`${bookmark.TableId}:${bookmark.RecordId}`}>
              <Link to={href(bookmark.Url)}>{bookmark.Title || `#${bookmark.RecordId}`}</Link>{' '}
              <span className="procedo-BookmarkList-form">({bookmark.FormTitle})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
