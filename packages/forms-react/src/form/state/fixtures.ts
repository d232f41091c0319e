import type { FormDefinition } from '@procedo/client-api';

/** A small record form using every value kind, for the form tests. */
export const recordDefinition: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 101,
  Name: 'supplier',
  Title: 'Supplier',
  Entity: 'supplier',
  Kind: 'record',
  Elements: [
    {
      Kind: 'text',
      Name: 'SupplierName',
      Label: 'Name',
      IsMandatory: true,
      MaxLength: 40,
      Hint: 'Legal name',
    },
    { Kind: 'text', Name: 'Email', Label: 'Email', Format: 'email' },
    { Kind: 'phone', Name: 'Phone', Label: 'Phone' },
    { Kind: 'brackets', Name: 'Mask', Label: 'Mask' },
    { Kind: 'textarea', Name: 'Notes', Label: 'Notes', AllowTimestamp: true },
    { Kind: 'number', Name: 'Rating', Label: 'Rating', Min: 0, Max: 5 },
    { Kind: 'date', Name: 'Approved', Label: 'Approved on' },
    {
      Kind: 'select',
      Name: 'Status',
      Label: 'Status',
      Options: [
        { Value: 'active', Label: 'Active' },
        { Value: 'blocked', Label: 'Blocked' },
      ],
    },
    { Kind: 'checkbox', Name: 'Critical', Label: 'Critical supplier' },
    { Kind: 'text', Name: 'Scratch', Label: 'Scratch', TrackDirty: false },
    { Kind: 'text', Name: 'Code', Label: 'Code', IsReadOnly: true },
    { Kind: 'text', Name: 'Secret', Label: 'Secret' },
    { Kind: 'text', Name: 'Owner', Label: 'Owner' },
  ],
};
