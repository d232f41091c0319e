import type { DefinitionVersionList } from '@procedo/client-api/designer';
import { DefinitionVersionsPanel, type DefinitionVersionsSource } from '@procedo/forms-react/designer';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

const versions: DefinitionVersionList = {
  Items: [
    {
      Version: 3,
      PublishedAt: '2026-11-20T09:30:00.000Z',
      PublishedBy: 'supervisor',
      ChangeNote: 'Check the certificate',
    },
    {
      Version: 2,
      PublishedAt: '2026-11-12T14:05:00.000Z',
      PublishedBy: 'supervisor',
      ChangeNote: 'Hint for the review',
    },
    {
      Version: 1,
      PublishedAt: '1970-01-01T00:00:00.000Z',
      PublishedBy: 'system',
      ChangeNote: 'Seeded command',
    },
  ],
};

/** A source as a designer page builds it over the designer client's `designer.commands` (or `.forms`). */
const source = (publishAgain: DefinitionVersionsSource['publishAgain']): DefinitionVersionsSource => ({
  versions: async () => versions,
  diff: async (from, to) => ({
    Changes: [
      { Path: 'Check certificate', Change: 'added', After: { name: 'Check certificate', kind: 'action' } },
      {
        Path: 'Review the batch record',
        Change: 'changed',
        Property: 'hint',
        Before: undefined,
        After: `Since ${from}→${to}`,
      },
    ],
  }),
  publishAgain,
});

const meta = {
  title: 'forms-react/Designer/DefinitionVersionsPanel',
  component: DefinitionVersionsPanel,
  args: {
    source: source(fn(async () => ({ Version: 4 }))),
    baseVersion: 3,
    onPublished: fn(),
  },
} satisfies Meta<typeof DefinitionVersionsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every version, newest first: select two to see their diff; an older one can be published again. */
export const Default: Story = {};

/** Publishing an older version again breaks stored records: the elements are listed, Publish anyway confirms. */
export const BreakingRevert: Story = {
  args: {
    source: source(
      fn(async (_version: number, confirmBreaking: boolean) => {
        if (confirmBreaking) return { Version: 4 };
        throw { code: 'BREAKING_CHANGE', breaking: [{ Element: 'Rating', Reason: 'kind-changed' }] };
      }),
    ),
  },
};
