import type { AuditEvent, AuditVerification, RecordsApi } from '@procedo/client-api';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFormsTexts } from '../i18n/texts';
import { AuditEventsTable, AuditVerificationMark } from './AuditEventsTable';
import {
  type AuditTrailFilter,
  auditCsv,
  auditCsvFileName,
  auditFieldNames,
  auditUsers,
  downloadText,
  filterAuditEvents,
  loadAllAuditEvents,
} from './audit-trail';
import type { AuditTrailLabels } from './audit-trail-labels';

/** The calls the audit trail parts make (`v1.records` has them). */
export type AuditTrailApi = Pick<RecordsApi, 'audit' | 'verifyAudit'>;

/** Which record's trail, and at which time. */
export interface AuditTrailTarget {
  api: AuditTrailApi;
  webTemplateNo: number;
  recordId: number;
  /** Shows the trail as recorded up to this timepoint (later events are not shown). @default now */
  timepoint?: string | null;
}

/** Props of {@link AuditTrailPanel}. */
export interface AuditTrailPanelProps extends AuditTrailTarget {
  /** The form's title, for the export's file name. @default 'form' */
  formTitle?: string;
  /** An element's label by its name. @default the name */
  fieldLabel?: (name: string) => string;
  /** Events per page read. @default 100 */
  pageSize?: number;
  /** Where the printable page is (a link is shown when given). */
  printHref?: string;
  /** Texts to override. @default AUDIT_TRAIL_LABELS */
  labels?: Partial<AuditTrailLabels>;
  /** Clock of the export's file name. @default () => new Date() */
  now?: () => Date;
  /** The zone local times are shown in. @default the browser's */
  timeZone?: string;
  /** Whether the panel shows its own heading; off inside a container that has one (a side panel). @default true */
  showTitle?: boolean;
}

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'done'; next: number | null };

/** The paged trail and the verify result of a record, read once per target. */
export function useAuditTrail({ api, webTemplateNo, recordId, timepoint }: AuditTrailTarget, pageSize = 100) {
  const [events, setEvents] = useState<AuditEvent[]>([]);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [verification, setVerification] = useState<AuditVerification | Error | null>(null);
  const read = useMemo(() => {
    const options = timepoint ? { timepoint } : {};
    return {
      page: (afterSeq: number) =>
        api.audit(webTemplateNo, recordId, { afterSeq, limit: pageSize, ...options }),
      verify: () => api.verifyAudit(webTemplateNo, recordId, options),
    };
  }, [api, webTemplateNo, recordId, timepoint, pageSize]);

  useEffect(() => {
    let live = true;
    setEvents([]);
    setLoad({ kind: 'loading' });
    setVerification(null);
    read.page(0).then(
      (trail) => {
        if (!live) return;
        setEvents(trail.Items);
        setLoad({ kind: 'done', next: trail.NextAfterSeq });
      },
      (cause: unknown) => {
        console.error(cause);
        if (live) setLoad({ kind: 'failed' });
      },
    );
    read.verify().then(
      (result) => live && setVerification(result),
      (cause: unknown) => live && setVerification(cause instanceof Error ? cause : new Error(String(cause))),
    );
    return () => {
      live = false;
    };
  }, [read]);

  const next = load.kind === 'done' ? load.next : null;
  return {
    events,
    load,
    verification,
    /** Reads the next page and appends it. */
    async loadMore() {
      if (next === null) return;
      const trail = await read.page(next);
      setEvents((shown) => [...shown, ...trail.Items]);
      setLoad({ kind: 'done', next: trail.NextAfterSeq });
    },
    /** Reads every page not read yet; resolves with the whole trail. */
    async loadAll(): Promise<AuditEvent[]> {
      if (next === null) return events;
      const rest = await loadAllAuditEvents(read.page, { afterSeq: next });
      const all = [...events, ...rest];
      setEvents(all);
      setLoad({ kind: 'done', next: null });
      return all;
    },
  };
}

/**
 * A record's audit trail (replaces the version list): every create, update, delete and signature,
 * oldest first, read a page at a time, with each change's old and new value, who (user and legal
 * name), when (UTC and local), the reason and the signature's manifestation; filters by field,
 * user and UTC day over the events read so far; CSV export of the filtered trail (every page is
 * read first); the "intact" / "altered at event N" mark of the verify call.
 */
export function AuditTrailPanel(props: AuditTrailPanelProps) {
  const { formTitle = 'form', fieldLabel, pageSize, printHref, labels, showTitle = true } = props;
  const now = props.now ?? (() => new Date());
  const L = { ...useFormsTexts().auditTrail, ...labels };
  const trail = useAuditTrail(props, pageSize);
  const [filter, setFilter] = useState<AuditTrailFilter>({});
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const shown = useMemo(() => filterAuditEvents(trail.events, filter), [trail.events, filter]);
  const fields = useMemo(() => auditFieldNames(trail.events), [trail.events]);
  const users = useMemo(() => auditUsers(trail.events), [trail.events]);
  const label = fieldLabel ?? ((name: string) => name);
  const set = (key: keyof AuditTrailFilter) => (event: { target: { value: string } }) =>
    setFilter((current) => ({ ...current, [key]: event.target.value }));

  const busy = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (cause) {
      console.error(cause);
      setError(L.failed);
    } finally {
      setBusy(false);
    }
  };
  const exportCsv = () =>
    busy(async () => {
      const all = await trail.loadAll();
      const fileName = auditCsvFileName({
        formTitle,
        webTemplateNo: props.webTemplateNo,
        recordId: props.recordId,
        at: now(),
      });
      downloadText(auditCsv(filterAuditEvents(all, filter), fieldLabel), fileName);
    });

  if (trail.load.kind === 'loading') return <p className="procedo-AuditTrail">{L.loading}</p>;
  if (trail.load.kind === 'failed') {
    return (
      <p className="procedo-AuditTrail" role="alert">
        {L.failed}
      </p>
    );
  }
  const content = (
    <>
      {props.timepoint ? <p>{L.atTimepoint(props.timepoint)}</p> : null}
      <AuditVerificationMark verification={trail.verification} labels={L} />
      <fieldset className="procedo-AuditTrail-filters">
        <legend>{L.filters}</legend>
        <label htmlFor={`${id}-field`}>{L.field}</label>
        <select id={`${id}-field`} value={filter.field ?? ''} onChange={set('field')}>
          <option value="">{L.any}</option>
          {fields.map((name) => (
            <option key={name} value={name}>
              {label(name)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-user`}>{L.user}</label>
        <select id={`${id}-user`} value={filter.user ?? ''} onChange={set('user')}>
          <option value="">{L.any}</option>
          {users.map((user) => (
            <option key={user.userName} value={user.userName}>
              {user.legalName} ({user.userName})
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-from`}>{L.from}</label>
        <input id={`${id}-from`} type="date" value={filter.from ?? ''} onChange={set('from')} />
        <label htmlFor={`${id}-to`}>{L.to}</label>
        <input id={`${id}-to`} type="date" value={filter.to ?? ''} onChange={set('to')} />
        <button type="button" onClick={() => setFilter({})}>
          {L.clearFilters}
        </button>
      </fieldset>
      <div className="procedo-AuditTrail-actions">
        <button type="button" onClick={exportCsv} disabled={isBusy}>
          {isBusy ? L.exporting : L.exportCsv}
        </button>
        {printHref ? <a href={printHref}>{L.printable}</a> : null}
      </div>
      {error ? <p role="alert">{error}</p> : null}
      {trail.events.length === 0 ? (
        <p>{L.empty}</p>
      ) : (
        // A narrow panel scrolls the table sideways: keyboard users scroll it by focusing it. A
        // named group, not a region: the panel around it is the page's "Audit trail" region.
        // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this holds a table
        <div
          className="procedo-AuditTrail-scroll"
          role="group"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
          tabIndex={0}
          aria-label={L.caption(props.recordId, shown.length, trail.events.length)}
        >
          <AuditEventsTable
            events={shown}
            caption={L.caption(props.recordId, shown.length, trail.events.length)}
            labels={L}
            {...(fieldLabel ? { fieldLabel } : {})}
            {...(props.timeZone ? { timeZone: props.timeZone } : {})}
          />
        </div>
      )}
      {trail.load.next !== null ? (
        <button type="button" onClick={() => busy(trail.loadMore)} disabled={isBusy}>
          {L.loadMore}
        </button>
      ) : null}
    </>
  );
  if (!showTitle) return <div className="procedo-AuditTrail">{content}</div>;
  return (
    <section className="procedo-AuditTrail" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="procedo-AuditTrail-title">
        {L.title}
      </h2>
      {content}
    </section>
  );
}
