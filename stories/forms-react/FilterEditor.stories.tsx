import { HttpStatusError, type SavedFilter, type ValueElement } from '@procedo/client-api';
import { I18nProvider } from '@procedo/forms-react';
import { FilterEditor } from '@procedo/forms-react/filter-editor';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

// The deviations form's searchable fields (fixed data, so runs compare).
const fields = [
  { Kind: 'text', Name: 'Title', Label: 'Title', MaxLength: 200 },
  { Kind: 'date', Name: 'OccurredOn', Label: 'Occurred on' },
  {
    Kind: 'select',
    Name: 'Severity',
    Label: 'Severity',
    Options: [
      { Value: 'Minor', Label: 'Minor' },
      { Value: 'Major', Label: 'Major' },
      { Value: 'Critical', Label: 'Critical' },
    ],
  },
  { Kind: 'checkbox', Name: 'CapaRequired', Label: 'CAPA required' },
] as ValueElement[];

const saved = (Id: number, Name: string, extra: Partial<SavedFilter> = {}): SavedFilter => ({
  Id,
  WebTemplateNo: 103,
  EntityViewName: 'Deviations',
  Name,
  IsShared: false,
  IsOwn: true,
  OwnerName: 'operator',
  Filter: { Combine: 'and', Conditions: [{ Field: 'Severity', Op: 'equals', Value: 'Major' }] },
  Version: 1,
  CreatedBy: 'operator',
  CreatedAt: '2026-03-01T09:00:00.000Z',
  UpdatedBy: 'operator',
  UpdatedAt: '2026-03-01T09:00:00.000Z',
  ...extra,
});

const meta = {
  title: 'forms-react/Filter editor/FilterEditor',
  component: FilterEditor,
  args: {
    fields,
    savedFilters: [
      saved(3, 'Open majors'),
      saved(5, 'Last quarter', { IsShared: true, IsOwn: false, OwnerName: 'supervisor' }),
    ],
    defaultSelectedIds: [3],
    canShare: false,
    onSave: fn(async () => undefined),
    onDelete: fn(async () => {}),
    onApply: fn(),
  },
} satisfies Meta<typeof FilterEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One empty condition on the first field; the user's saved filters and a shared one, the current one ticked. */
export const Default: Story = {};

/** No saved filters yet. */
export const NoSavedFilters: Story = { args: { savedFilters: [], defaultSelectedIds: [] } };

/** A supervisor: "Shared with everyone" is offered. */
export const Supervisor: Story = { args: { canShare: true } };

/** Save is refused by the server: its issue is shown on the first condition (fill the name and press Save). */
export const ServerRefuses: Story = {
  args: {
    onSave: fn(async () => {
      throw new HttpStatusError({
        status: 400,
        method: 'POST',
        url: '/api/v1/forms/103/filters',
        bodyText: '',
        body: {
          Message: 'Invalid request',
          Code: 'VALIDATION',
          Issues: [
            {
              code: 'invalid_condition',
              path: ['Filter', 'Conditions', 0],
              message: 'Enter a date as yyyy-MM-dd.',
            },
          ],
        },
      });
    }),
  },
};

/** Saving takes a while: the button says "Saving…". */
export const Saving: Story = { args: { onSave: fn(() => new Promise<undefined>(() => {})) } };

/** Right to left. */
export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <FilterEditor {...args} />
      </div>
    </I18nProvider>
  ),
};
