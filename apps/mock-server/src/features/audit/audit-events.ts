import { type FieldValues, isEmptyValue, valueChanged } from '@procedo/client-api';
import type { AuditChange } from './audit-chain';
import type { NewAuditEvent } from './audit-store';

/** Each field whose value a write changed, with its value before and after (null when empty). */
export function auditChanges(before: FieldValues, after: FieldValues): AuditChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names
    .filter((name) => valueChanged(before[name], after[name]))
    .map((name) => ({
      Name: name,
      Old: isEmptyValue(before[name]) ? null : before[name]!,
      New: isEmptyValue(after[name]) ? null : after[name]!,
    }));
}

/**
 * The events one write records (CONTRACT "Audit trail"): the change itself — `create`, `update`
 * or `delete`, with every changed field (a deletion takes every value out) and the reason given —
 * and, when the write was signed, a `sign` event: the signature's manifestation (21 CFR 11.50:
 * printed legal name, when, and its meaning, the reason) bound to the version it signs, with the
 * audit-flagged changes it signed off.
 */
export function writeEvents(options: {
  before: FieldValues | null;
  after: FieldValues;
  isDeleted: boolean;
  user: { name: string; legalName: string };
  /** The sign-off, when the write carried one. */
  signed: { signature: string; reason: string } | null;
  /** The audit-flagged element names of the form written through. */
  audited: ReadonlySet<string>;
}): NewAuditEvent[] {
  const { before, after, isDeleted, user, signed } = options;
  const kind = before === null ? 'create' : isDeleted ? 'delete' : 'update';
  const changes = auditChanges(before ?? {}, isDeleted ? {} : after);
  const events: NewAuditEvent[] = [
    {
      kind,
      changes,
      reason: signed?.reason ?? null,
      signature: null,
      userName: user.name,
      legalName: user.legalName,
    },
  ];
  if (signed) {
    events.push({
      kind: 'sign',
      changes: changes.filter((change) => options.audited.has(change.Name)),
      reason: signed.reason,
      signature: signed.signature,
      userName: user.name,
      legalName: user.legalName,
    });
  }
  return events;
}
