import type { FilterChange, ManagedFilter } from '@procedo/client-api/designer';
import { FilterManager } from '@procedo/forms-react/designer';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

const filter = (Id: number, Name: string, extra: Partial<ManagedFilter> = {}): ManagedFilter => ({
  Id,
  WebTemplateNo: 101,
  Name,
  OwnerName: 'operator',
  IsShared: false,
  Fields: ['Country'],
  Version: 1,
  UpdatedBy: 'operator',
  UpdatedAt: '2026-03-01T09:00:00.000Z',
  ...extra,
});

const filters = [
  filter(1, 'German suppliers'),
  filter(2, 'Blocked', { OwnerName: 'supervisor', IsShared: true, Fields: ['Status'], Version: 3 }),
  filter(3, 'Well rated', { OwnerName: 'demo', Fields: ['Rating'] }),
];

const changes: FilterChange[] = [
  {
    Id: 1,
    FilterId: 2,
    WebTemplateNo: 101,
    Change: 'share',
    OwnerName: 'supervisor',
    NameBefore: 'Blocked',
    NameAfter: 'Blocked',
    ChangedBy: 'supervisor',
    ChangedAt: '2026-03-02T10:00:00.000Z',
  },
];

const meta = {
  title: 'forms-react/Designer/FilterManager',
  component: FilterManager,
  args: {
    filters,
    changes,
    canShare: true,
    onRename: fn(async () => ({})),
    onShare: fn(async () => ({})),
    onDelete: fn(async () => ({})),
    onChanged: fn(),
  },
} satisfies Meta<typeof FilterManager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every user's filters of the supplier search: rename, share / unshare, delete (confirmed). */
export const Default: Story = {};

/** No filter saved yet. */
export const Empty: Story = { args: { filters: [], changes: [] } };

/** A designer who is not a supervisor: no Share button (Unshare stays). */
export const WithoutSharing: Story = { args: { canShare: false } };

/** The filter changed meanwhile (press Share): the manager says so and reloads. */
export const Conflict: Story = {
  args: {
    onShare: fn(async () => {
      throw { body: { Code: 'VERSION_CONFLICT', Message: 'The filter was changed since you read it.' } };
    }),
  },
};
