import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyFieldValue, deviationForm } from '../../test/rules-fixtures';
import type { FieldValues } from '../v1/form-schemas';
import { auditedChanges, isLegalNameSignature } from './audit';
import { valueChanged } from './values';

const names = (elements: { Name: string }[]) => elements.map((element) => element.Name);

describe('auditedChanges', () => {
  it('lists the audit-flagged fields a write changes, inside tabs too, in form order', () => {
    const before = { Title: 'Old', Severity: 'Minor', Capa: false };
    expect(names(auditedChanges(deviationForm, before, { ...before, Title: 'x', Capa: true }))).toEqual([
      'Capa',
    ]);
    expect(names(auditedChanges(deviationForm, before, { ...before, Title: 'x' }))).toEqual([]);
    expect(names(auditedChanges(deviationForm, {}, { Severity: 'Minor', Capa: true }))).toEqual([
      'Severity',
      'Capa',
    ]);
  });

  it('counts a deletion as a change of every audit-flagged field that holds a value', () => {
    expect(names(auditedChanges(deviationForm, { Severity: 'Minor', Capa: false }, {}))).toEqual([
      'Severity',
    ]);
  });

  it('never asks for a signature when an audit-flagged field goes from one empty value to another', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, '', ' ', undefined), fc.constantFrom(null, '', '  '), (a, b) => {
        expect(
          auditedChanges(deviationForm, a === undefined ? {} : { Severity: a }, { Severity: b }),
        ).toEqual([]);
      }),
    );
  });

  it('asks exactly when the value of an audit-flagged field changes, whatever the values', () => {
    fc.assert(
      fc.property(anyFieldValue, anyFieldValue, (a, b) => {
        const before: FieldValues = a === undefined ? {} : { Severity: a };
        const after: FieldValues = b === undefined ? {} : { Severity: b };
        expect(auditedChanges(deviationForm, before, after).length > 0).toBe(valueChanged(a, b));
      }),
    );
  });
});

describe('isLegalNameSignature', () => {
  it('accepts the legal name in any case with spaces around, nothing else', () => {
    expect(isLegalNameSignature('  olive operator ', 'Olive Operator')).toBe(true);
    expect(isLegalNameSignature('OLIVE OPERATOR', 'Olive Operator')).toBe(true);
    expect(isLegalNameSignature('operator', 'Olive Operator')).toBe(false);
    expect(isLegalNameSignature('  ', '')).toBe(false);
    expect(isLegalNameSignature('', '')).toBe(false);
  });

  it('uses the same case rules on every machine (a dotted capital I is not a plain i)', () => {
    expect(isLegalNameSignature('İlker', 'ilker')).toBe(false);
    expect(isLegalNameSignature('ILKER', 'ilker')).toBe(true);
  });
});
