import { describe, expect, it } from 'vitest';
import { recordVariables } from './record-variables';

describe('the process variables of a saved record (WFEVENT_UICOMMANDID)', () => {
  it("are the record's id, then each value as text: a picker's text, a file's name, empty for none", () => {
    expect(
      recordVariables({
        Id: 17,
        Entity: 'deviation',
        Version: 2,
        IsDeleted: false,
        UpdatedBy: 'operator',
        UpdatedAt: '2026-11-24T10:00:00.000Z',
        Values: {
          Title: 'Tablet weight',
          Severity: 3,
          IsCritical: true,
          Batch: { Id: '5', Text: 'B-0005' },
          Report: { Id: 'u1', FileName: 'report.pdf', Size: 12, ContentType: 'application/pdf' },
          ClosedOn: null,
        },
      }),
    ).toEqual([
      { Name: 'RecordId', Value: '17' },
      { Name: 'Title', Value: 'Tablet weight' },
      { Name: 'Severity', Value: '3' },
      { Name: 'IsCritical', Value: 'true' },
      { Name: 'Batch', Value: 'B-0005' },
      { Name: 'Report', Value: 'report.pdf' },
      { Name: 'ClosedOn', Value: '' },
    ]);
  });
});
