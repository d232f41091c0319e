import type { FormDefinition } from '@procedo/client-api';
import { I18nProvider } from '@procedo/forms-react';
import { FormDesigner, type PublishRequest } from '@procedo/forms-react/designer';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { seededForm } from '../form/seeded-forms';

// Form 102 (Supplier) as the server seeds it: a tab strip with two tabs and the record buttons.
const supplier = seededForm(102);

// A draft with problems: a name used twice, a picker depending on an element the form lacks, and
// a select without options.
const withProblems: FormDefinition = {
  ...supplier,
  Elements: [
    ...supplier.Elements,
    { Kind: 'text', Name: 'Phone', Label: 'Second phone' },
    { Kind: 'picker', Name: 'Product', Label: 'Product', Source: 'products', DependsOn: ['Vendor'] },
    { Kind: 'select', Name: 'Grade', Label: 'Grade', Options: [] },
  ],
};

const published = async () => ({ Version: 2 });

const meta = {
  title: 'forms-react/Designer/FormDesigner',
  component: FormDesigner,
  args: {
    definition: supplier,
    onPublish: fn(published),
    pickerSources: ['suppliers', 'products', 'batches'],
  },
} satisfies Meta<typeof FormDesigner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Form 102 as seeded: select an element in the tree to edit it; the preview follows. */
export const Default: Story = {};

/** A draft with problems: each shows at its element in the tree and the panel, the preview shows the last valid state. */
export const DraftWithProblems: Story = { args: { definition: withProblems } };

/** Publishing takes a moment (write a change note and press Publish): the button says so, then the new version. */
export const Publishing: Story = {
  args: {
    onPublish: fn(
      (_request: PublishRequest) =>
        new Promise<{ Version: number }>((resolve) => setTimeout(() => resolve({ Version: 2 }), 1500)),
    ),
  },
};

/** Another designer published first (press Publish): the draft stays, the message names their version. */
export const Conflict: Story = {
  args: {
    onPublish: fn(async () => {
      throw {
        code: 'CONFLICT',
        currentVersion: 3,
        message: 'Another designer published version 3 of this form first.',
      };
    }),
  },
};

/** The change breaks stored records (press Publish): the elements are listed; Publish anyway confirms. */
export const BreakingChange: Story = {
  args: {
    onPublish: fn(async (request: PublishRequest) => {
      if (request.confirmBreaking) return { Version: 2 };
      throw {
        code: 'BREAKING_CHANGE',
        breaking: [
          { Element: 'Phone', Reason: 'removed-with-values' },
          { Element: 'Rating', Reason: 'kind-changed' },
        ],
      };
    }),
  },
};

/** The server refuses an element (press Publish): the problem shows at Country in the tree and the panel. */
export const ServerRefuses: Story = {
  args: {
    onPublish: fn(async () => {
      throw {
        code: 'VALIDATION',
        issues: [
          {
            path: ['Definition', 'Elements', 0, 'Tabs', 0, 'Elements', 1, 'MaxLength'],
            message: 'Country is stored in at most 60 characters',
            code: 'custom',
          },
        ],
      };
    }),
  },
};

/** Right to left. */
export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <FormDesigner {...args} />
      </div>
    </I18nProvider>
  ),
};
