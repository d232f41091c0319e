import type { AuditEvent, AuditTrail, AuditVerification, FieldValue } from '@procedo/client-api';
import { csvCell, escapeFormula } from '@procedo/client-api';
import { AUDIT_TRAIL_LABELS, type AuditTrailLabels } from './audit-trail-labels';
import { utcText } from './utc-text';

/**
 * The audit trail's rules without React: filtering loaded events, the text of values and of a
 * signature's manifestation (21 CFR §11.50), loading every page, and the CSV export.
 */

/** What the audit trail panel filters by; an empty or missing filter matches every event. */
export interface AuditTrailFilter {
  /** Events with a change of this element (by `Name`). */
  field?: string;
  /** Events by this user: the user name or legal name, case-insensitively. */
  user?: string;
  /** Events on or after this UTC day (`yyyy-MM-dd`). */
  from?: string;
  /** Events on or before this UTC day (`yyyy-MM-dd`). */
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The events that pass `filter`, in their order. A malformed day is ignored (matches all). */
export function filterAuditEvents(events: readonly AuditEvent[], filter: AuditTrailFilter): AuditEvent[] {
  const user = filter.user?.trim().toLowerCase() ?? '';
  const from = filter.from && DAY.test(filter.from) ? filter.from : null;
  const to = filter.to && DAY.test(filter.to) ? filter.to : null;
  return events.filter((event) => {
    if (filter.field && !event.Changes.some((change) => change.Name === filter.field)) return false;
    if (user && event.UserName.toLowerCase() !== user && event.LegalName.toLowerCase() !== user) return false;
    // AtUtc is ISO UTC: its first ten characters are the UTC day.
    const day = event.AtUtc.slice(0, 10);
    if (from && day < from) return false;
    if (to && day > to) return false;
    return true;
  });
}

/** The element names changed in `events`, sorted: the options of the field filter. */
export function auditFieldNames(events: readonly AuditEvent[]): string[] {
  return [...new Set(events.flatMap((event) => event.Changes.map((change) => change.Name)))].sort();
}

/** The users of `events` (user name with legal name), sorted by user name: the user filter's options. */
export function auditUsers(events: readonly AuditEvent[]): { userName: string; legalName: string }[] {
  const users = new Map<string, string>();
  for (const event of events) users.set(event.UserName, event.LegalName);
  return [...users]
    .map(([userName, legalName]) => ({ userName, legalName }))
    .sort((a, b) => a.userName.localeCompare(b.userName));
}

/** A field value as text: a picker's text, a file's name, booleans as Yes/No, nothing as ''. */
export function auditValueText(
  value: FieldValue,
  labels: { yes: string; no: string } = AUDIT_TRAIL_LABELS,
): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  if (typeof value === 'object') return 'FileName' in value ? value.FileName : value.Text;
  return String(value);
}

/** An ISO UTC time with its zone: `2026-11-23 17:56:13 UTC`. */
export function utcZoneText(iso: string): string {
  return `${utcText(iso)} UTC`;
}

/** An ISO UTC time in the browser's zone, with the zone's name (`23/11/2026, 18:56:13 CET`). */
export function localZoneText(iso: string, locale?: string, timeZone?: string): string {
  return new Date(iso).toLocaleString(locale, {
    dateStyle: 'medium',
    timeStyle: 'long',
    ...(timeZone ? { timeZone } : {}),
  });
}

/**
 * A signature's manifestation (§11.50): the signer's printed legal name, when it was signed with
 * its zone, and its meaning (the reason given). `null` for an unsigned event.
 */
export interface SignatureManifestation {
  printedName: string;
  /** `2026-11-23 17:56:13 UTC`. */
  signedAt: string;
  meaning: string;
}

/** The {@link SignatureManifestation} of a signed event, else `null`. */
export function signatureManifestation(event: AuditEvent): SignatureManifestation | null {
  if (event.Signature === null) return null;
  return { printedName: event.Signature, signedAt: utcZoneText(event.AtUtc), meaning: event.Reason ?? '' };
}

/** The newest signed event of `events`, or `null`. */
export function lastSignedEvent(events: readonly AuditEvent[]): AuditEvent | null {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index]!;
    if (event.Signature !== null) return event;
  }
  return null;
}

/** The mark of a verification: intact, or the first event where the chain breaks. */
export function verificationText(
  verification: AuditVerification,
  labels: Pick<AuditTrailLabels, 'intact' | 'altered'> = AUDIT_TRAIL_LABELS,
): string {
  return verification.Intact || verification.FirstBadSeq === null
    ? labels.intact
    : labels.altered(verification.FirstBadSeq);
}

/**
 * Every event from `afterSeq` on, reading page after page (`NextAfterSeq`) — for the export and
 * the printable page, which must hold the whole trail, not what the panel has shown so far.
 */
export async function loadAllAuditEvents(
  loadPage: (afterSeq: number) => Promise<AuditTrail>,
  options: { afterSeq?: number; maxPages?: number } = {},
): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let afterSeq: number | null = options.afterSeq ?? 0;
  // A server that kept answering the same key would loop for ever: bound the walk.
  for (let page = 0; afterSeq !== null && page < (options.maxPages ?? 10_000); page += 1) {
    const trail: AuditTrail = await loadPage(afterSeq);
    events.push(...trail.Items);
    afterSeq = trail.NextAfterSeq !== null && trail.NextAfterSeq > afterSeq ? trail.NextAfterSeq : null;
  }
  return events;
}

/** The header of {@link auditCsv}. */
export const AUDIT_CSV_HEADER = [
  'Event',
  'Kind',
  'Version',
  'Time (UTC)',
  'User name',
  'Legal name',
  'Field',
  'Old value',
  'New value',
  'Reason',
  'Signature',
] as const;

/** The CSV cells of `events`: one row per changed field (one row for an event without changes). */
export function auditCsvRows(
  events: readonly AuditEvent[],
  fieldLabel: (name: string) => string = (name) => name,
): string[][] {
  return events.flatMap((event) => {
    const common = (field: string, old: string, next: string) => [
      String(event.Seq),
      event.Kind,
      String(event.Version),
      event.AtUtc,
      event.UserName,
      event.LegalName,
      field,
      old,
      next,
      event.Reason ?? '',
      event.Signature ?? '',
    ];
    if (event.Changes.length === 0) return [common('', '', '')];
    return event.Changes.map((change) =>
      common(fieldLabel(change.Name), auditValueText(change.Old), auditValueText(change.New)),
    );
  });
}

/** RFC 4180 text (CRLF line ends) of `rows`, every cell through {@link csvCell}. */
export { csvCell, escapeFormula };

export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The audit trail as CSV: the header, then {@link auditCsvRows}. */
export function auditCsv(events: readonly AuditEvent[], fieldLabel?: (name: string) => string): string {
  return toCsv([[...AUDIT_CSV_HEADER], ...auditCsvRows(events, fieldLabel)]);
}

/**
 * The export's file name, naming the form, the record and the time:
 * `audit-trail_Deviation_103-42_20261123T175613Z.csv`.
 */
export function auditCsvFileName(options: {
  formTitle: string;
  webTemplateNo: number;
  recordId: number;
  at: Date;
}): string {
  const title = options.formTitle.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'form';
  const stamp = options.at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `audit-trail_${title}_${options.webTemplateNo}-${options.recordId}_${stamp}.csv`;
}

/** Offers `text` as a download named `fileName` (a Blob link clicked once, then released). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  // The BOM makes spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
