import type { AuditEvent, AuditVerification, RecordsApi } from '@procedo/client-api';
import { useEffect, useState } from 'react';
import { useFormsTexts } from '../i18n/texts';
import { AuditEventsTable, AuditVerificationMark, SignatureManifestationView } from './AuditEventsTable';
import type { AuditTrailTarget } from './AuditTrailPanel';
import { loadAllAuditEvents, localZoneText, signatureManifestation, utcZoneText } from './audit-trail';
import type { AuditTrailLabels } from './audit-trail-labels';

type Whole =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'done'; events: AuditEvent[]; verification: AuditVerification | Error | null };

/** The whole trail of a record (every page) and its verification; read once per target. */
function useWholeAuditTrail({ api, webTemplateNo, recordId, timepoint }: AuditTrailTarget): Whole {
  const [whole, setWhole] = useState<Whole>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    const options = timepoint ? { timepoint } : {};
    setWhole({ kind: 'loading' });
    Promise.all([
      loadAllAuditEvents((afterSeq) =>
        api.audit(webTemplateNo, recordId, { afterSeq, limit: 500, ...options }),
      ),
      api
        .verifyAudit(webTemplateNo, recordId, options)
        .catch((cause: unknown) => (cause instanceof Error ? cause : new Error(String(cause)))),
    ]).then(
      ([events, verification]) => live && setWhole({ kind: 'done', events, verification }),
      (cause: unknown) => {
        console.error(cause);
        if (live) setWhole({ kind: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [api, webTemplateNo, recordId, timepoint]);
  return whole;
}

/** Props of {@link LastSignature}. */
export interface LastSignatureProps extends Omit<AuditTrailTarget, 'api'> {
  /** The call it makes (`v1.records` has it). */
  api: Pick<RecordsApi, 'lastSignature'>;
  labels?: Partial<AuditTrailLabels>;
}

type Newest = { kind: 'loading' } | { kind: 'failed' } | { kind: 'done'; event: AuditEvent | null };

/**
 * The record's newest signature's manifestation (§11.50), shown beside the record. One read of
 * the newest signed event, however long the trail; the chain's check is the panel's and the
 * printed page's.
 */
export function LastSignature({ labels, api, webTemplateNo, recordId, timepoint }: LastSignatureProps) {
  const L = { ...useFormsTexts().auditTrail, ...labels };
  const [newest, setNewest] = useState<Newest>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setNewest({ kind: 'loading' });
    api.lastSignature(webTemplateNo, recordId, timepoint ? { timepoint } : {}).then(
      ({ Event }) => live && setNewest({ kind: 'done', event: Event }),
      (cause: unknown) => {
        console.error(cause);
        if (live) setNewest({ kind: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [api, webTemplateNo, recordId, timepoint]);
  if (newest.kind !== 'done') return null;
  const manifestation = newest.event ? signatureManifestation(newest.event) : null;
  return (
    <section className="procedo-LastSignature" aria-label={L.lastSignature}>
      <h2>{L.lastSignature}</h2>
      {manifestation ? (
        <SignatureManifestationView manifestation={manifestation} labels={L} />
      ) : (
        <p>{L.noSignature}</p>
      )}
    </section>
  );
}

/** Props of {@link AuditTrailPrint}. */
export interface AuditTrailPrintProps extends AuditTrailTarget {
  /** The form's title (the record's identity with its id). */
  formTitle: string;
  /** The record's title, when known. */
  recordTitle?: string;
  /** Who prints: the signed-in user's legal name and user name. */
  printedBy: { legalName: string; userName: string };
  /** An element's label by its name. @default the name */
  fieldLabel?: (name: string) => string;
  labels?: Partial<AuditTrailLabels>;
  /** Clock of the "printed at" line. @default () => new Date() */
  now?: () => Date;
  /** The zone local times are shown in. @default the browser's */
  timeZone?: string;
}

/**
 * A record's whole audit trail as a human-readable page to print: the record's identity, every
 * event with its signature's manifestation, the verify result, and when and by whom it was
 * printed. Print CSS hides the Print button; the host hides its own chrome.
 */
export function AuditTrailPrint(props: AuditTrailPrintProps) {
  const { formTitle, recordTitle, printedBy, fieldLabel, labels, timeZone, now = () => new Date() } = props;
  const L = { ...useFormsTexts().auditTrail, ...labels };
  const whole = useWholeAuditTrail(props);
  const [printedAt] = useState(() => now().toISOString());
  const title = L.printTitle(formTitle, props.recordId);
  return (
    <article className="procedo-AuditPrint" aria-labelledby="procedo-AuditPrint-title">
      <h1 id="procedo-AuditPrint-title">{title}</h1>
      <dl className="procedo-AuditPrint-identity">
        <div>
          <dt>{L.printRecord}</dt>
          <dd>
            {formTitle} ({props.webTemplateNo}), record {props.recordId}
            {recordTitle ? ` — ${recordTitle}` : ''}
          </dd>
        </div>
        {props.timepoint ? (
          <div>
            <dt>{L.printTimepoint}</dt>
            <dd>{props.timepoint} (UTC)</dd>
          </div>
        ) : null}
        <div>
          <dt>{L.printedAt}</dt>
          <dd>
            {utcZoneText(printedAt)} ({localZoneText(printedAt, undefined, timeZone)}, {L.localTime})
          </dd>
        </div>
        <div>
          <dt>{L.printedBy}</dt>
          <dd>
            {printedBy.legalName} ({printedBy.userName})
          </dd>
        </div>
      </dl>
      <div className="procedo-AuditPrint-actions">
        <button type="button" onClick={() => window.print()} disabled={whole.kind !== 'done'}>
          {L.print}
        </button>
      </div>
      {whole.kind === 'loading' ? <p>{L.loading}</p> : null}
      {whole.kind === 'failed' ? <p role="alert">{L.failed}</p> : null}
      {whole.kind === 'done' ? (
        <>
          <AuditVerificationMark verification={whole.verification} labels={L} />
          {whole.events.length === 0 ? (
            <p>{L.empty}</p>
          ) : (
            <AuditEventsTable
              events={whole.events}
              caption={L.caption(props.recordId, whole.events.length, whole.events.length)}
              labels={L}
              {...(fieldLabel ? { fieldLabel } : {})}
              {...(timeZone ? { timeZone } : {})}
            />
          )}
        </>
      ) : null}
    </article>
  );
}
