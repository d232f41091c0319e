import {
  type ApiIssue,
  type FieldValues,
  type FormDefinition,
  flattenElements,
  isEmptyValue,
  isValueElement,
  type RecordVersion,
  ValidationCode,
  type ValueElement,
  validateValues,
  valueChanged,
} from '@procedo/client-api';
import { AppError } from '../../errors/app-error';
import { mayAttach } from '../files/file-access';
import { validationFailure } from '../forms/form-errors';
import type { FormSettings, OpenedForm, PermissionMap } from '../forms/forms-service';
import type { AuthContext } from '../session/session-service';
import { resolvePickers } from './record-pickers';
import type { RecordVersionRecord } from './records-store';

/** The sign-off a write of an audit-flagged field carries; the password is checked, never kept. */
export type AuditSignOff = {
  AuditDataChangeESig: string;
  AuditDataChangeReason: string;
  AuditDataChangePassword?: string | undefined;
};

/** Checks the signature of a write that needs one (the signing service's rules); throws its refusal. */
export type VerifySignature = (audit: AuditSignOff) => Promise<void>;

/** The value elements of a definition by name, tabs' children included. */
export const valueElements = (definition: FormDefinition) => {
  const map = new Map<string, ValueElement>();
  for (const element of flattenElements(definition))
    if (isValueElement(element)) map.set(element.Name, element);
  return map;
};

/** Only the values named in `visible` (a form's {@link OpenedForm.visible}): the rest never leaves. */
export const onlyVisible = (values: FieldValues, visible: ReadonlySet<string>): FieldValues =>
  Object.fromEntries(Object.entries(values).filter(([name]) => visible.has(name)));

/** A stored version as the wire's `RecordSchema` with only the values the form shows the user. */
export const toWire = (record: RecordVersionRecord, visible: ReadonlySet<string>): RecordVersion => ({
  Id: record.id,
  Entity: record.entity,
  Version: record.version,
  IsDeleted: record.isDeleted,
  Values: onlyVisible(record.values, visible),
  UpdatedBy: record.updatedBy,
  UpdatedAt: record.updatedAt,
});

/** 409 `VERSION_CONFLICT` carrying the current version as this user reads it through the form. */
export function conflict(record: RecordVersionRecord, visible: ReadonlySet<string>): AppError {
  return new AppError({
    status: 409,
    code: 'VERSION_CONFLICT',
    message: `The record was changed by ${record.updatedBy} at ${record.updatedAt} (now version ${record.version}${record.isDeleted ? ', deleted' : ''}). Review the current values and save again.`,
    extra: { Current: toWire(record, visible) },
  });
}

/**
 * 403 when a write changes an element the user may not change (hidden, locked or read-only). With
 * `anyHidden`, any value sent for a hidden element is refused, its current value too: answering
 * 200 to the right guess and 403 to a wrong one would tell the user the hidden value.
 */
export function checkPermissions(options: {
  fields: Map<string, ValueElement>;
  permissions: PermissionMap;
  before: FieldValues;
  after: FieldValues;
  names: Iterable<string>;
  includeReadOnly: boolean;
  anyHidden: boolean;
}): void {
  const issues: ApiIssue[] = [];
  for (const name of options.names) {
    const element = options.fields.get(name);
    if (!element) continue;
    const permission = options.permissions.get(name);
    const reason = permission?.hidden
      ? 'hidden'
      : permission?.locked
        ? 'locked'
        : options.includeReadOnly && element.IsReadOnly
          ? 'read-only'
          : null;
    if (!reason) continue;
    if (
      (reason === 'hidden' && options.anyHidden) ||
      valueChanged(options.before[name], options.after[name])
    ) {
      issues.push({
        code: `element_${reason.replace('-', '_')}`,
        path: ['Values', name],
        message: `You may not change ${element.Label}: the field is ${reason} for you.`,
      });
    }
  }
  if (issues.length > 0) {
    throw new AppError({
      status: 403,
      code: 'ELEMENT_PERMISSION',
      message: `Permission denied: ${issues.map((issue) => issue.path.at(-1)).join(', ')} cannot be changed by you.`,
      issues,
    });
  }
}

/**
 * The audit invariant (CONTRACT): a change to an IsAudit field needs a sign-off (the signer's legal
 * name and a reason). Answers whether the write needs one; the signature itself is checked by
 * {@link VerifySignature} (the signing service, which counts failed attempts).
 */
export function checkAudit(options: {
  auth: AuthContext;
  fields: Map<string, ValueElement>;
  before: FieldValues;
  after: FieldValues;
  audit: AuditSignOff | undefined;
}): boolean {
  const changed = [...options.fields.values()].filter(
    (element) => element.IsAudit && valueChanged(options.before[element.Name], options.after[element.Name]),
  );
  if (changed.length === 0) return false;
  if (!options.audit) {
    throw new AppError({
      status: 400,
      code: 'AUDIT_SIGNATURE_REQUIRED',
      message: `A change to ${changed.map((element) => element.Label).join(', ')} needs your electronic signature (your legal name) and a reason.`,
      issues: changed.map((element) => ({
        code: 'audit_signature_required',
        path: ['Values', element.Name],
        message: 'This change needs your electronic signature and a reason.',
      })),
    });
  }
  return true;
}

/**
 * File values must name an uploaded file the user may attach (their own upload, or the file the
 * record already holds there); they are replaced by the server's metadata of it.
 */
async function resolveFiles(
  auth: AuthContext,
  fields: Map<string, ValueElement>,
  before: FieldValues,
  values: FieldValues,
): Promise<FieldValues> {
  const resolved: FieldValues = { ...values };
  const missing: ApiIssue[] = [];
  const refused: ApiIssue[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (fields.get(name)?.Kind !== 'file' || isEmptyValue(value)) continue;
    const ref = value as { Id: string };
    const file = await auth.database.stores.files.get(ref.Id);
    if (!file) {
      missing.push({
        code: 'file_not_found',
        path: ['Values', name],
        message: 'The file was not found; upload it again.',
      });
      continue;
    }
    if (!mayAttach(auth, file, before[name])) {
      refused.push({
        code: 'file_forbidden',
        path: ['Values', name],
        message: 'You may attach only a file you uploaded yourself; upload it again.',
      });
      continue;
    }
    resolved[name] = {
      Id: file.id,
      FileName: file.originalName,
      Size: file.size,
      ContentType: file.contentType,
    };
  }
  if (refused.length > 0) {
    throw new AppError({
      status: 403,
      code: 'FORBIDDEN',
      message: `Permission denied: ${refused.map((issue) => issue.path.at(-1)).join(', ')} names a file you may not attach.`,
      issues: refused,
    });
  }
  if (missing.length > 0) throw validationFailure(missing);
  return resolved;
}

/** The common rules of a create or an update; answers the values to store. */
export async function prepareWrite(options: {
  auth: AuthContext;
  definition: FormDefinition;
  permissions: PermissionMap;
  settings: FormSettings;
  before: FieldValues;
  changes: FieldValues;
  partial: boolean;
  audit: AuditSignOff | undefined;
  verifySignature: VerifySignature;
}): Promise<FieldValues> {
  const { auth, definition, permissions, settings, before, changes } = options;
  if (definition.Kind !== 'record') {
    throw new AppError({
      status: 400,
      code: 'VALIDATION',
      message: `Form ${definition.WebTemplateNo} is a search form; records are written through their record form.`,
    });
  }
  const fields = valueElements(definition);
  const issues = validateValues(definition, changes, {
    supportedFileExtensions: settings.supportedFileExtensions,
    maxUploadBytes: settings.maxUploadBytes,
    partial: options.partial,
  });
  const unknown = issues.filter((issue) => issue.code === ValidationCode.unknownElement);
  if (unknown.length > 0) throw validationFailure(unknown);
  // Pickers first: a value is compared, checked and stored with the server's title of its record.
  const pickers = await resolvePickers({ auth, fields, before, after: { ...before, ...changes } });
  const after = pickers.values;
  checkPermissions({
    fields,
    permissions,
    before,
    after,
    names: Object.keys(changes),
    includeReadOnly: true,
    anyHidden: true,
  });
  // A hidden or locked mandatory field the user cannot fill is not the user's error on create.
  const own = issues.filter((issue) => {
    const name = String(issue.path[1]);
    const permission = permissions.get(name);
    return !(
      issue.code === ValidationCode.mandatory &&
      !Object.hasOwn(changes, name) &&
      (permission?.hidden || permission?.locked)
    );
  });
  // A picker whose shape is already wrong has its field issue; no second one.
  const shaped = pickers.issues.filter((issue) => !own.some((other) => other.path[1] === issue.path[1]));
  if (own.length + shaped.length > 0) throw validationFailure([...own, ...shaped]);
  const signed = checkAudit({ auth, fields, before, after, audit: options.audit });
  const values = await resolveFiles(auth, fields, before, after);
  // Last, so an attempt is counted only for a write that would otherwise be saved.
  if (signed && options.audit) await options.verifySignature(options.audit);
  return values;
}

/** Who wrote a version, when (server clock, UTC) and the sign-off. */
export const byUser = (auth: AuthContext, now: () => number, audit?: AuditSignOff) => ({
  updatedBy: auth.user.name,
  updatedAt: new Date(now()).toISOString(),
  auditESig: audit?.AuditDataChangeESig.trim() ?? null,
  auditReason: audit?.AuditDataChangeReason.trim() ?? null,
});
