import type { Datasource } from '@procedo/client-api/designer';
import { DatasourceDesigner } from '@procedo/forms-react/designer';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

// The supplier datasource as the server seeds it (version 1): the search form's columns, then
// the supplier form's other fields.
const supplier: Datasource = {
  Entity: 'supplier',
  Version: 1,
  PublishedAt: '1970-01-01T00:00:00.000Z',
  PublishedBy: 'system',
  ChangeNote: 'Seeded datasource',
  Columns: [
    { Name: 'Name', Caption: 'Name', Kind: 'text' },
    { Name: 'Country', Caption: 'Country', Kind: 'text' },
    { Name: 'Status', Caption: 'Status', Kind: 'select' },
    { Name: 'Phone', Caption: 'Phone', Kind: 'phone' },
    { Name: 'Email', Caption: 'Email', Kind: 'text' },
    { Name: 'IsPreferred', Caption: 'Preferred supplier', Kind: 'checkbox' },
    { Name: 'LastAuditDate', Caption: 'Last audit', Kind: 'date', Description: 'The day of the last audit' },
  ],
};

const meta = {
  title: 'forms-react/Designer/DatasourceDesigner',
  component: DatasourceDesigner,
  args: {
    datasource: supplier,
    fields: [{ Name: 'Rating', Caption: 'Rating (1–5)', Kind: 'number' }],
    onPublish: fn(async () => ({ Version: 2 })),
  },
} satisfies Meta<typeof DatasourceDesigner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Select a column, move it with Alt+Arrow keys, edit its §3 properties, add Rating from the field list. */
export const Default: Story = {};

/** The server refuses a kind (press Publish after writing a change note): the problem shows at the column. */
export const ServerIssues: Story = {
  args: {
    onPublish: fn(async () => {
      throw {
        body: {
          Code: 'VALIDATION',
          Issues: [{ path: ['Columns', 2, 'Kind'], message: 'The field Status holds a select value.' }],
        },
      };
    }),
  },
};

/** Removing a column that saved filters use asks first, listing them (press Publish). */
export const BreakingSavedFilters: Story = {
  args: {
    onPublish: fn(async ({ confirmBreaking }: { confirmBreaking: boolean }) => {
      if (confirmBreaking) return { Version: 2 };
      throw {
        body: {
          Code: 'BREAKING_CHANGE',
          Filters: [
            { Id: 4, WebTemplateNo: 101, Name: 'Well rated', OwnerName: 'operator', Columns: ['Rating'] },
          ],
        },
      };
    }),
  },
};

/** Another designer published first: the draft stays, the message names their version. */
export const Conflict: Story = {
  args: {
    onPublish: fn(async () => {
      throw { body: { Code: 'CONFLICT', CurrentVersion: 3 } };
    }),
  },
};
