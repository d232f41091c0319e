import { HttpStatusError } from '@procedo/client-api';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataGrid, type DataGridColumn, type DataGridProps } from './DataGrid';
import { createGridStore, type GridRowSource, type GridSelectionMode, type GridStore } from './grid-state';
import { memorySource, type SampleRow, sampleRows } from './test-rows';

const HEIGHT = 400;
const ROW = 32;
/** Rows that fit under the header: PageUp / PageDown move by this. */
const PAGE = Math.floor((HEIGHT - ROW) / ROW);

// jsdom lays nothing out: the grid's scroller reports the height it is given.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'grid' ? HEIGHT : 0;
    },
  });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

const ALL = sampleRows(100_000);

const columns: DataGridColumn<SampleRow>[] = [
  { key: 'name', header: 'Name', isSortable: true },
  { key: 'n', header: 'Number', isSortable: true },
  ...Array.from({ length: 8 }, (_, c) => ({ key: `c${c}`, header: `Column ${c}` })),
];

function setup(
  options: {
    source?: GridRowSource<SampleRow>;
    selectionMode?: GridSelectionMode;
    withTotal?: boolean;
    props?: Partial<DataGridProps<SampleRow>>;
  } = {},
) {
  const store: GridStore<SampleRow> = createGridStore<SampleRow>({
    source: options.source ?? memorySource(ALL),
    getRowKey: (row) => row.id,
    columnCount: columns.length,
    selectionMode: options.selectionMode ?? 'none',
    withTotal: options.withTotal ?? true,
  });
  const onOpenRow = vi.fn();
  const onSortChange = vi.fn();
  const view = render(
    <DataGrid
      grid={store}
      columns={columns}
      aria-label="Records"
      onOpenRow={onOpenRow}
      onSortChange={onSortChange}
      height={HEIGHT}
      rowHeight={ROW}
      {...options.props}
    />,
  );
  const grid = screen.getByRole('grid', { name: options.props?.['aria-label'] ?? 'Records' });
  return { store, onOpenRow, onSortChange, view, grid };
}

const dataRows = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .filter((row) => row.getAttribute('aria-rowindex') !== '1');
const rowIndexes = (grid: HTMLElement) =>
  dataRows(grid).map((row) => Number(row.getAttribute('aria-rowindex')));
const rowOf = (grid: HTMLElement, index: number) =>
  grid.querySelector<HTMLElement>(`[role="row"][aria-rowindex="${index + 2}"]`);
const press = (key: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(document.activeElement as Element, { key, ...init });
const focusedCell = () => (document.activeElement as HTMLElement).getAttribute('data-cell');

/** Loads the first page and waits until its rows show. */
async function loaded(grid: HTMLElement) {
  await waitFor(() => expect(within(grid).getByText('Row 000000')).toBeTruthy());
}

describe('DataGrid: windowing and ARIA counts', () => {
  it('keeps only the window of 100,000 rows in the DOM, with counts and indexes for assistive technology', async () => {
    const { grid } = setup();
    await loaded(grid);
    expect(grid.getAttribute('aria-rowcount')).toBe('100001');
    expect(grid.getAttribute('aria-colcount')).toBe('10');
    const visible = Math.ceil((HEIGHT - ROW) / ROW);
    expect(dataRows(grid).length).toBeLessThanOrEqual(visible + 5 + 1);
    expect(rowIndexes(grid)[0]).toBe(2);
    const header = within(grid).getAllByRole('row')[0]!;
    expect(header.getAttribute('aria-rowindex')).toBe('1');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((h) => h.getAttribute('aria-colindex')),
    ).toEqual(Array.from({ length: 10 }, (_, i) => String(i + 1)));
    const cells = within(dataRows(grid)[0]!).getAllByRole('gridcell');
    expect(cells.map((c) => c.getAttribute('aria-colindex'))).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    // The spacer carries every row's height so the scroll bar is right.
    expect((grid.querySelectorAll('[role="rowgroup"]')[1] as HTMLElement).style.height).toBe(
      `${100_000 * ROW}px`,
    );
  });

  it('renders the rows of the scroll position with their own aria-rowindex, placeholders until their page loads', async () => {
    const { grid } = setup();
    await loaded(grid);
    grid.scrollTop = 50_000 * ROW;
    fireEvent.scroll(grid);
    const indexes = rowIndexes(grid);
    expect(indexes[0]).toBe(50_000 - 5 + 2);
    expect(indexes.length).toBeLessThanOrEqual(Math.ceil((HEIGHT - ROW) / ROW) + 10 + 1);
    expect(within(grid).getAllByText('Loading…').length).toBeGreaterThan(0);
    await waitFor(() => expect(within(rowOf(grid, 50_000)!).getByText('Row 050000')).toBeTruthy());
    expect(within(grid).queryByText('Loading…')).toBeNull();
    expect(grid.getAttribute('aria-rowcount')).toBe('100001');
  });

  it('says aria-rowcount -1 while the total is unknown (count off) and the number once the last page came', async () => {
    const { grid } = setup({ withTotal: false });
    await loaded(grid);
    expect(grid.getAttribute('aria-rowcount')).toBe('-1');
    const few = setup({
      withTotal: false,
      source: memorySource(sampleRows(3)),
      props: { 'aria-label': 'Few' },
    });
    await waitFor(() =>
      expect(screen.getByRole('grid', { name: 'Few' }).getAttribute('aria-rowcount')).toBe('4'),
    );
    expect(dataRows(few.grid)).toHaveLength(3);
  });
});

describe('DataGrid: keyboard', () => {
  it('has one tab stop that the grid keys move, scrolling the focused cell into view', async () => {
    const { grid } = setup();
    await loaded(grid);
    const stops = () => grid.querySelectorAll('[tabindex="0"]');
    expect(stops()).toHaveLength(1);
    (stops()[0] as HTMLElement).focus();
    expect(focusedCell()).toBe('-1:0');
    press('ArrowDown');
    expect(focusedCell()).toBe('0:0');
    press('ArrowRight');
    expect(focusedCell()).toBe('0:1');
    press('End');
    expect(focusedCell()).toBe('0:9');
    press('Home');
    expect(focusedCell()).toBe('0:0');
    press('PageDown');
    expect(focusedCell()).toBe(`${PAGE}:0`);
    press('PageUp');
    expect(focusedCell()).toBe('0:0');
    press('ArrowLeft');
    expect(focusedCell()).toBe('0:0');
    press('End', { ctrlKey: true });
    expect(focusedCell()).toBe('99999:9');
    expect(grid.scrollTop).toBe(100_000 * ROW - (HEIGHT - ROW));
    expect(rowOf(grid, 99_999)).not.toBeNull();
    press('Home', { ctrlKey: true });
    expect(focusedCell()).toBe('0:0');
    expect(grid.scrollTop).toBe(0);
    press('ArrowUp');
    expect(focusedCell()).toBe('-1:0');
    expect(stops()).toHaveLength(1);
  });

  it('keeps the focused row in the DOM when it is scrolled far away', async () => {
    const { grid } = setup();
    await loaded(grid);
    (grid.querySelector('[tabindex="0"]') as HTMLElement).focus();
    press('ArrowDown');
    press('ArrowDown');
    grid.scrollTop = 80_000 * ROW;
    fireEvent.scroll(grid);
    expect(rowOf(grid, 1)).not.toBeNull();
    expect(rowIndexes(grid)).toContain(80_000 + 2);
    expect(document.activeElement?.getAttribute('data-cell')).toBe('1:0');
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });

  it('opens the focused row with Enter and sorts by the focused header with Enter', async () => {
    const { grid, onOpenRow, onSortChange } = setup();
    await loaded(grid);
    (grid.querySelector('[tabindex="0"]') as HTMLElement).focus();
    press('ArrowDown');
    press('ArrowDown');
    press('Enter');
    expect(onOpenRow).toHaveBeenCalledWith({ row: ALL[1], index: 1 });
    press('ArrowUp');
    press('ArrowUp');
    press('Enter');
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: { Field: 'name', Direction: 'asc' } });
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    press('Enter');
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: { Field: 'name', Direction: 'desc' } });
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(within(rowOf(grid, 0)!).getByText('Row 099999')).toBeTruthy());
    expect(screen.getByRole('columnheader', { name: 'Column 0' }).getAttribute('aria-sort')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Number' }).getAttribute('aria-sort')).toBe('none');
  });

  it('sorts from the header even when no onSortChange is given', async () => {
    const { grid, store } = setup({ props: { onSortChange: undefined } });
    await loaded(grid);
    fireEvent.click(screen.getByRole('columnheader', { name: 'Number' }));
    expect(store.getSnapshot().sort).toEqual({ Field: 'n', Direction: 'asc' });
    expect(screen.getByRole('columnheader', { name: /Number/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts by a header click and ignores a click on a column that is not sortable', async () => {
    const { grid, onSortChange } = setup();
    await loaded(grid);
    fireEvent.click(screen.getByRole('columnheader', { name: 'Number' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: { Field: 'n', Direction: 'asc' } });
    fireEvent.click(screen.getByRole('columnheader', { name: 'Column 0' }));
    expect(onSortChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('columnheader', { name: /Number/ }).getAttribute('aria-sort')).toBe('ascending');
  });
});

describe('DataGrid: selection', () => {
  it('selects one row with Space or a click in single mode', async () => {
    const { grid } = setup({ selectionMode: 'single' });
    await loaded(grid);
    expect(rowOf(grid, 0)!.getAttribute('aria-selected')).toBe('false');
    (grid.querySelector('[tabindex="0"]') as HTMLElement).focus();
    press('ArrowDown');
    press(' ');
    expect(rowOf(grid, 0)!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(rowOf(grid, 2)!).getByText('Row 000002'));
    expect(rowOf(grid, 0)!.getAttribute('aria-selected')).toBe('false');
    expect(rowOf(grid, 2)!.getAttribute('aria-selected')).toBe('true');
    expect(grid.getAttribute('aria-multiselectable')).toBeNull();
  });

  it('toggles with Space and Ctrl+click, extends with Shift, and selects all loaded rows from the header in multiple mode', async () => {
    const { grid } = setup({ selectionMode: 'multiple' });
    await loaded(grid);
    expect(grid.getAttribute('aria-multiselectable')).toBe('true');
    expect(grid.getAttribute('aria-colcount')).toBe('11');
    const selected = () =>
      dataRows(grid)
        .filter((row) => row.getAttribute('aria-selected') === 'true')
        .map((row) => Number(row.getAttribute('aria-rowindex')) - 2);
    (grid.querySelector('[tabindex="0"]') as HTMLElement).focus();
    press('ArrowDown');
    press(' ');
    press('ArrowDown');
    press('ArrowDown');
    press(' ', { shiftKey: true });
    expect(selected()).toEqual([0, 1, 2]);
    press(' ');
    expect(selected()).toEqual([0, 1]);
    fireEvent.click(within(rowOf(grid, 5)!).getByText('Row 000005'), { ctrlKey: true });
    expect(selected()).toEqual([0, 1, 5]);
    fireEvent.click(within(rowOf(grid, 7)!).getByText('Row 000007'), { shiftKey: true });
    expect(selected()).toEqual([0, 1, 5, 6, 7]);
    fireEvent.click(within(rowOf(grid, 9)!).getByText('Row 000009'));
    expect(selected()).toEqual([9]);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all loaded rows' });
    fireEvent.click(selectAll);
    expect(selected()).toEqual(dataRows(grid).map((row) => Number(row.getAttribute('aria-rowindex')) - 2));
    expect((selectAll as HTMLInputElement).checked).toBe(true);
    fireEvent.click(selectAll);
    expect(selected()).toEqual([]);
  });
});

describe('DataGrid: loading, empty and error states', () => {
  it('shows placeholder rows saying Loading… and marks the grid busy until the rows come', async () => {
    let answer: (() => void) | undefined;
    const inner = memorySource(ALL);
    const source: GridRowSource<SampleRow> = {
      loadPage: (start, count, request) =>
        new Promise((resolve) => {
          answer = () => resolve(inner.loadPage(start, count, request));
        }),
    };
    const { grid } = setup({ source, withTotal: false });
    await waitFor(() => expect(answer).toBeDefined());
    expect(grid.getAttribute('aria-busy')).toBe('true');
    expect(within(grid).getAllByText('Loading…').length).toBeGreaterThan(0);
    expect(rowOf(grid, 0)!.getAttribute('data-loading')).toBe('true');
    await act(async () => answer!());
    await loaded(grid);
    expect(grid.getAttribute('aria-busy')).toBeNull();
  });

  it('says "No results." when nothing matches', async () => {
    const { grid } = setup({ source: memorySource([]) });
    expect(await screen.findByText('No results.')).toBeTruthy();
    expect(dataRows(grid)).toHaveLength(0);
    expect(grid.getAttribute('aria-rowcount')).toBe('1');
  });

  it('shows the failure with a Retry button that loads the rows again', async () => {
    const inner = memorySource(ALL);
    let fail = true;
    const source: GridRowSource<SampleRow> = {
      loadPage: (start, count, request) =>
        fail ? Promise.reject(new Error('offline')) : inner.loadPage(start, count, request),
    };
    const { grid } = setup({ source });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The rows could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await loaded(grid);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('DataGrid: a refused search', () => {
  it('says the server’s own message for a refused request (a search stopped at the time limit), and not for a server failure', async () => {
    const message =
      'The search was stopped after 2 s before it found a page of rows. Narrow it with more conditions.';
    const refusal = (status: number) =>
      new HttpStatusError({
        status,
        method: 'GET',
        url: '/api/v1/forms/111/search/page',
        bodyText: JSON.stringify({ Message: message, Code: 'SEARCH_TIME_LIMIT' }),
        body: { Message: message, Code: 'SEARCH_TIME_LIMIT' },
      });
    const refused = setup({ source: { loadPage: () => Promise.reject(refusal(422)) } });
    expect((await screen.findByRole('alert')).textContent).toBe(`${message} Retry`);
    refused.view.unmount();
    setup({ source: { loadPage: () => Promise.reject(refusal(500)) } });
    expect((await screen.findByRole('alert')).textContent).toBe('The rows could not be loaded. Retry');
  });
});

describe('DataGrid: cells', () => {
  it('renders link and button cells that take the tab stop and answer Enter themselves, and renderCell', async () => {
    const onPress = vi.fn();
    const linked: DataGridColumn<SampleRow>[] = [
      { key: 'id', header: 'Record', href: (row) => `#/records/${row.id}` },
      { key: 'name', header: 'Process', onPress },
      { key: 'n', header: 'Number' },
    ];
    const { grid, onOpenRow } = setup({
      props: { columns: linked, renderCell: undefined },
    });
    await loaded(grid);
    const link = within(rowOf(grid, 3)!).getByRole('link', { name: 'r3' });
    expect(link.getAttribute('href')).toBe('#/records/r3');
    (grid.querySelector('[tabindex="0"]') as HTMLElement).focus();
    press('ArrowDown');
    expect(document.activeElement?.tagName).toBe('A');
    press('Enter');
    expect(onOpenRow).not.toHaveBeenCalled();
    press('ArrowRight');
    expect(document.activeElement?.tagName).toBe('BUTTON');
    fireEvent.click(document.activeElement as Element);
    expect(onPress).toHaveBeenCalledWith({ row: ALL[0], index: 0 });
    press('ArrowRight');
    press('Enter');
    expect(onOpenRow).toHaveBeenCalledWith({ row: ALL[0], index: 0 });

    const custom = setup({
      props: { 'aria-label': 'Custom', renderCell: (row, column) => `${column.key}=${row[column.key]}` },
    });
    await waitFor(() => expect(within(custom.grid).getByText('name=Row 000000')).toBeTruthy());
  });
});

describe('DataGrid: accessibility', () => {
  it('has no axe violations with rows, a sorted column and multiple selection', async () => {
    const { grid, view } = setup({ selectionMode: 'multiple' });
    await loaded(grid);
    fireEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    await loaded(grid);
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });
});

describe('DataGrid without handlers', () => {
  it('sorts by a header click even when nobody listens for the sort', async () => {
    const store = createGridStore<SampleRow>({
      source: memorySource(sampleRows(50)),
      getRowKey: (row) => row.id,
      columnCount: columns.length,
    });
    render(
      <DataGrid grid={store} columns={columns} aria-label="Unobserved" height={HEIGHT} rowHeight={ROW} />,
    );
    await screen.findAllByRole('gridcell');
    fireEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    expect(store.getSnapshot().sort).toEqual({ Field: 'name', Direction: 'asc' });
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
  });
});
