import type { FormDefinition } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { recordDefinition } from '../form/state/fixtures';
import { createFormStore } from '../form/state/form-store';
import { copyRecordValues } from './copy-values';

const definition: FormDefinition = {
  ...recordDefinition,
  Elements: [...recordDefinition.Elements, { Kind: 'file', Name: 'Certificate', Label: 'Certificate' }],
};

describe('a new record based on another (a_BasedOnTemplateNo)', () => {
  it('copies the values of same-named elements the user can edit, and the form becomes dirty', () => {
    const store = createFormStore({
      definition,
      permissions: [
        { NAME: 'Secret', ElementHidden: true, ElementLocked: false },
        { NAME: 'Owner', ElementHidden: false, ElementLocked: true },
      ],
    });
    const copied = copyRecordValues(store, {
      SupplierName: 'Atlas Pharma',
      Rating: 4,
      Critical: true,
      Status: 'blocked',
      Secret: 'never copied into a hidden element',
      Owner: 'never into a locked one',
      Code: 'nor a read-only one',
      Certificate: { Id: 'f1', FileName: 'gmp.pdf', Size: 10, ContentType: 'application/pdf' },
      Unknown: 'nor an element this form lacks',
      Notes: null,
    });
    expect(copied.sort()).toEqual(['Critical', 'Rating', 'Status', 'SupplierName']);
    expect(store.getValues()).toMatchObject({
      SupplierName: 'Atlas Pharma',
      Rating: 4,
      Critical: true,
      Status: 'blocked',
      Owner: '',
      Code: '',
      Certificate: null,
    });
    expect(store.getValues()).not.toHaveProperty('Secret');
    expect(store.getFormSnapshot().dirty).toBe(1);
  });
});
