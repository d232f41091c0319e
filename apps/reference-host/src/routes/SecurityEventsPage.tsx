import type { SecurityEvent, SecurityEventPage } from '@procedo/client-api';
import { utcText } from '@procedo/forms-react';
import { useState } from 'react';
import { v1 } from '../api';
import { useLoad } from '../processes/useLoad';

/** Rows per page of the security events list. */
export const SECURITY_EVENTS_PAGE_SIZE = 50;

const KIND_TEXT: Record<SecurityEvent['Kind'], string> = {
  signature_failed: 'Failed signature',
  signing_blocked: 'Signing blocked',
  blocked_attempt: 'Signature while blocked',
};
const CAUSE_TEXT: Record<NonNullable<SecurityEvent['Cause']>, string> = {
  legal_name: 'Wrong legal name',
  password: 'Wrong password',
};

/**
 * `/security-events` (Administration): failed signature attempts and the signing blocks they
 * caused, newest first, a page at a time (`GET security-events`, supervisors only).
 */
export function SecurityEventsPage() {
  // The keys of the pages before this one: Previous goes back without counting the events.
  const [keys, setKeys] = useState<(number | undefined)[]>([undefined]);
  const beforeId = keys.at(-1);
  const page = useLoad<SecurityEventPage>(
    () =>
      v1.securityEvents.list({
        limit: SECURITY_EVENTS_PAGE_SIZE,
        ...(beforeId === undefined ? {} : { beforeId }),
      }),
    [beforeId],
  );

  return (
    <>
      <h1>Security events</h1>
      <section aria-labelledby="security-events-list" className="procedo-Dashboard-card">
        <h2 id="security-events-list">Failed signature attempts and signing blocks</h2>
        {page.kind === 'loading' && <p aria-live="polite">Loading security events…</p>}
        {page.kind === 'error' && (
          <p role="alert">
            {page.message}{' '}
            <button type="button" onClick={page.reload}>
              Try again
            </button>
          </p>
        )}
        {page.kind === 'ready' && page.data.Items.length === 0 && <p>No security events.</p>}
        {page.kind === 'ready' && page.data.Items.length > 0 && (
          <>
            <table>
              <thead>
                <tr>
                  <th scope="col">When (UTC)</th>
                  <th scope="col">Event</th>
                  <th scope="col">User</th>
                  <th scope="col">Form</th>
                  <th scope="col">Record</th>
                  <th scope="col">Address</th>
                  <th scope="col">Session</th>
                </tr>
              </thead>
              <tbody>
                {page.data.Items.map((event) => (
                  <tr key={event.Id}>
                    <td>{utcText(event.AtUtc, 'seconds')}</td>
                    <td>
                      {KIND_TEXT[event.Kind]}
                      {event.Cause ? `: ${CAUSE_TEXT[event.Cause]}` : ''}
                    </td>
                    <td>{event.UserName}</td>
                    <td>{event.WebTemplateNo}</td>
                    <td>{event.RecordId ?? 'New record'}</td>
                    <td>{event.Address}</td>
                    <td>
                      <code>{event.SessionId}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <nav aria-label="Security event pages" className="procedo-ProcessList-pages">
              <button type="button" disabled={keys.length === 1} onClick={() => setKeys(keys.slice(0, -1))}>
                Newer
              </button>
              <button
                type="button"
                disabled={page.data.NextBeforeId === null}
                onClick={() => setKeys([...keys, page.data.NextBeforeId ?? undefined])}
              >
                Older
              </button>
            </nav>
          </>
        )}
      </section>
    </>
  );
}
