import type { SearchFilter, ValueElement } from '@procedo/client-api';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type ColumnFilterColumn, ColumnFilters } from './ColumnFilters';
import { DataGrid } from './DataGrid';
import { createGridStore, type GridPageRequest } from './grid-state';
import { memorySource, type SampleRow, sampleRows } from './test-rows';

const el = (element: Record<string, unknown>) =>
  ({ Label: element.Name, ...element }) as unknown as ValueElement;

const columns: ColumnFilterColumn[] = [
  { key: 'Title', header: 'Title', element: el({ Kind: 'text', Name: 'Title' }) },
  {
    key: 'Status',
    header: 'Status',
    element: el({
      Kind: 'select',
      Name: 'Status',
      Options: [
        { Value: 'open', Label: 'Open' },
        { Value: 'closed', Label: 'Closed' },
      ],
    }),
  },
  { key: 'Amount', header: 'Amount', element: el({ Kind: 'number', Name: 'Amount' }) },
  { key: 'Due', header: 'Due', element: el({ Kind: 'date', Name: 'Due' }) },
  { key: 'Urgent', header: 'Urgent', element: el({ Kind: 'checkbox', Name: 'Urgent' }) },
  { key: 'Id', header: 'Id' },
];

/** The filters row with its filter held as the grid store would. */
function Harness(props: { initial?: SearchFilter | null; onChange: (filter: SearchFilter | null) => void }) {
  const [filter, setFilter] = useState<SearchFilter | null>(props.initial ?? null);
  return (
    <ColumnFilters
      columns={columns}
      filter={filter}
      onFilterChange={(event) => {
        setFilter(event.filter);
        props.onChange(event.filter);
      }}
    />
  );
}

const setup = (initial?: SearchFilter | null) => {
  const onChange = vi.fn();
  render(<Harness initial={initial} onChange={onChange} />);
  return { onChange, last: () => onChange.mock.calls.at(-1)?.[0] as SearchFilter | null };
};
const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const type = (name: string, value: string) => {
  fireEvent.change(input(name), { target: { value } });
  fireEvent.keyDown(input(name), { key: 'Enter' });
};

describe('ColumnFilters', () => {
  it('offers one control per column by its element kind, none for a column without an element', () => {
    setup();
    expect(screen.getByRole('group', { name: 'Column filters' })).toBeTruthy();
    expect(input('Title contains')).toBeTruthy();
    expect([...select('Status is').options].map((o) => o.text)).toEqual(['Any', 'Open', 'Closed']);
    expect(input('Amount from')).toBeTruthy();
    expect(input('Amount to')).toBeTruthy();
    expect(input('Due from').placeholder).toBe('yyyy-MM-dd');
    expect([...select('Urgent is').options].map((o) => o.text)).toEqual(['Any', 'Yes', 'No']);
    expect(screen.getAllByRole('textbox')).toHaveLength(5);
  });

  it('ands text contains, select equals, a number range and a checkbox into one filter', () => {
    const { last } = setup();
    type('Title contains', 'alpha');
    expect(last()).toEqual({
      Combine: 'and',
      Conditions: [{ Field: 'Title', Op: 'contains', Value: 'alpha' }],
    });
    fireEvent.change(select('Status is'), { target: { value: 'open' } });
    type('Amount from', '5');
    type('Amount to', '10.5');
    fireEvent.change(select('Urgent is'), { target: { value: 'false' } });
    expect(last()).toEqual({
      Combine: 'and',
      Conditions: [
        { Field: 'Title', Op: 'contains', Value: 'alpha' },
        { Field: 'Status', Op: 'equals', Value: 'open' },
        { Field: 'Amount', Op: 'between', Value: '5', Value2: '10.5' },
        { Field: 'Urgent', Op: 'equals', Value: 'false' },
      ],
    });
  });

  it('uses ge / le for a range with one end, and drops a column set back to empty or Any', () => {
    const { last } = setup();
    type('Due from', '2026-01-31');
    expect(last()?.Conditions).toEqual([{ Field: 'Due', Op: 'ge', Value: '2026-01-31' }]);
    type('Due from', '');
    type('Due to', '2026-02-01');
    expect(last()?.Conditions).toEqual([{ Field: 'Due', Op: 'le', Value: '2026-02-01' }]);
    fireEvent.change(select('Status is'), { target: { value: 'closed' } });
    fireEvent.change(select('Status is'), { target: { value: '' } });
    type('Due to', '');
    expect(last()).toBeNull();
  });

  it("shows conditionProblem's message on an invalid control, keeps the typed text and applies nothing", () => {
    const { onChange } = setup();
    type('Amount from', 'abc');
    expect(onChange).not.toHaveBeenCalled();
    expect(input('Amount from').value).toBe('abc');
    expect(input('Amount from').getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(input('Amount from').getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Enter a number.');

    type('Due from', '2026-13-40');
    expect(screen.getByText('Enter a date as yyyy-MM-dd.')).toBeTruthy();
    type('Amount from', '10');
    expect(onChange).toHaveBeenCalledTimes(1);
    type('Amount to', '5');
    expect(screen.getByText('The first value must not be greater than the second.')).toBeTruthy();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls.at(-1)?.[0].Conditions).toEqual([{ Field: 'Amount', Op: 'ge', Value: '10' }]);

    type('Amount to', '50');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(input('Amount to').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Enter a number.')).toBeNull();
    expect(screen.getByText('Enter a date as yyyy-MM-dd.')).toBeTruthy();
  });

  it('applies a text control when it loses focus, and shows the filter in effect when it opens', () => {
    const { last } = setup({
      Combine: 'and',
      Conditions: [
        { Field: 'Amount', Op: 'le', Value: '9' },
        { Field: 'Status', Op: 'equals', Value: 'closed' },
      ],
    });
    expect(input('Amount to').value).toBe('9');
    expect(input('Amount from').value).toBe('');
    expect(select('Status is').value).toBe('closed');
    fireEvent.change(input('Title contains'), { target: { value: 'x' } });
    fireEvent.blur(input('Title contains'));
    expect(last()?.Conditions).toContainEqual({ Field: 'Title', Op: 'contains', Value: 'x' });
  });

  it('filters the grid: DataGrid with showFilters sends the filter to the row source', async () => {
    const requests: GridPageRequest[] = [];
    const store = createGridStore<SampleRow>({
      source: memorySource(sampleRows(50), { onRequest: (request) => requests.push(request) }),
      getRowKey: (row) => row.id,
      columnCount: 1,
    });
    const onFilterChange = vi.fn();
    render(
      <DataGrid
        grid={store}
        aria-label="Records"
        showFilters
        onFilterChange={onFilterChange}
        columns={[{ key: 'name', header: 'Name', element: el({ Kind: 'text', Name: 'name' }) }]}
      />,
    );
    type('Name contains', 'Row 1');
    const filter = { Combine: 'and', Conditions: [{ Field: 'name', Op: 'contains', Value: 'Row 1' }] };
    expect(onFilterChange).toHaveBeenCalledWith({ filter });
    expect(store.getSnapshot().filters).toEqual(filter);
    await waitFor(() => expect(requests.at(-1)?.filters).toEqual(filter));
  });
});
