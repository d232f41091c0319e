import type { FormDefinition } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { conflictRows, currentValuesFor } from './conflict-rows';

const definition: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 103,
  Name: 'Deviation',
  Title: 'Deviation',
  Entity: 'deviation',
  Kind: 'record',
  Elements: [
    { Kind: 'text', Name: 'Title', Label: 'Title' },
    {
      Kind: 'select',
      Name: 'Severity',
      Label: 'Severity',
      IsAudit: true,
      Options: [{ Value: 'Minor', Label: 'Minor' }],
    },
    {
      Kind: 'tabs',
      Name: 'Tabs',
      Label: 'Tabs',
      Tabs: [
        {
          Name: 'More',
          Label: 'More',
          Elements: [
            { Kind: 'checkbox', Name: 'Capa', Label: 'CAPA', IsAudit: true },
            { Kind: 'number', Name: 'Cost', Label: 'Cost' },
          ],
        },
      ],
    },
    { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save' },
  ],
};

describe('conflictRows', () => {
  it('lists the fields the user changed and those changed elsewhere, where screen and server differ', () => {
    const rows = conflictRows({
      definition,
      base: { Title: 'Old', Severity: 'Minor', Capa: false, Cost: 1 },
      onScreen: { Title: 'Mine', Severity: 'Minor', Capa: false, Cost: 1 },
      changed: { Title: 'Mine' },
      current: { Title: 'Theirs', Severity: 'Minor', Capa: true, Cost: 1 },
    });
    expect(rows).toEqual([
      { name: 'Title', label: 'Title', mine: 'Mine', current: 'Theirs', isMine: true },
      { name: 'Capa', label: 'CAPA', mine: false, current: true, isMine: false },
    ]);
  });

  it('leaves out a field both sides changed to the same value', () => {
    const rows = conflictRows({
      definition,
      base: { Title: 'Old' },
      onScreen: { Title: 'Same' },
      changed: { Title: 'Same' },
      current: { Title: 'Same' },
    });
    expect(rows).toEqual([]);
  });
});

describe('currentValuesFor', () => {
  it('takes the server values and empties what the record does not hold', () => {
    expect(currentValuesFor({ Title: 'Mine', Capa: true, Cost: 3 }, { Title: 'Theirs' })).toEqual({
      Title: 'Theirs',
      Capa: false,
      Cost: null,
    });
  });
});
