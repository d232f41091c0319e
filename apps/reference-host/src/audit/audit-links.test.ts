import type { FormDefinition } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { auditPrintHref, dayRange, fieldLabelOf, readAuditSearchQuery, recordHref } from './audit-links';

describe('audit page links', () => {
  it('addresses the printable page (with its timepoint) and a record’s form page', () => {
    expect(auditPrintHref(103, 7, null)).toBe('/audit-print?WebTemplateNo=103&RecordId=7');
    expect(auditPrintHref(103, 7, '2026-03-01 09:30')).toBe(
      '/audit-print?WebTemplateNo=103&RecordId=7&Timepoint=2026-03-01+09%3A30',
    );
    expect(recordHref(103, 7)).toBe('/form?WebTemplateNo=103&UGoToItemNo=7');
  });

  it('reads the search filters, dropping a day that is not yyyy-MM-dd, and spans whole UTC days', () => {
    const filters = readAuditSearchQuery(
      new URLSearchParams('UserName=+operator+&Entity=deviation&From=2026-03-01&To=March'),
    );
    expect(filters).toEqual({ userName: 'operator', entity: 'deviation', from: '2026-03-01', to: '' });
    expect(dayRange({ ...filters, to: '2026-03-02' })).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T23:59:59.999Z',
    });
  });

  it('labels a change by its element’s label', () => {
    const label = fieldLabelOf({
      schemaVersion: 1,
      WebTemplateNo: 103,
      Name: 'Deviation',
      Title: 'Deviation',
      Entity: 'deviation',
      Kind: 'record',
      Elements: [{ Kind: 'text', Name: 'RootCause', Label: 'Root cause' }],
    } as FormDefinition);
    expect(label('RootCause')).toBe('Root cause');
    expect(label('Gone')).toBe('Gone');
  });
});
