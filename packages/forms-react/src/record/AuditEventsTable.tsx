import type { AuditEvent, AuditVerification } from '@procedo/client-api';
import { useFormsTexts } from '../i18n/texts';
import {
  auditValueText,
  localZoneText,
  type SignatureManifestation,
  signatureManifestation,
  utcZoneText,
  verificationText,
} from './audit-trail';
import type { AuditTrailLabels } from './audit-trail-labels';

/** Props of {@link SignatureManifestationView}. */
export interface SignatureManifestationViewProps {
  manifestation: SignatureManifestation;
  /** Texts to override. @default AUDIT_TRAIL_LABELS */
  labels?: Partial<AuditTrailLabels>;
}

/**
 * A signature as 21 CFR §11.50 wants it shown wherever the record is shown or printed: the
 * signer's printed legal name, the date and time with its zone, and the meaning (the reason).
 */
export function SignatureManifestationView({ manifestation, labels }: SignatureManifestationViewProps) {
  const L = { ...useFormsTexts().auditTrail, ...labels };
  return (
    <dl className="procedo-SignatureManifestation">
      <div>
        <dt>{L.signedBy}</dt>
        <dd>{manifestation.printedName}</dd>
      </div>
      <div>
        <dt>{L.signedAt}</dt>
        <dd>{manifestation.signedAt}</dd>
      </div>
      <div>
        <dt>{L.meaning}</dt>
        <dd>{manifestation.meaning}</dd>
      </div>
    </dl>
  );
}

/** Props of {@link AuditVerificationMark}. */
export interface AuditVerificationMarkProps {
  /** The verify call's answer; `null` while it runs; an `Error` when it failed. */
  verification: AuditVerification | Error | null;
  labels?: Partial<AuditTrailLabels>;
}

/** The visible "Audit trail intact" / "Audit trail altered at event N" mark (`data-intact`). */
export function AuditVerificationMark({ verification, labels }: AuditVerificationMarkProps) {
  const L = { ...useFormsTexts().auditTrail, ...labels };
  if (verification === null) {
    return <p className="procedo-AuditVerification">{L.verifying}</p>;
  }
  if (verification instanceof Error) {
    return (
      <p className="procedo-AuditVerification" role="alert">
        {L.verifyFailed}
      </p>
    );
  }
  return (
    <p className="procedo-AuditVerification" data-intact={verification.Intact} role="status">
      {verificationText(verification, L)}
    </p>
  );
}

/** Props of {@link AuditEventsTable}. */
export interface AuditEventsTableProps {
  events: readonly AuditEvent[];
  caption: string;
  /** An element's label by its name. @default the name */
  fieldLabel?: (name: string) => string;
  labels?: Partial<AuditTrailLabels>;
  /** The zone local times are shown in. @default the browser's */
  timeZone?: string;
}

/** The audit events as a table: who, when (UTC and local), what changed, why and the signature. */
export function AuditEventsTable({ events, caption, fieldLabel, labels, timeZone }: AuditEventsTableProps) {
  const L = { ...useFormsTexts().auditTrail, ...labels };
  const label = fieldLabel ?? ((name: string) => name);
  const value = (text: string) => (text === '' ? <em>{L.empty_value}</em> : text);
  return (
    <table className="procedo-AuditTrail-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{L.colEvent}</th>
          <th scope="col">{L.colWhen}</th>
          <th scope="col">{L.colWho}</th>
          <th scope="col">{L.colAction}</th>
          <th scope="col">{L.colChanges}</th>
          <th scope="col">{L.colReason}</th>
          <th scope="col">{L.colSignature}</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => {
          const signature = signatureManifestation(event);
          return (
            <tr key={event.Seq} data-kind={event.Kind} data-signed={signature ? true : undefined}>
              <td>{event.Seq}</td>
              <td>
                <time dateTime={event.AtUtc}>{utcZoneText(event.AtUtc)}</time>
                <br />
                <span className="procedo-AuditTrail-local">
                  {localZoneText(event.AtUtc, undefined, timeZone)} ({L.localTime})
                </span>
              </td>
              <td>
                {event.LegalName}
                <br />
                <span className="procedo-AuditTrail-user">{event.UserName}</span>
              </td>
              <td>{L.kind(event.Kind)}</td>
              <td>
                {event.Changes.length > 0 ? (
                  <ul className="procedo-AuditTrail-changes">
                    {event.Changes.map((change) => (
                      <li key={change.Name}>
                        <strong>{label(change.Name)}</strong>: {value(auditValueText(change.Old, L))} →{' '}
                        {value(auditValueText(change.New, L))}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
              <td>{event.Reason ?? ''}</td>
              <td>
                {signature ? <SignatureManifestationView manifestation={signature} labels={L} /> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
