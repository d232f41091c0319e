import { Link } from 'react-router';
import { systemEntriesFor } from '../developer/system-entries';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

/**
 * `/system` (the developer bar's System): the administration area — the entries the user's
 * rights allow (Users, Permissions, Audit trail, Security events). The server checks the same
 * rights on every request, whatever this page shows.
 */
export function SystemPage() {
  const { context } = useSignedIn();
  const texts = useHostTexts().system;
  const entries = systemEntriesFor(context, texts);
  return (
    <>
      <h1>{texts.title}</h1>
      {entries.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <ul className="procedo-SystemPage-entries">
          {entries.map((entry) => (
            <li key={entry.href}>
              <Link to={entry.href}>{entry.title}</Link>
              <p>{entry.description}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
