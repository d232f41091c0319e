import type { SearchFilter } from '@procedo/client-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveFocus } from './grid-focus';
import { createGridStore, type GridPage, type GridPageRequest, type GridRowSource } from './grid-state';

interface Row {
  id: string;
  n: number;
}

interface Call {
  start: number;
  count: number;
  request: GridPageRequest;
  resolve: (page: GridPage<Row>) => void;
  reject: (error: unknown) => void;
}

/** A source whose pages answer only when the test says so. */
function manualSource() {
  const calls: Call[] = [];
  const source: GridRowSource<Row> = {
    loadPage: (start, count, request) =>
      new Promise((resolve, reject) => {
        calls.push({ start, count, request, resolve, reject });
      }),
  };
  return { source, calls };
}

const rows = (start: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${start + i}`, n: start + i }));

/** Lets settled promises run their callbacks. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const make = (overrides: Partial<Parameters<typeof createGridStore<Row>>[0]> = {}) => {
  const { source, calls } = manualSource();
  const store = createGridStore<Row>({
    source,
    getRowKey: (row) => row.id,
    columnCount: 3,
    pageSize: 10,
    ...overrides,
  });
  return { store, calls };
};

describe('grid store: rows window', () => {
  it('shows placeholders until a page arrives, then its rows, and caches it', async () => {
    const { store, calls } = make();
    store.ensureRows(0, 5);
    expect(calls.map((c) => [c.start, c.count])).toEqual([[0, 10]]);
    expect(store.getRow(0)).toBeUndefined();
    expect(store.getSnapshot().isLoading).toBe(true);
    calls[0]!.resolve({ rows: rows(0, 10), hasMore: true });
    await flush();
    expect(store.getRow(3)).toEqual({ id: 'r3', n: 3 });
    expect(store.getSnapshot()).toMatchObject({
      knownRows: 10,
      rowCount: 20,
      total: null,
      hasMore: true,
      isLoading: false,
    });
    store.ensureRows(0, 10);
    expect(calls).toHaveLength(1);
  });

  it('knows the total once the last page arrives (count off)', async () => {
    const { store, calls } = make();
    store.ensureRows(0, 1);
    calls[0]!.resolve({ rows: rows(0, 4), hasMore: false });
    await flush();
    expect(store.getSnapshot()).toMatchObject({ rowCount: 4, total: 4, hasMore: false });
  });

  it('asks the source for the total when count is on and lays out every row', async () => {
    const { store, calls } = make();
    store.setWithTotal(true);
    expect(calls.at(-1)!.request.withTotal).toBe(true);
    calls.at(-1)!.resolve({ rows: rows(0, 10), hasMore: true, total: 100_000 });
    await flush();
    expect(store.getSnapshot()).toMatchObject({ rowCount: 100_000, total: 100_000, withTotal: true });
  });

  it('keeps a lower-bound total (TotalIsExact false) apart and still lays out the rows known beyond it', async () => {
    const { store, calls } = make({ withTotal: true });
    store.ensureRows(0, 1);
    calls[0]!.resolve({ rows: rows(0, 10), hasMore: true, total: 5, totalIsExact: false });
    await flush();
    expect(store.getSnapshot()).toMatchObject({ total: 5, totalIsExact: false, rowCount: 20, hasMore: true });
    store.setFilters(null);
    expect(store.getSnapshot()).toMatchObject({ total: null, totalIsExact: true });
  });

  it('aborts pages in flight when the sort changes and ignores their late answers', async () => {
    const { store, calls } = make();
    store.ensureRows(0, 5);
    calls[0]!.resolve({ rows: rows(0, 10), hasMore: true });
    await flush();
    store.ensureRows(10, 25);
    expect(calls.map((c) => c.start)).toEqual([0, 10]);
    store.toggleSort('name');
    expect(calls[1]!.request.signal.aborted).toBe(true);
    expect(store.getRow(0)).toBeUndefined();
    const sorted = calls[2]!;
    expect(sorted.request.sort).toEqual({ Field: 'name', Direction: 'asc' });
    calls[1]!.resolve({ rows: rows(10, 10), hasMore: true });
    await flush();
    expect(store.getRow(10)).toBeUndefined();
    sorted.resolve({ rows: rows(500, 10), hasMore: true });
    await flush();
    expect(store.getRow(0)?.id).toBe('r500');
    store.toggleSort('name');
    expect(store.getSnapshot().sort).toEqual({ Field: 'name', Direction: 'desc' });
  });

  it('resets the window when the filters change and passes them to the source', () => {
    const { store, calls } = make();
    const filter: SearchFilter = {
      Combine: 'and',
      Conditions: [{ Field: 'status', Op: 'equals', Value: 'open' }],
    };
    store.setFilters(filter);
    expect(calls.at(-1)!.request.filters).toEqual(filter);
    expect(store.getSnapshot().filters).toEqual(filter);
  });

  it('shows a failed page as an error and loads it again on retry', async () => {
    const { store, calls } = make();
    store.ensureRows(0, 5);
    calls[0]!.resolve({ rows: rows(0, 10), hasMore: true });
    await flush();
    store.ensureRows(10, 15);
    calls[1]!.reject(new Error('offline'));
    await flush();
    expect(store.getSnapshot().error).toBeInstanceOf(Error);
    expect(store.getRow(0)?.id).toBe('r0');
    store.ensureRows(10, 20);
    expect(calls).toHaveLength(2);
    store.retry();
    expect(store.getSnapshot().error).toBeNull();
    expect(calls.slice(2).map((c) => c.start)).toEqual([10]);
  });

  it('never asks for a page twice while it is in flight, for any sequence of ranges', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 60 })), {
          maxLength: 40,
        }),
        (ranges) => {
          const { store, calls } = make();
          for (const [start, length] of ranges) store.ensureRows(start, start + length);
          const starts = calls.map((c) => c.start);
          expect(new Set(starts).size).toBe(starts.length);
        },
      ),
    );
  });
});

describe('grid store: selection', () => {
  const loaded = async (selectionMode: 'single' | 'multiple') => {
    const made = make({ selectionMode });
    made.store.ensureRows(0, 10);
    made.calls[0]!.resolve({ rows: rows(0, 10), hasMore: false });
    await flush();
    return made.store;
  };

  it('keeps one row selected in single mode', async () => {
    const store = await loaded('single');
    store.select(1);
    store.select(4, 'toggle');
    expect([...store.getSnapshot().selectedKeys]).toEqual(['r4']);
    store.select(4, 'toggle');
    expect(store.getSnapshot().selectedKeys.size).toBe(0);
  });

  it('toggles, selects a range from the anchor and selects all loaded rows in multiple mode', async () => {
    const store = await loaded('multiple');
    store.select(2, 'toggle');
    store.select(5, 'range');
    expect([...store.getSnapshot().selectedKeys].sort()).toEqual(['r2', 'r3', 'r4', 'r5']);
    store.select(3, 'toggle');
    expect(store.getSnapshot().selectedKeys.has('r3')).toBe(false);
    store.select(7);
    expect([...store.getSnapshot().selectedKeys]).toEqual(['r7']);
    store.selectAllLoaded();
    expect(store.getSnapshot().selectedKeys.size).toBe(10);
    store.clearSelection();
    expect(store.getSnapshot().selectedKeys.size).toBe(0);
  });

  it('selects nothing when selection is off or the row is a placeholder', async () => {
    const store = await loaded('multiple');
    store.select(50);
    expect(store.getSnapshot().selectedKeys.size).toBe(0);
    store.setSelectionMode('none');
    store.select(1);
    expect(store.getSnapshot().selectedKeys.size).toBe(0);
  });
});

describe('grid focus', () => {
  const bounds = { rowCount: 100, columnCount: 5, pageSize: 10 };

  it('follows the ARIA grid keys', () => {
    const at = { row: 20, column: 2 };
    expect(moveFocus(at, { key: 'ArrowDown' }, bounds)).toEqual({ row: 21, column: 2 });
    expect(moveFocus(at, { key: 'ArrowUp' }, bounds)).toEqual({ row: 19, column: 2 });
    expect(moveFocus(at, { key: 'ArrowRight' }, bounds)).toEqual({ row: 20, column: 3 });
    expect(moveFocus(at, { key: 'ArrowRight' }, { ...bounds, direction: 'rtl' })).toEqual({
      row: 20,
      column: 1,
    });
    expect(moveFocus(at, { key: 'Home' }, bounds)).toEqual({ row: 20, column: 0 });
    expect(moveFocus(at, { key: 'End' }, bounds)).toEqual({ row: 20, column: 4 });
    expect(moveFocus(at, { key: 'Home', ctrlKey: true }, bounds)).toEqual({ row: 0, column: 0 });
    expect(moveFocus(at, { key: 'End', ctrlKey: true }, bounds)).toEqual({ row: 99, column: 4 });
    expect(moveFocus(at, { key: 'PageDown' }, bounds)).toEqual({ row: 30, column: 2 });
    expect(moveFocus({ row: 5, column: 0 }, { key: 'PageUp' }, bounds)).toEqual({ row: 0, column: 0 });
    expect(moveFocus({ row: 0, column: 0 }, { key: 'ArrowUp' }, bounds)).toEqual({ row: -1, column: 0 });
    expect(moveFocus(at, { key: 'a' }, bounds)).toBeNull();
  });

  it('keeps the focus inside the header and rows for any key sequence', () => {
    const keys = fc.constantFrom(
      'ArrowUp',
      'ArrowDown',
      'ArrowLeft',
      'ArrowRight',
      'Home',
      'End',
      'PageUp',
      'PageDown',
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.record({ key: keys, ctrlKey: fc.boolean() }), { maxLength: 60 }),
        (rowCount, columnCount, pageSize, presses) => {
          let cell = { row: -1, column: 0 };
          for (const press of presses) {
            cell = moveFocus(cell, press, { rowCount, columnCount, pageSize }) ?? cell;
            expect(cell.row >= -1 && cell.row < rowCount).toBe(true);
            expect(cell.column >= 0 && cell.column < columnCount).toBe(true);
          }
        },
      ),
    );
  });

  it('moves the focus over the column count set later (a selection column added)', () => {
    const { store } = make();
    store.setFocus({ row: -1, column: 2 });
    store.moveFocus({ key: 'ArrowRight' }, 10);
    expect(store.getSnapshot().focus.column).toBe(2);
    store.setColumnCount(4);
    store.moveFocus({ key: 'ArrowRight' }, 10);
    expect(store.getSnapshot().focus.column).toBe(3);
    store.setColumnCount(2);
    expect(store.getSnapshot().focus.column).toBe(1);
  });

  it('moves the store focus and keeps it inside the grid when rows shrink', async () => {
    const { store, calls } = make();
    store.ensureRows(0, 1);
    calls[0]!.resolve({ rows: rows(0, 10), hasMore: true });
    await flush();
    store.setFocus({ row: 15, column: 1 });
    expect(store.moveFocus({ key: 'ArrowDown' }, 10)).toBe(true);
    expect(store.getSnapshot().focus).toEqual({ row: 16, column: 1 });
    store.setFilters({ Combine: 'and', Conditions: [{ Field: 'q', Op: 'contains', Value: 'x' }] });
    calls.at(-1)!.resolve({ rows: rows(0, 3), hasMore: false });
    await flush();
    expect(store.getSnapshot().focus).toEqual({ row: 0, column: 1 });
    store.setFocus({ row: 2, column: 2 });
    expect(store.moveFocus({ key: 'PageDown' }, 10)).toBe(true);
    expect(store.getSnapshot().focus).toEqual({ row: 2, column: 2 });
  });
});
