import type { FormDefinition } from '@procedo/client-api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DemoForm } from './story-support';

const supplierSearch: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 1001,
  Name: 'supplier-search',
  Title: 'Find suppliers',
  Entity: 'supplier',
  Kind: 'search',
  HelpTopic: 'supplier-search',
  Elements: [
    { Kind: 'text', Name: 'NameContains', Label: 'Name contains', Hint: 'Press Enter to search' },
    {
      Kind: 'select',
      Name: 'Status',
      Label: 'Status',
      Options: [
        { Value: 'approved', Label: 'Approved' },
        { Value: 'conditional', Label: 'Conditionally approved' },
        { Value: 'blocked', Label: 'Blocked' },
      ],
    },
    { Kind: 'checkbox', Name: 'CriticalOnly', Label: 'Critical suppliers only' },
    { Kind: 'button', Name: 'Clear', Label: 'Clear', Action: 'reset' },
    { Kind: 'button', Name: 'Search', Label: 'Search', Action: 'search', IsDefault: true },
    {
      Kind: 'results',
      Name: 'Results',
      Label: 'Suppliers',
      OpenWebTemplateNo: 1002,
      Columns: [
        { Name: 'SupplierName', Caption: 'Name' },
        { Name: 'Status', Caption: 'Status' },
        { Name: 'Critical', Caption: 'Critical' },
        { Name: 'ApprovedOn', Caption: 'Approved on' },
      ],
    },
  ],
};

const supplierRows = [
  {
    Id: 17,
    Values: {
      SupplierName: 'Acme Components Ltd',
      Status: 'approved',
      Critical: true,
      ApprovedOn: '2024-02-15',
    },
  },
  {
    Id: 18,
    Values: {
      SupplierName: 'Bolt Fasteners plc',
      Status: 'conditional',
      Critical: false,
      ApprovedOn: '2023-11-02',
    },
  },
  {
    Id: 23,
    Values: { SupplierName: 'Cobalt Coatings GmbH', Status: 'blocked', Critical: false, ApprovedOn: null },
  },
];

const supplierRecord: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 1002,
  Name: 'supplier',
  Title: 'Supplier',
  Entity: 'supplier',
  Kind: 'record',
  Elements: [
    { Kind: 'text', Name: 'SupplierName', Label: 'Supplier name', IsMandatory: true, MaxLength: 80 },
    {
      Kind: 'tabs',
      Name: 'Sections',
      Label: 'Supplier sections',
      Tabs: [
        {
          Name: 'General',
          Label: 'General',
          Elements: [
            { Kind: 'text', Name: 'Email', Label: 'Quality contact email', Format: 'email' },
            { Kind: 'phone', Name: 'Phone', Label: 'Phone' },
            { Kind: 'number', Name: 'Rating', Label: 'Rating', Min: 0, Max: 5 },
            { Kind: 'date', Name: 'ApprovedOn', Label: 'Approved on' },
          ],
        },
        {
          Name: 'Notes',
          Label: 'Notes',
          Elements: [
            { Kind: 'textarea', Name: 'Notes', Label: 'Notes', AllowTimestamp: true },
            { Kind: 'brackets', Name: 'Mask', Label: 'Part number mask' },
          ],
        },
      ],
    },
    { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save', IsDefault: true },
  ],
};

const supplierValues = {
  SupplierName: 'Acme Components Ltd',
  Email: 'quality@acme.example',
  Phone: '+441632960961',
  Rating: 4,
  ApprovedOn: '2024-02-15',
  Notes: '2024-02-15 10:30 Initial audit passed.',
  Mask: '([])',
};

const deviationAudit: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 1003,
  Name: 'deviation',
  Title: 'Deviation DV-2024-031',
  Entity: 'deviation',
  Kind: 'record',
  Elements: [
    {
      Kind: 'info',
      Name: 'AuditNotice',
      Label: 'Audited record',
      Text: 'Fields marked as audited need your legal name and a reason before a change is saved.',
    },
    { Kind: 'text', Name: 'Title', Label: 'Title', IsMandatory: true },
    {
      Kind: 'select',
      Name: 'Severity',
      Label: 'Severity',
      IsAudit: true,
      Options: [
        { Value: 'minor', Label: 'Minor' },
        { Value: 'major', Label: 'Major' },
        { Value: 'critical', Label: 'Critical' },
      ],
    },
    { Kind: 'textarea', Name: 'RootCause', Label: 'Root cause', IsAudit: true, AllowTimestamp: true },
    { Kind: 'checkbox', Name: 'Closed', Label: 'Closed', IsAudit: true },
    { Kind: 'text', Name: 'Owner', Label: 'Owner' },
    { Kind: 'text', Name: 'InternalCost', Label: 'Internal cost' },
    { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save' },
  ],
};

const infoBoxes: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 1004,
  Name: 'batch-release-help',
  Title: 'Batch release',
  Entity: 'batch',
  Kind: 'record',
  Elements: [
    {
      Kind: 'info',
      Name: 'Before',
      Label: 'Before you release',
      Text: 'Check that every test result of the batch is in and signed.',
    },
    {
      Kind: 'info',
      Name: 'Regulatory',
      Label: 'Regulatory note',
      Text: 'Released batches cannot be edited; a correction is a new deviation.',
      IsCollapsed: true,
    },
    { Kind: 'text', Name: 'BatchNo', Label: 'Batch number', IsReadOnly: true },
    { Kind: 'date', Name: 'ReleasedOn', Label: 'Released on' },
  ],
};

const meta = {
  title: 'forms-react/Form/FormRenderer',
  component: DemoForm,
  parameters: { layout: 'padded' },
  args: {
    definition: supplierSearch,
    onSearch: fn(),
    onSave: fn(),
    onReset: fn(),
    onTabSelect: fn(),
  },
} satisfies Meta<typeof DemoForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A search form: Enter in a field runs the default Search button; results link to records. */
export const SearchWithResults: Story = { args: { results: supplierRows } };

/** A search form before its first search. */
export const SearchNoResults: Story = { args: { results: [] } };

/** A record form with tabs. */
export const RecordWithTabs: Story = {
  args: { definition: supplierRecord, initialValues: supplierValues },
};

/** A record whose tab select call fails: 'Server: Tab Select Error' shows on selecting a tab. */
export const TabSelectError: Story = {
  args: {
    definition: supplierRecord,
    initialValues: supplierValues,
    onTabSelect: fn(() => Promise.reject(new Error('Tab.Select failed'))),
  },
};

/** Server field errors on their fields, after a refused save. */
export const ServerErrors: Story = {
  args: {
    definition: supplierRecord,
    initialValues: supplierValues,
    serverErrors: [
      { path: ['Values', 'SupplierName'], message: 'A supplier with this name already exists.' },
    ],
  },
};

/** Audit-flagged fields, with one field locked and one hidden by permission. */
export const AuditFields: Story = {
  args: {
    definition: deviationAudit,
    initialValues: {
      Title: 'Label misprint on batch B-1042',
      Severity: 'major',
      RootCause: 'Printer template not updated after the artwork change.',
      Closed: false,
      Owner: 'olive',
      InternalCost: '1200',
    },
    permissions: [
      { NAME: 'Owner', ElementHidden: false, ElementLocked: true },
      { NAME: 'InternalCost', ElementHidden: true, ElementLocked: false },
    ],
  },
};

/** Info boxes, one expanded and one collapsed to 20 px. */
export const InfoBoxes: Story = {
  args: { definition: infoBoxes, initialValues: { BatchNo: 'B-1042', ReleasedOn: '2024-03-09' } },
};

/** Right-to-left layout. */
export const RightToLeft: Story = {
  args: { definition: supplierRecord, initialValues: supplierValues },
  decorators: [
    (Story) => (
      <div dir="rtl">
        <Story />
      </div>
    ),
  ],
};
