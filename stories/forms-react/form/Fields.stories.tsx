import type { Meta, StoryObj } from '@storybook/react-vite';
import { AllStates } from './story-support';

/** Every field kind in every state: default, invalid, locked, hidden, dirty, read-only. */
const meta = {
  title: 'forms-react/Form/Fields',
  component: AllStates,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof AllStates>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {
  args: {
    element: {
      Kind: 'text',
      Name: 'SupplierName',
      Label: 'Supplier name',
      Hint: 'The legal name',
      IsMandatory: true,
      MaxLength: 80,
    },
    value: 'Acme Components Ltd',
    changedValue: 'Acme Components Limited',
    errorMessage: 'This field is required.',
  },
};

export const Email: Story = {
  args: {
    element: { Kind: 'text', Name: 'Email', Label: 'Quality contact email', Format: 'email' },
    value: 'quality@acme.example',
    changedValue: 'qa@acme.example',
    errorMessage: 'Enter an email address.',
  },
};

export const Url: Story = {
  args: {
    element: { Kind: 'text', Name: 'Website', Label: 'Website', Format: 'url' },
    value: 'https://acme.example',
    changedValue: 'https://acme.example/quality',
    errorMessage: 'Enter a web address, such as https://example.com.',
  },
};

export const Phone: Story = {
  args: {
    element: { Kind: 'phone', Name: 'Phone', Label: 'Phone', Hint: 'Digits and + only' },
    value: '+441632960961',
    changedValue: '+441632960962',
    errorMessage: 'Enter a phone number: digits, optionally after a leading +.',
  },
};

export const Brackets: Story = {
  args: {
    element: { Kind: 'brackets', Name: 'Mask', Label: 'Bracket mask' },
    value: '([])',
    changedValue: '([]){}',
    errorMessage: 'Enter brackets only: ( ) [ ] { } < >.',
  },
};

export const TextArea: Story = {
  args: {
    element: { Kind: 'textarea', Name: 'Notes', Label: 'Investigation notes', AllowTimestamp: true, Rows: 3 },
    value: '2024-03-08 09:12 Batch B-1042 quarantined.',
    changedValue: '2024-03-08 09:12 Batch B-1042 quarantined.\n2024-03-09 14:05 Released after retest.',
    errorMessage: 'Enter at most 4000 characters.',
  },
};

export const NumberKind: Story = {
  name: 'Number',
  args: {
    element: { Kind: 'number', Name: 'Rating', Label: 'Supplier rating', Min: 0, Max: 5, Step: 1 },
    value: 4,
    changedValue: 3,
    errorMessage: 'Enter a number of at most 5.',
  },
};

export const DateKind: Story = {
  name: 'Date',
  args: {
    element: { Kind: 'date', Name: 'ApprovedOn', Label: 'Approved on', Min: '2000-01-01' },
    value: '2024-02-15',
    changedValue: '2024-03-01',
    errorMessage: 'Enter a date as yyyy-MM-dd.',
  },
};

export const Select: Story = {
  args: {
    element: {
      Kind: 'select',
      Name: 'Status',
      Label: 'Status',
      IsMandatory: true,
      Options: [
        { Value: 'approved', Label: 'Approved' },
        { Value: 'conditional', Label: 'Conditionally approved' },
        { Value: 'blocked', Label: 'Blocked' },
      ],
    },
    value: 'approved',
    changedValue: 'blocked',
    errorMessage: 'Choose one of the listed options.',
  },
};

export const Checkbox: Story = {
  args: {
    element: { Kind: 'checkbox', Name: 'Critical', Label: 'Critical supplier' },
    value: false,
    changedValue: true,
    errorMessage: 'This field is required.',
  },
};

/** Picker and file render the unknown-kind placeholder until their components are registered. */
export const PickerPlaceholder: Story = {
  args: {
    element: { Kind: 'picker', Name: 'Supplier', Label: 'Supplier', Source: 'suppliers', MinLength: 2 },
    value: { Id: '17', Text: 'Acme Components Ltd' },
    changedValue: { Id: '18', Text: 'Bolt Fasteners plc' },
  },
};

export const Info: Story = {
  args: {
    element: {
      Kind: 'info',
      Name: 'AboutAudit',
      Label: 'About audited fields',
      Text: 'Changes to fields marked as audited ask for your legal name and a reason before they are saved.',
    },
  },
};
