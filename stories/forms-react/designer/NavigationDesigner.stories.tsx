import type { NavigationDefinition } from '@procedo/client-api/designer';
import { I18nProvider } from '@procedo/forms-react';
import { NavigationDesigner } from '@procedo/forms-react/designer';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

// The operators' navigation as the server seeds it (ids as the designer API gives them).
const operators: NavigationDefinition = {
  Nodes: [
    {
      Id: 10,
      Title: 'Quality',
      Description: 'Suppliers, products, batches and deviations',
      Children: [
        { Id: 11, Title: 'Suppliers', Link: { Kind: 'form', WebTemplateNo: 101 }, Children: [] },
        { Id: 12, Title: 'Batches', Link: { Kind: 'form', WebTemplateNo: 104 }, Children: [] },
      ],
    },
    {
      Id: 20,
      Title: 'Processes',
      Children: [
        {
          Id: 21,
          Title: 'Process explorer',
          Link: { Kind: 'url', Url: '/apps/flow/home/flow' },
          Children: [],
        },
        { Id: 22, Title: 'Start CAPA', Link: { Kind: 'command', CommandId: 1 }, Children: [] },
      ],
    },
    {
      Id: 30,
      Title: 'Help',
      Children: [
        { Id: 31, Title: 'Getting started', Link: { Kind: 'help', Topic: 'getting-started' }, Children: [] },
      ],
    },
  ],
};

// A draft with problems: an empty title, a link leaving the site, and a form the list lacks.
const withProblems: NavigationDefinition = {
  Nodes: [
    ...operators.Nodes,
    {
      Title: ' ',
      Children: [
        { Title: 'Elsewhere', Link: { Kind: 'url', Url: 'https://example.com/' }, Children: [] },
        { Title: 'Old form', Link: { Kind: 'form', WebTemplateNo: 999 }, Children: [] },
      ],
    },
  ],
};

const meta = {
  title: 'forms-react/Designer/NavigationDesigner',
  component: NavigationDesigner,
  args: {
    navigation: operators,
    profileName: 'Operators',
    onPublish: fn(async () => ({ Version: 2 })),
    forms: [
      { value: 101, label: 'Suppliers (101)' },
      { value: 102, label: 'Supplier (102)' },
      { value: 104, label: 'Batches (104)' },
    ],
    commands: [{ value: 1, label: 'CAPA' }],
    dashboards: [{ value: 1, label: 'Quality overview' }],
    helpTopics: [
      { value: 'getting-started', label: 'Getting started' },
      { value: 'sessions', label: 'Sessions' },
    ],
  },
} satisfies Meta<typeof NavigationDesigner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The operators' navigation: select a node to rename it or change its link; Alt+Arrow keys move it. */
export const Default: Story = {};

/** A draft with problems: each shows at its node in the tree and in the node's fields. */
export const Problems: Story = { args: { navigation: withProblems } };

/** Another designer published first (press Publish after writing a note): the draft stays. */
export const Conflict: Story = {
  args: {
    onPublish: fn(async () => {
      throw { code: 'CONFLICT', currentVersion: 3 };
    }),
  },
};

/** Right to left: the tree, the fields and the publish bar mirror. */
export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <NavigationDesigner {...args} />
      </div>
    </I18nProvider>
  ),
};
