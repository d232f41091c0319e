import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CursorPage, CursorPageRequest } from './cursor-source';
import { columnText, type ResultsElement, SearchResultsGrid, type SearchRow } from './SearchResultsGrid';

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'grid' ? 400 : 0;
    },
  });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});
beforeEach(() => localStorage.clear());

const element: ResultsElement = {
  Kind: 'results',
  Name: 'Results',
  Label: 'Products found',
  OpenWebTemplateNo: 106,
  PageSize: 25,
  Columns: [
    { Name: 'Name', Caption: 'Name' },
    { Name: 'Supplier', Caption: 'Supplier', DataTextColumn: 'Supplier.Text', DataFormId: 102 },
    { Name: 'Status', Caption: 'Status', WorkflowId: 7 },
  ],
};

const ROWS: SearchRow[] = Array.from({ length: 60 }, (_, index) => ({
  Id: index + 1,
  Values: {
    Name: `Product ${String(index + 1).padStart(2, '0')}`,
    Supplier: { Id: String(500 + index), Text: `Supplier ${index}` },
    Status: index % 2 ? 'Open' : 'Closed',
  },
}));

/** A model of the keyset search over ROWS: cursors are row indexes; it records every request. */
function modelSearch() {
  const requests: CursorPageRequest[] = [];
  const fetchPage = vi.fn(async (request: CursorPageRequest): Promise<CursorPage<SearchRow>> => {
    requests.push(request);
    const rows = request.sort?.Direction === 'desc' ? [...ROWS].reverse() : ROWS;
    const start = request.after ? Number(request.after) : 0;
    const page = rows.slice(start, start + request.limit);
    const hasMore = start + page.length < rows.length;
    return {
      Rows: page,
      NextCursor: hasMore ? String(start + page.length) : null,
      HasMore: hasMore,
      Total: request.count ? rows.length : null,
      TotalIsExact: request.count ? true : null,
    };
  });
  return { fetchPage, requests };
}

const href = ({ row, webTemplateNo }: { row: SearchRow; webTemplateNo: number }) =>
  `/form?WebTemplateNo=${webTemplateNo}&UGoToItemNo=${row.Id}`;

describe('SearchResultsGrid', () => {
  it('shows the result columns: the first links the row, DataFormId links the picked record, DataTextColumn picks the text', async () => {
    const { fetchPage } = modelSearch();
    render(
      <SearchResultsGrid webTemplateNo={110} element={element} fetchPage={fetchPage} getRowHref={href} />,
    );
    const grid = await screen.findByRole('grid', { name: 'Products found' });
    await within(grid).findByRole('link', { name: 'Product 01' });
    expect(within(grid).getByRole('link', { name: 'Product 01' }).getAttribute('href')).toBe(
      '/form?WebTemplateNo=106&UGoToItemNo=1',
    );
    expect(within(grid).getByRole('link', { name: 'Supplier 0' }).getAttribute('href')).toBe(
      '/form?WebTemplateNo=102&UGoToItemNo=500',
    );
  });

  it('starts the WorkflowId column’s process for its row', async () => {
    const { fetchPage } = modelSearch();
    const onStartProcess = vi.fn();
    render(
      <SearchResultsGrid
        webTemplateNo={110}
        element={element}
        fetchPage={fetchPage}
        getRowHref={href}
        onStartProcess={onStartProcess}
      />,
    );
    const grid = await screen.findByRole('grid');
    fireEvent.click((await within(grid).findAllByRole('button', { name: 'Closed' }))[0] as HTMLElement);
    expect(onStartProcess).toHaveBeenCalledWith(
      expect.objectContaining({ workflowId: 7, row: expect.objectContaining({ Id: 1 }) }),
    );
  });

  it('asks for no count until the toggle is on, then counts once and remembers it for the form', async () => {
    const { fetchPage, requests } = modelSearch();
    const view = render(
      <SearchResultsGrid webTemplateNo={110} element={element} fetchPage={fetchPage} getRowHref={href} />,
    );
    await screen.findByRole('link', { name: 'Product 01' });
    expect(requests.every((request) => !request.count)).toBe(true);
    const toggle = screen.getByRole('button', { name: 'Count' });
    expect(toggle.getAttribute('title')).toBe(
      'Count is Off. Click to show a count. (large queries might take a few minutes)',
    );
    fireEvent.click(toggle);
    await screen.findByText('60 rows');
    expect(toggle.getAttribute('title')).toBe('Count is On.');
    expect(requests.filter((request) => request.count)).toHaveLength(1);
    view.unmount();
    render(
      <SearchResultsGrid
        webTemplateNo={110}
        element={element}
        fetchPage={modelSearch().fetchPage}
        getRowHref={href}
      />,
    );
    expect(screen.getByRole('button', { name: 'Count' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('sorts on the server by a header and reports the sort for the address and the export', async () => {
    const { fetchPage, requests } = modelSearch();
    const onQueryChange = vi.fn();
    render(
      <SearchResultsGrid
        webTemplateNo={110}
        element={element}
        fetchPage={fetchPage}
        getRowHref={href}
        onQueryChange={onQueryChange}
        exportHref={({ sort }) =>
          `/export?sort=${sort ? `${sort.Direction === 'desc' ? '-' : ''}${sort.Field}` : ''}`
        }
      />,
    );
    await screen.findByRole('link', { name: 'Product 01' });
    fireEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    fireEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await screen.findByRole('link', { name: 'Product 60' });
    expect(requests.at(-1)?.sort).toEqual({ Field: 'Name', Direction: 'desc' });
    expect(onQueryChange).toHaveBeenLastCalledWith({
      sort: { Field: 'Name', Direction: 'desc' },
      where: null,
    });
    expect(screen.getByRole('link', { name: 'Export to CSV' }).getAttribute('href')).toBe(
      '/export?sort=-Name',
    );
  });

  it('says the rows are as they were at a timepoint, and starts afresh for a new search', async () => {
    const first = modelSearch();
    const view = render(
      <SearchResultsGrid
        webTemplateNo={110}
        element={element}
        fetchPage={first.fetchPage}
        getRowHref={href}
        timepoint="2026-07-01 00:00"
      />,
    );
    expect(screen.getByRole('note').textContent).toBe('Rows as they were at 2026-07-01 00:00 UTC.');
    await screen.findByRole('link', { name: 'Product 01' });
    const second = modelSearch();
    view.rerender(
      <SearchResultsGrid
        webTemplateNo={110}
        element={element}
        fetchPage={second.fetchPage}
        getRowHref={href}
      />,
    );
    await waitFor(() => expect(second.requests.length).toBeGreaterThan(0));
    expect(second.requests[0]?.after).toBeUndefined();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('hands the loaded rows on as more load', async () => {
    const { fetchPage } = modelSearch();
    const onRowsLoaded = vi.fn();
    render(
      <SearchResultsGrid
        webTemplateNo={110}
        element={element}
        fetchPage={fetchPage}
        getRowHref={href}
        onRowsLoaded={onRowsLoaded}
      />,
    );
    await waitFor(() => expect(onRowsLoaded).toHaveBeenLastCalledWith(expect.arrayContaining([ROWS[0]])));
    expect(onRowsLoaded.mock.lastCall?.[0]).toHaveLength(25);
  });

  it('has no accessibility violations', async () => {
    const { fetchPage } = modelSearch();
    const { container } = render(
      <SearchResultsGrid webTemplateNo={110} element={element} fetchPage={fetchPage} getRowHref={href} />,
    );
    await screen.findByRole('link', { name: 'Product 01' });
    let results: axe.AxeResults | undefined;
    await act(async () => {
      results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    });
    expect(results?.violations.map((violation) => violation.id)).toEqual([]);
  });
});

describe('columnText', () => {
  it('reads a dotted DataTextColumn path, and a picker value’s text by itself', () => {
    const row = ROWS[3] as SearchRow;
    expect(columnText(row, { Name: 'Supplier', Caption: 'S', DataTextColumn: 'Supplier.Text' })).toBe(
      'Supplier 3',
    );
    expect(columnText(row, { Name: 'Supplier', Caption: 'S' })).toBe('Supplier 3');
    expect(columnText(row, { Name: 'Missing', Caption: 'M', DataTextColumn: 'Missing.Text' })).toBe('');
  });
});
