import { I18nProvider } from '@procedo/forms-react';
import { ColumnListSelector, type ColumnListSelectorProps } from '@procedo/forms-react/column-list';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';

const COLUMNS = [
  { Name: 'code', Caption: 'Code' },
  { Name: 'name', Caption: 'Name' },
  { Name: 'country', Caption: 'Country' },
  { Name: 'status', Caption: 'Status' },
  { Name: 'rating', Caption: 'Rating' },
  { Name: 'approvedOn', Caption: 'Approved on' },
];

function ControlledSelector({ selected: initial, ...props }: Omit<ColumnListSelectorProps, 'onChange'>) {
  const [selected, setSelected] = useState<readonly string[]>(initial);
  return <ColumnListSelector {...props} selected={selected} onChange={setSelected} />;
}

const meta = {
  title: 'forms-react/Fields/ColumnListSelector',
  component: ControlledSelector,
  args: { available: COLUMNS, selected: ['code', 'name', 'status'], label: 'Supplier list columns' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ControlledSelector>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Some columns shown. */
export const Default: Story = {};

/** Nothing shown yet. */
export const Empty: Story = { args: { selected: [] } };

/** Every column shown. */
export const AllShown: Story = { args: { selected: COLUMNS.map((c) => c.Name) } };

/** Right-to-left locale. */
export const RightToLeft: Story = {
  args: {
    labels: {
      availableColumns: 'الأعمدة المتاحة',
      selectedColumns: 'الأعمدة المعروضة',
      add: 'إضافة',
      remove: 'إزالة',
      moveUp: 'أعلى',
      moveDown: 'أسفل',
    },
  },
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
