import type { FormDefinition } from '@procedo/client-api';

// A copy of the seeded form 102 (apps/mock-server/src/db/form-seed-data.ts `SUPPLIER`), for the
// designer's tests: a tab strip with two tabs, every common kind, and buttons at the form's level.
const SUPPLIER_STATUS = [
  { Value: 'Approved', Label: 'Approved' },
  { Value: 'Conditional', Label: 'Conditionally approved' },
  { Value: 'Blocked', Label: 'Blocked' },
];

export const SUPPLIER_FORM: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 102,
  Name: 'Supplier',
  Title: 'Supplier',
  Entity: 'supplier',
  Kind: 'record',
  HelpTopic: 'suppliers',
  Elements: [
    {
      Kind: 'tabs',
      Name: 'SupplierTabs',
      Label: 'Supplier',
      Tabs: [
        {
          Name: 'General',
          Label: 'General',
          Elements: [
            { Kind: 'text', Name: 'Name', Label: 'Name', IsMandatory: true, MaxLength: 100, MinLength: 2 },
            { Kind: 'text', Name: 'Country', Label: 'Country', MaxLength: 60 },
            { Kind: 'phone', Name: 'Phone', Label: 'Phone', MaxLength: 20 },
            { Kind: 'text', Name: 'Email', Label: 'Email', Format: 'email', MaxLength: 200 },
            { Kind: 'text', Name: 'Website', Label: 'Website', Format: 'url', MaxLength: 200 },
            { Kind: 'select', Name: 'Status', Label: 'Status', IsMandatory: true, Options: SUPPLIER_STATUS },
            { Kind: 'checkbox', Name: 'IsPreferred', Label: 'Preferred supplier' },
          ],
        },
        {
          Name: 'Quality',
          Label: 'Quality',
          Elements: [
            { Kind: 'number', Name: 'Rating', Label: 'Rating (1–5)', Min: 1, Max: 5, Step: 1 },
            { Kind: 'date', Name: 'LastAuditDate', Label: 'Last audit', Min: '2000-01-01' },
            {
              Kind: 'textarea',
              Name: 'AuditNotes',
              Label: 'Audit notes',
              Rows: 6,
              MaxLength: 20_000,
              AllowTimestamp: true,
            },
            { Kind: 'textarea', Name: 'InternalNotes', Label: 'Internal notes', Rows: 3, MaxLength: 5000 },
          ],
        },
      ],
    },
    { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save' },
    { Kind: 'button', Name: 'Delete', Label: 'Delete', Action: 'delete' },
  ],
};
