import type { AuditEventKind } from '@procedo/client-api';

/** The fixed texts of the audit trail panel and its printable page; see {@link AUDIT_TRAIL_LABELS}. */
export interface AuditTrailLabels {
  title: string;
  caption: (recordId: number, shown: number, loaded: number) => string;
  loading: string;
  failed: string;
  empty: string;
  loadMore: string;
  exportCsv: string;
  exporting: string;
  printable: string;
  print: string;
  filters: string;
  field: string;
  user: string;
  from: string;
  to: string;
  any: string;
  clearFilters: string;
  colEvent: string;
  colWhen: string;
  colWho: string;
  colAction: string;
  colChanges: string;
  colReason: string;
  colSignature: string;
  kind: (kind: AuditEventKind) => string;
  empty_value: string;
  /** §11.50: printed name, date and time with zone, meaning. */
  signedBy: string;
  signedAt: string;
  meaning: string;
  lastSignature: string;
  noSignature: string;
  verifying: string;
  verifyFailed: string;
  atTimepoint: (timepoint: string) => string;
  printTitle: (formTitle: string, recordId: number) => string;
  printRecord: string;
  printTimepoint: string;
  printedAt: string;
  printedBy: string;
  localTime: string;
  /** The verification mark: the chain is intact, or where it first breaks. */
  intact: string;
  altered: (seq: number) => string;
  /** Booleans in the changes column. */
  yes: string;
  no: string;
}

const KINDS: Record<AuditEventKind, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  sign: 'Signed',
};

/** The default (English) {@link AuditTrailLabels}; each part takes `labels` to override some. */
export const AUDIT_TRAIL_LABELS: Readonly<AuditTrailLabels> = Object.freeze({
  title: 'Audit trail',
  caption: (recordId: number, shown: number, loaded: number) =>
    `Audit trail of record ${recordId}: ${shown} of ${loaded} loaded events shown, oldest first`,
  loading: 'Reading the audit trail…',
  failed: 'The audit trail could not be read.',
  empty: 'No audit events.',
  loadMore: 'Load more events',
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  printable: 'Printable page',
  print: 'Print',
  filters: 'Filter the audit trail',
  field: 'Field',
  user: 'User',
  from: 'From (UTC day)',
  to: 'To (UTC day)',
  any: 'Any',
  clearFilters: 'Clear filters',
  colEvent: 'Event',
  colWhen: 'When',
  colWho: 'Who',
  colAction: 'Action',
  colChanges: 'Changes',
  colReason: 'Reason',
  colSignature: 'Signature',
  kind: (kind: AuditEventKind) => KINDS[kind],
  empty_value: '(empty)',
  signedBy: 'Signed by',
  signedAt: 'Signed at',
  meaning: 'Meaning',
  lastSignature: 'Last signature',
  noSignature: 'Not signed yet.',
  verifying: 'Checking the audit trail…',
  verifyFailed: 'The audit trail could not be checked.',
  atTimepoint: (timepoint: string) => `As recorded up to ${timepoint} (UTC)`,
  printTitle: (formTitle: string, recordId: number) => `Audit trail — ${formTitle}, record ${recordId}`,
  printRecord: 'Record',
  printTimepoint: 'As recorded up to',
  printedAt: 'Printed at',
  printedBy: 'Printed by',
  localTime: 'local time',
  intact: 'Audit trail intact',
  altered: (seq: number) => `Audit trail altered at event ${seq}`,
  yes: 'Yes',
  no: 'No',
});
