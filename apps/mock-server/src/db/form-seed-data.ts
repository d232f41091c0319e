import type { FormDefinition } from '@procedo/client-api';
import { BATCH_SEARCH, DEVIATION_SEARCH, PRODUCT_SEARCH } from './search-form-seed-data';
import { OPERATOR_PROFILE_ID, type SeedKind } from './seed-data';

/**
 * The demo forms (web templates). Together they use every element kind: 101 a search form with
 * a default search button and a result list, 102 a record form with tabs, 103 audit-flagged
 * fields, 104 pickers that depend on each other, 105 a file upload, 106 info boxes and a
 * brackets field.
 */
const SUPPLIER_STATUS = [
  { Value: 'Approved', Label: 'Approved' },
  { Value: 'Conditional', Label: 'Conditionally approved' },
  { Value: 'Blocked', Label: 'Blocked' },
];

export const SUPPLIER_SEARCH: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 101,
  Name: 'SupplierSearch',
  Title: 'Suppliers',
  Entity: 'supplier',
  Kind: 'search',
  HelpTopic: 'suppliers',
  Elements: [
    { Kind: 'text', Name: 'Name', Label: 'Name', MaxLength: 100 },
    { Kind: 'text', Name: 'Country', Label: 'Country', MaxLength: 60 },
    { Kind: 'select', Name: 'Status', Label: 'Status', Options: SUPPLIER_STATUS },
    { Kind: 'button', Name: 'Search', Label: 'Search', Action: 'search', IsDefault: true },
    {
      Kind: 'results',
      Name: 'Results',
      Label: 'Suppliers found',
      OpenWebTemplateNo: 102,
      PageSize: 25,
      Columns: [
        { Name: 'Name', Caption: 'Name' },
        { Name: 'Country', Caption: 'Country' },
        { Name: 'Status', Caption: 'Status' },
      ],
    },
  ],
};

export const SUPPLIER: FormDefinition = {
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

export const DEVIATION: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 103,
  Name: 'Deviation',
  Title: 'Deviation',
  Entity: 'deviation',
  Kind: 'record',
  HelpTopic: 'deviations',
  Elements: [
    {
      Kind: 'info',
      Name: 'AuditInfo',
      Label: 'Signed changes',
      Text: 'Changes to severity, status, root cause and CAPA need your electronic signature and a reason.',
    },
    { Kind: 'text', Name: 'Title', Label: 'Title', IsMandatory: true, MaxLength: 200 },
    { Kind: 'date', Name: 'OccurredOn', Label: 'Occurred on', IsMandatory: true },
    { Kind: 'picker', Name: 'Batch', Label: 'Batch', Source: 'batches', MinLength: 2 },
    {
      Kind: 'select',
      Name: 'Severity',
      Label: 'Severity',
      IsMandatory: true,
      IsAudit: true,
      Options: [
        { Value: 'Minor', Label: 'Minor' },
        { Value: 'Major', Label: 'Major' },
        { Value: 'Critical', Label: 'Critical' },
      ],
    },
    {
      Kind: 'select',
      Name: 'Status',
      Label: 'Status',
      IsMandatory: true,
      IsAudit: true,
      Options: [
        { Value: 'Open', Label: 'Open' },
        { Value: 'Investigating', Label: 'Under investigation' },
        { Value: 'Closed', Label: 'Closed' },
      ],
    },
    { Kind: 'textarea', Name: 'Description', Label: 'Description', MaxLength: 20_000, AllowTimestamp: true },
    { Kind: 'textarea', Name: 'RootCause', Label: 'Root cause', MaxLength: 20_000, IsAudit: true },
    { Kind: 'checkbox', Name: 'CapaRequired', Label: 'CAPA required', IsAudit: true },
    { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save' },
    { Kind: 'button', Name: 'Delete', Label: 'Delete', Action: 'delete' },
  ],
};

export const BATCH: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 104,
  Name: 'Batch',
  Title: 'Batch',
  Entity: 'batch',
  Kind: 'record',
  HelpTopic: 'batches',
  Elements: [
    { Kind: 'text', Name: 'BatchNo', Label: 'Batch number', IsMandatory: true, MaxLength: 20 },
    {
      Kind: 'picker',
      Name: 'Supplier',
      Label: 'Supplier',
      Source: 'suppliers',
      IsMandatory: true,
      MinLength: 2,
    },
    {
      Kind: 'picker',
      Name: 'Product',
      Label: 'Product',
      Source: 'products',
      IsMandatory: true,
      MinLength: 1,
      DependsOn: ['Supplier'],
    },
    {
      Kind: 'picker',
      Name: 'ReworkOf',
      Label: 'Rework of batch',
      Source: 'batches',
      MinLength: 0,
      DependsOn: ['Product'],
    },
    { Kind: 'date', Name: 'ManufacturedOn', Label: 'Manufactured on', IsMandatory: true },
    { Kind: 'number', Name: 'Quantity', Label: 'Quantity (kg)', Min: 0, Max: 1_000_000 },
    {
      Kind: 'select',
      Name: 'Status',
      Label: 'Status',
      IsMandatory: true,
      Options: [
        { Value: 'Quarantine', Label: 'Quarantine' },
        { Value: 'Released', Label: 'Released' },
        { Value: 'Rejected', Label: 'Rejected' },
      ],
    },
    { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save' },
  ],
};

export const CERTIFICATE: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 105,
  Name: 'Certificate',
  Title: 'Supplier certificate',
  Entity: 'certificate',
  Kind: 'record',
  HelpTopic: 'certificates',
  Elements: [
    { Kind: 'text', Name: 'Title', Label: 'Title', IsMandatory: true, MaxLength: 200 },
    {
      Kind: 'picker',
      Name: 'Supplier',
      Label: 'Supplier',
      Source: 'suppliers',
      IsMandatory: true,
      MinLength: 2,
    },
    { Kind: 'file', Name: 'Document', Label: 'Certificate (PDF, image or office file)', IsMandatory: true },
    { Kind: 'date', Name: 'ValidUntil', Label: 'Valid until' },
    { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save' },
  ],
};

export const PRODUCT: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 106,
  Name: 'Product',
  Title: 'Product',
  Entity: 'product',
  Kind: 'record',
  HelpTopic: 'products',
  Elements: [
    {
      Kind: 'info',
      Name: 'AboutProducts',
      Label: 'About products',
      Text: 'A product is bought from one supplier. Batches are recorded against the product.',
    },
    {
      Kind: 'info',
      Name: 'BracketHelp',
      Label: 'Bracket codes',
      Text: 'The bracket code describes the packaging nesting with brackets only, e.g. ([]).',
      IsCollapsed: true,
    },
    { Kind: 'text', Name: 'Name', Label: 'Name', IsMandatory: true, MaxLength: 120 },
    { Kind: 'text', Name: 'ProductCode', Label: 'Product code', IsMandatory: true, MaxLength: 20 },
    {
      Kind: 'picker',
      Name: 'Supplier',
      Label: 'Supplier',
      Source: 'suppliers',
      IsMandatory: true,
      MinLength: 2,
    },
    { Kind: 'brackets', Name: 'BracketCode', Label: 'Bracket code', MaxLength: 40 },
    { Kind: 'number', Name: 'ShelfLifeDays', Label: 'Shelf life (days)', Min: 1, Max: 3650 },
    {
      Kind: 'select',
      Name: 'Category',
      Label: 'Category',
      Options: [
        { Value: 'Raw', Label: 'Raw material' },
        { Value: 'Packaging', Label: 'Packaging' },
        { Value: 'Finished', Label: 'Finished good' },
      ],
    },
    { Kind: 'checkbox', Name: 'IsControlled', Label: 'Controlled substance' },
    { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save' },
    { Kind: 'button', Name: 'Delete', Label: 'Delete', Action: 'delete' },
  ],
};

/** The forms of each seed: every form in `demo`, a smaller set in `training`. */
export function formDefinitions(kind: SeedKind): FormDefinition[] {
  return kind === 'full'
    ? [
        SUPPLIER_SEARCH,
        SUPPLIER,
        DEVIATION,
        BATCH,
        CERTIFICATE,
        PRODUCT,
        PRODUCT_SEARCH,
        BATCH_SEARCH,
        DEVIATION_SEARCH,
      ]
    : [SUPPLIER_SEARCH, SUPPLIER, BATCH, BATCH_SEARCH];
}

/** An element permission to seed (spec §3). */
export interface ElementPermissionSeed {
  webTemplateNo: number;
  elementName: string;
  ownerType: 'user' | 'profile';
  ownerId: number;
  hidden: boolean;
  locked: boolean;
}

/** Operators may not change a supplier's rating nor see its internal notes, nor change a shelf life. */
export const ELEMENT_PERMISSIONS: ElementPermissionSeed[] = [
  {
    webTemplateNo: 102,
    elementName: 'Rating',
    ownerType: 'profile',
    ownerId: OPERATOR_PROFILE_ID,
    hidden: false,
    locked: true,
  },
  {
    webTemplateNo: 102,
    elementName: 'InternalNotes',
    ownerType: 'profile',
    ownerId: OPERATOR_PROFILE_ID,
    hidden: true,
    locked: false,
  },
  {
    webTemplateNo: 106,
    elementName: 'ShelfLifeDays',
    ownerType: 'profile',
    ownerId: OPERATOR_PROFILE_ID,
    hidden: false,
    locked: true,
  },
];

/**
 * Forms a profile may not open. Every other profile gets every seeded form: supervisors all of
 * them, operators all but the certificates (105), which their navigation never offered.
 */
export const FORM_ACCESS_DENIED: readonly { profileId: number; webTemplateNo: number }[] = [
  { profileId: OPERATOR_PROFILE_ID, webTemplateNo: 105 },
];

/** Navigation URLs moved to the forms' numbers (databases seeded before the forms existed). */
export const NAVIGATION_UPDATES: {
  title: string;
  from: string;
  to: string;
  newTitle?: string;
  newDescription?: string;
}[] = [
  { title: 'Products', from: '/form?WebTemplateNo=102', to: '/form?WebTemplateNo=106' },
  { title: 'Batches', from: '/form?WebTemplateNo=103', to: '/form?WebTemplateNo=104' },
  { title: 'Deviations', from: '/form?WebTemplateNo=104', to: '/form?WebTemplateNo=103' },
  {
    title: 'CAPA',
    from: '/form?WebTemplateNo=105',
    to: '/form?WebTemplateNo=105',
    newTitle: 'Certificates',
    newDescription: 'Supplier certificates and their documents',
  },
];
