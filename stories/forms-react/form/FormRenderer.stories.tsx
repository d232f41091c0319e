import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { operatorPermissions, seededForm } from './seeded-forms';
import { DemoForm } from './story-support';

// Each story renders one of the server's seeded demo forms verbatim (seeded-forms.ts imports
// them from apps/mock-server); only the record values, result rows and picker lists are fixed
// story data, keyed by the seeded element names.
const SUPPLIER_SEARCH = seededForm(101);
const SUPPLIER = seededForm(102);
const DEVIATION = seededForm(103);
const BATCH = seededForm(104);
const CERTIFICATE = seededForm(105);
const PRODUCT = seededForm(106);

const supplierRows = [
  { Id: 17, Values: { Name: 'Acme Components Ltd', Country: 'United Kingdom', Status: 'Approved' } },
  { Id: 18, Values: { Name: 'Bolt Fasteners plc', Country: 'Ireland', Status: 'Conditional' } },
  { Id: 23, Values: { Name: 'Cobalt Coatings GmbH', Country: 'Germany', Status: 'Blocked' } },
];

const supplierValues = {
  Name: 'Acme Components Ltd',
  Country: 'United Kingdom',
  Phone: '+441632960961',
  Email: 'quality@acme.example',
  Website: 'https://acme.example',
  Status: 'Approved',
  IsPreferred: true,
  Rating: 4,
  LastAuditDate: '2024-02-15',
  AuditNotes: '2024-02-15 10:30 Initial audit passed.',
  InternalNotes: 'Price review due in Q3.',
};

const meta = {
  title: 'forms-react/Form/FormRenderer',
  component: DemoForm,
  parameters: { layout: 'padded' },
  args: {
    definition: SUPPLIER_SEARCH,
    onSearch: fn(),
    onSave: fn(),
    onDelete: fn(),
    onReset: fn(),
    onTabSelect: fn(),
  },
} satisfies Meta<typeof DemoForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 101, a search form: Enter in a field runs the default Search button; results link to records. */
export const SearchWithResults: Story = { args: { results: supplierRows } };

/** 101 before its first search. */
export const SearchNoResults: Story = { args: { results: [] } };

/** 102, a record form with tabs. */
export const RecordWithTabs: Story = {
  args: { definition: SUPPLIER, initialValues: supplierValues },
};

/** 102 as the `operator` profile sees it: the seeded permissions lock Rating and hide Internal notes. */
export const RecordAsOperator: Story = {
  args: { definition: SUPPLIER, initialValues: supplierValues, permissions: operatorPermissions(102) },
};

/** 102 whose tab select call fails: 'Server: Tab Select Error' shows on selecting a tab. */
export const TabSelectError: Story = {
  args: {
    definition: SUPPLIER,
    initialValues: supplierValues,
    onTabSelect: fn(() => Promise.reject(new Error('Tab.Select failed'))),
  },
};

/** 102 with server field errors on their fields, after a refused save. */
export const ServerErrors: Story = {
  args: {
    definition: SUPPLIER,
    initialValues: supplierValues,
    serverErrors: [{ path: ['Values', 'Name'], message: 'A supplier with this name already exists.' }],
  },
};

/** 103, audit-flagged fields (severity, status, root cause, CAPA) and a batch picker. */
export const AuditFields: Story = {
  args: {
    definition: DEVIATION,
    initialValues: {
      Title: 'Label misprint on batch B-1042',
      OccurredOn: '2024-03-04',
      Batch: { Id: '21', Text: 'B-1042' },
      Severity: 'Major',
      Status: 'Investigating',
      Description: '2024-03-04 09:12 Misprinted lot number found at packing.',
      RootCause: 'Printer template not updated after the artwork change.',
      CapaRequired: true,
    },
  },
};

/** 104, pickers that depend on each other: changing the supplier clears the product and rework batch. */
export const DependentPickers: Story = {
  args: {
    definition: BATCH,
    initialValues: {
      BatchNo: 'B-1042',
      Supplier: { Id: '1', Text: 'Acme Components Ltd' },
      Product: { Id: '11', Text: 'Lactose monohydrate (RM-0042)' },
      ReworkOf: null,
      ManufacturedOn: '2024-03-01',
      Quantity: 250,
      Status: 'Quarantine',
    },
  },
};

/** 105, a file upload: a file whose extension is not supported is refused with the spec message. */
export const FileUpload: Story = {
  args: {
    definition: CERTIFICATE,
    initialValues: {
      Title: 'ISO 9001 certificate 2024',
      Supplier: { Id: '1', Text: 'Acme Components Ltd' },
      Document: {
        Id: 'f1',
        FileName: 'ISO-9001 certificate.pdf',
        Size: 183_412,
        ContentType: 'application/pdf',
      },
      ValidUntil: '2027-01-31',
    },
  },
};

/** 106, info boxes (one expanded, one collapsed to 20 px) and a brackets field, as the `operator`. */
export const InfoBoxes: Story = {
  args: {
    definition: PRODUCT,
    permissions: operatorPermissions(106),
    initialValues: {
      Name: 'Lactose monohydrate',
      ProductCode: 'RM-0042',
      Supplier: { Id: '1', Text: 'Acme Components Ltd' },
      BracketCode: '([])',
      ShelfLifeDays: 730,
      Category: 'Raw',
      IsControlled: false,
    },
  },
};

/** Right-to-left layout. */
export const RightToLeft: Story = {
  args: { definition: SUPPLIER, initialValues: supplierValues },
  decorators: [
    (Story) => (
      <div dir="rtl">
        <Story />
      </div>
    ),
  ],
};
