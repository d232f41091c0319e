import type { PickerValue } from '@procedo/client-api';
import {
  I18nProvider,
  PickerField,
  type PickerFieldProps,
  type PickerSearchResult,
} from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { userEvent, within } from 'storybook/test';

const SUPPLIERS: PickerValue[] = [
  { Id: 's1', Text: 'Acme Components Ltd' },
  { Id: 's2', Text: 'Acme Labs' },
  { Id: 's3', Text: 'Borealis Pharma' },
  { Id: 's4', Text: 'Cobalt Chemicals' },
  { Id: 's5', Text: 'Delta Packaging' },
];

/** Fixed data, answered at once, so runs compare. */
const searchSuppliers = async (text: string): Promise<PickerSearchResult> => {
  const needle = text.toLowerCase();
  const Items = SUPPLIERS.filter((s) => s.Text.toLowerCase().includes(needle));
  return { Items: Items.slice(0, 3), HasMore: Items.length > 3 };
};

/** A search that never answers: the searching state. */
const searchForever = () => new Promise<PickerSearchResult>(() => {});

type StoryProps = Omit<PickerFieldProps, 'value' | 'onChange'> & { initial?: PickerValue | null };

function ControlledPicker({ initial = null, ...props }: StoryProps) {
  const [value, setValue] = useState<PickerValue | null>(initial);
  return (
    <div style={{ maxWidth: 360 }}>
      <PickerField {...props} value={value} onChange={setValue} />
      <output style={{ display: 'block', marginTop: 8, fontSize: 12 }}>Value: {JSON.stringify(value)}</output>
    </div>
  );
}

const meta = {
  title: 'forms-react/Fields/PickerField',
  component: ControlledPicker,
  args: { label: 'Supplier', search: searchSuppliers, minLength: 1 },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ControlledPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Empty; the combobox loads and mounts on first focus, taking over what was typed meanwhile. */
export const Default: Story = {};

/** With a picked value. */
export const WithValue: Story = { args: { initial: SUPPLIERS[2] } };

/** Mandatory, with a hint: garbage typed then left restores the last valid value. */
export const Mandatory: Story = {
  args: { initial: SUPPLIERS[0], isMandatory: true, description: 'The approved supplier of the batch' },
};

/** Invalid: a server error under the field. */
export const Invalid: Story = {
  args: { isMandatory: true, errorMessage: 'This field is required.' },
};

/** Locked by permission: read-only text, never searches. */
export const Locked: Story = { args: { initial: SUPPLIERS[1], isLocked: true } };

/** Searching: the answer has not come yet. */
export const Searching: Story = {
  args: { search: searchForever },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText('Supplier'));
    await userEvent.keyboard('ac');
  },
};

/** Results listed, with more on the server than shown. */
export const Results: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText('Supplier'));
    await userEvent.keyboard('a');
  },
};

/** Minimum length 3, two characters typed. */
export const TooShort: Story = {
  args: { minLength: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText('Supplier'));
    await userEvent.keyboard('ac');
  },
};

/** Right-to-left locale, with a value. */
export const RightToLeft: Story = {
  args: { label: 'المورد', initial: { Id: 's9', Text: 'شركة الكيماويات' } },
  decorators: [
    (Story) => (
      <I18nProvider locale="ar-EG">
        <div dir="rtl">
          <Story />
        </div>
      </I18nProvider>
    ),
  ],
};
