import type { DefinitionAuditEntry, DefinitionAuditPage } from '@procedo/client-api/designer';
import { DefinitionChanges, type DefinitionChangesQuery } from '@procedo/forms-react/designer';
import type { Meta, StoryObj } from '@storybook/react-vite';

const entry = (
  Kind: DefinitionAuditEntry['Kind'],
  Key: number,
  Name: string,
  Version: number,
  PublishedAt: string,
  ChangeNote: string,
): DefinitionAuditEntry => ({
  Kind,
  Key,
  Name,
  Version,
  PublishedAt,
  PublishedBy: Version === 1 ? 'system' : 'supervisor',
  ChangeNote,
});

// Newest first, as `GET designer/changes` answers: two pages of three.
const HISTORY = [
  entry('command', 4, 'CAPA', 3, '2026-11-24T09:30:00.000Z', 'Check the certificate before closing'),
  entry('form', 102, 'Supplier', 3, '2026-11-24T09:00:00.000Z', 'Revert to version 1'),
  entry('form', 102, 'Supplier', 2, '2026-11-23T16:12:00.000Z', 'Audit reference for every supplier'),
  entry('command', 4, 'CAPA', 2, '2026-11-20T08:00:00.000Z', 'Ask for the root cause'),
  entry('form', 102, 'Supplier', 1, '1970-01-01T00:00:00.000Z', 'Seeded definition'),
  entry('command', 4, 'CAPA', 1, '1970-01-01T00:00:00.000Z', 'Seeded command'),
];

/** The server's paging over {@link HISTORY}, by kind and cursor (the cursor is the next index). */
async function load(query: DefinitionChangesQuery): Promise<DefinitionAuditPage> {
  const kept = HISTORY.filter((e) => query.kind === undefined || e.Kind === query.kind);
  const from = query.cursor === undefined ? 0 : Number(query.cursor);
  const next = from + 3;
  return { Items: kept.slice(from, next), NextCursor: next < kept.length ? String(next) : null };
}

const meta = {
  title: 'forms-react/Designer/DefinitionChanges',
  component: DefinitionChanges,
  args: {
    load,
    hrefOf: (e: DefinitionAuditEntry) =>
      e.Kind === 'form' ? `/designer/form?WebTemplateNo=${e.Key}` : `/designer/command?CommandId=${e.Key}`,
  },
} satisfies Meta<typeof DefinitionChanges>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first page; "Show more" reads the next by its cursor; Kind keeps one kind. */
export const Default: Story = {};

/** No definition was ever published. */
export const Empty: Story = { args: { load: async () => ({ Items: [], NextCursor: null }) } };

/** The read fails: the message, and a button to try again. */
export const Failed: Story = {
  args: {
    load: async () => {
      throw new Error('HTTP 503 Service Unavailable');
    },
  },
};

/** Still loading. */
export const Loading: Story = { args: { load: () => new Promise<DefinitionAuditPage>(() => {}) } };
