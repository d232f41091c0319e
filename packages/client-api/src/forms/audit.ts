import type { FieldValues, FormDefinition } from '../v1/form-schemas';
import { flattenElements, isValueElement, type ValueElement } from './validate';
import { valueChanged } from './values';

/**
 * The audit rule (spec §5, CONTRACT invariants), shared so the form asks for a signature exactly
 * when the server will demand one.
 */

/**
 * Spec §5: the audit-flagged (`IsAudit`) elements whose value a write changes from `before` to
 * `after` (see `valueChanged`), in form order. An update: `after` is `before` with the changed
 * values over it; a create: `before` is `{}`; a delete takes every value out: `after` is `{}`.
 */
export function auditedChanges(
  definition: FormDefinition,
  before: FieldValues,
  after: FieldValues,
): ValueElement[] {
  return flattenElements(definition)
    .filter(isValueElement)
    .filter((element) => element.IsAudit && valueChanged(before[element.Name], after[element.Name]));
}

/**
 * Whether an audit signature is the signer's legal name: compared trimmed and ignoring case
 * (English case rules, the same on every machine); an empty signature never is.
 */
export function isLegalNameSignature(signature: string, legalName: string): boolean {
  const signed = signature.trim();
  return signed !== '' && signed.toLocaleLowerCase('en') === legalName.trim().toLocaleLowerCase('en');
}
