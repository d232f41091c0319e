import type { SearchFilter, ValueElement } from '@procedo/client-api';
import {
  CountToggle,
  countPreference,
  createArrayRowSource,
  DataGrid,
  type DataGridColumn,
  type GridRowSource,
  type GridSelectionMode,
  useGridStore,
} from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';

interface Row {
  Id: string;
  Title: string;
  Status: string;
  Amount: number;
  Due: string;
  Urgent: boolean;
  [column: string]: string | number | boolean;
}

const STATUSES = ['open', 'closed', 'waiting'];

/** 100,000 rows made once, so every story scrolls the same data. */
const ROWS: Row[] = Array.from({ length: 100_000 }, (_, n) => {
  const row: Row = {
    Id: String(n + 1),
    Title: `Request ${String(n + 1).padStart(6, '0')}`,
    Status: STATUSES[n % 3] as string,
    Amount: (n * 7919) % 10_000,
    Due: new Date(Date.UTC(2026, 0, 1) + (n % 365) * 86_400_000).toISOString().slice(0, 10),
    Urgent: n % 5 === 0,
  };
  for (let c = 0; c < 4; c++) row[`Extra${c}`] = (n * (c + 3)) % 97;
  return row;
});

const element = (Name: string, rest: Record<string, unknown>) =>
  ({ Name, Label: Name, ...rest }) as unknown as ValueElement;

const columns: DataGridColumn<Row>[] = [
  { key: 'Id', header: 'Id', width: '6rem', isSortable: true, href: (row) => `#/records/${row.Id}` },
  { key: 'Title', header: 'Title', isSortable: true, element: element('Title', { Kind: 'text' }) },
  {
    key: 'Status',
    header: 'Status',
    isSortable: true,
    element: element('Status', {
      Kind: 'select',
      Options: STATUSES.map((s) => ({ Value: s, Label: s })),
    }),
  },
  { key: 'Amount', header: 'Amount', isSortable: true, element: element('Amount', { Kind: 'number' }) },
  { key: 'Due', header: 'Due', isSortable: true, element: element('Due', { Kind: 'date' }) },
  {
    key: 'Urgent',
    header: 'Urgent',
    value: (row) => (row.Urgent ? 'Yes' : 'No'),
    element: element('Urgent', { Kind: 'checkbox' }),
  },
  ...[0, 1, 2, 3].map((c) => ({ key: `Extra${c}`, header: `Extra ${c}` })),
];

function matches(row: Row, filter: SearchFilter | null): boolean {
  if (!filter) return true;
  return filter.Conditions.every((c) => {
    const value = row[c.Field];
    const text = String(value);
    const compare = (other: string | undefined) =>
      typeof value === 'number' ? value - Number(other) : text.localeCompare(other ?? '');
    switch (c.Op) {
      case 'contains':
        return text.toLowerCase().includes((c.Value ?? '').toLowerCase());
      case 'equals':
        return text === c.Value;
      case 'ge':
        return compare(c.Value) >= 0;
      case 'le':
        return compare(c.Value) <= 0;
      case 'between':
        return compare(c.Value) >= 0 && compare(c.Value2) <= 0;
      default:
        return true;
    }
  });
}

/** An in-memory search (the package's array source, filtered with `matches`), answering after `delay` ms. */
function memorySource(rows: readonly Row[], delay = 150): GridRowSource<Row> {
  const source = createArrayRowSource(rows, { matches });
  return {
    async loadPage(start, count, request) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      request.signal.throwIfAborted();
      return source.loadPage(start, count, request);
    },
  };
}

interface GridStoryProps {
  source: GridRowSource<Row>;
  selectionMode: GridSelectionMode;
  withTotal: boolean;
  showFilters: boolean;
}

function GridStory(props: GridStoryProps) {
  const grid = useGridStore<Row>({
    source: props.source,
    getRowKey: (row) => row.Id,
    columnCount: columns.length,
    selectionMode: props.selectionMode,
    withTotal: props.withTotal,
  });
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <CountToggle grid={grid} preference={countPreference('story')} />
      <DataGrid
        grid={grid}
        columns={columns}
        aria-label="Requests"
        height={480}
        showFilters={props.showFilters}
        onOpenRow={({ row }) => setOpened(row.Title)}
      />
      <p>Opened: {opened ?? 'none (press Enter on a row or double-click it)'}</p>
    </div>
  );
}

const meta = {
  title: 'forms-react/Grid/DataGrid',
  component: GridStory,
  args: { source: memorySource(ROWS), selectionMode: 'none', withTotal: true, showFilters: true },
  argTypes: { source: { table: { disable: true } } },
} satisfies Meta<typeof GridStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 100,000 rows × 10 columns, sorted and filtered in memory; only the rows on screen are in the DOM. */
export const HundredThousandRows: Story = {};

/** Count off: the grid grows a page at a time and says "N+ rows". */
export const CountOff: Story = { args: { withTotal: false } };

/** Pages that never answer: placeholder rows say "Loading…" and the grid is busy. */
export const Loading: Story = { args: { source: { loadPage: () => new Promise(() => {}) } } };

/** Nothing matches. */
export const Empty: Story = { args: { source: memorySource([]) } };

/** The search failed: the error and a Retry button. */
export const Failed: Story = {
  name: 'Error',
  args: { source: { loadPage: () => Promise.reject(new Error('The server is not reachable.')) } },
};

/** One row at a time: Space or a click. */
export const SingleSelection: Story = { args: { selectionMode: 'single' } };

/** Space and Ctrl/Cmd toggle, Shift extends, the header checkbox selects every loaded row. */
export const MultipleSelection: Story = { args: { selectionMode: 'multiple' } };
