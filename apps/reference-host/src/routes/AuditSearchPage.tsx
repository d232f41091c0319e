import type { AuditSearchItem } from '@procedo/client-api';
import { auditValueText, localZoneText, useFormsTexts, utcZoneText } from '@procedo/forms-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { v1 } from '../api';
import { type AuditSearchFilters, dayRange, readAuditSearchQuery, recordHref } from '../audit/audit-links';
import { useSignedIn } from '../shell/signed-in-context';
import { userMessage } from '../user-message';

const PAGE_SIZE = 50;

type Results =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; items: AuditSearchItem[]; next: string | null };

/**
 * Administration › Audit trail, `/audit?UserName=…&Entity=…&From=yyyy-MM-dd&To=yyyy-MM-dd`: the
 * supervisors' search across every record's audit events (`GET /api/v1/audit`), newest first, 50
 * at a time, each linked to its record's form page. Other users get the server's refusal.
 */
export function AuditSearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = readAuditSearchQuery(params);
  const key = JSON.stringify(filters);
  const { errorHandler } = useSignedIn();
  const [results, setResults] = useState<Results>({ kind: 'loading' });
  const [isMore, setMore] = useState(false);
  const id = useId();

  const query = (cursor?: string) =>
    v1.audit.search({
      limit: PAGE_SIZE,
      ...(filters.userName ? { userName: filters.userName } : {}),
      ...(filters.entity ? { entity: filters.entity } : {}),
      ...dayRange(filters),
      ...(cursor ? { cursor } : {}),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters (by their key) decide
  useEffect(() => {
    let live = true;
    setResults({ kind: 'loading' });
    query().then(
      (page) => live && setResults({ kind: 'ready', items: page.Items, next: page.NextCursor }),
      (cause: unknown) => {
        console.error(cause);
        if (live) setResults({ kind: 'error', message: userMessage(cause) });
      },
    );
    return () => {
      live = false;
    };
  }, [key]);

  const more = async () => {
    if (results.kind !== 'ready' || results.next === null) return;
    setMore(true);
    try {
      const page = await query(results.next);
      setResults({ kind: 'ready', items: [...results.items, ...page.Items], next: page.NextCursor });
    } catch (cause) {
      errorHandler.handle(cause);
    } finally {
      setMore(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['UserName', 'Entity', 'From', 'To']) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  };

  return (
    <section className="procedo-AuditSearch" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Audit trail</h1>
      <p>Every record’s signed and unsigned changes, newest first. Times are UTC.</p>
      <form
        key={key}
        className="procedo-AuditSearch-filters"
        onSubmit={submit}
        aria-label="Search the audit trail"
      >
        <SearchField id={`${id}-user`} name="UserName" label="User name" value={filters.userName} />
        <SearchField
          id={`${id}-entity`}
          name="Entity"
          label="Entity (e.g. deviation)"
          value={filters.entity}
        />
        <SearchField id={`${id}-from`} name="From" label="From (UTC day)" value={filters.from} type="date" />
        <SearchField id={`${id}-to`} name="To" label="To (UTC day)" value={filters.to} type="date" />
        <button type="submit">Search</button>
      </form>
      {results.kind === 'loading' ? <p aria-live="polite">Searching…</p> : null}
      {results.kind === 'error' ? <p role="alert">{results.message}</p> : null}
      {results.kind === 'ready' ? <AuditSearchResults items={results.items} filters={filters} /> : null}
      {results.kind === 'ready' && results.next !== null ? (
        <button type="button" onClick={more} disabled={isMore}>
          Older events
        </button>
      ) : null}
    </section>
  );
}

function SearchField(props: { id: string; name: string; label: string; value: string; type?: string }) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <input id={props.id} name={props.name} type={props.type ?? 'text'} defaultValue={props.value} />
    </>
  );
}

function AuditSearchResults({ items, filters }: { items: AuditSearchItem[]; filters: AuditSearchFilters }) {
  const AUDIT_TRAIL_LABELS = useFormsTexts().auditTrail;
  if (items.length === 0) return <p role="status">No audit events match.</p>;
  const named = [filters.userName && `by ${filters.userName}`, filters.entity && `of ${filters.entity}`]
    .filter(Boolean)
    .join(' ');
  return (
    <table className="procedo-AuditTrail-table">
      <caption>
        {items.length} audit events{named ? ` ${named}` : ''}, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Record</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">Changes</th>
          <th scope="col">Reason</th>
          <th scope="col">Signature</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={`${item.RecordId}:${item.Seq}`}>
            <td>
              <time dateTime={item.AtUtc}>{utcZoneText(item.AtUtc)}</time>
              <br />
              <span className="procedo-AuditTrail-local">{localZoneText(item.AtUtc)} (local time)</span>
            </td>
            <td>
              <Link to={recordHref(item.WebTemplateNo, item.RecordId)}>
                {item.Entity} {item.RecordId}
              </Link>{' '}
              (event {item.Seq})
            </td>
            <td>
              {item.LegalName}
              <br />
              <span className="procedo-AuditTrail-user">{item.UserName}</span>
            </td>
            <td>{AUDIT_TRAIL_LABELS.kind(item.Kind)}</td>
            <td>
              {item.Changes.length > 0 ? (
                <ul className="procedo-AuditTrail-changes">
                  {item.Changes.map((change) => (
                    <li key={change.Name}>
                      <strong>{change.Name}</strong>: {auditValueText(change.Old) || '(empty)'} →{' '}
                      {auditValueText(change.New) || '(empty)'}
                    </li>
                  ))}
                </ul>
              ) : null}
            </td>
            <td>{item.Reason ?? ''}</td>
            <td>{item.Signature ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
