import type { SearchFilter, SearchSort } from '@procedo/client-api';
import { clampCell, type GridCell, type GridKey, moveFocus } from './grid-focus';

/** One column's sort: the shared search contract's, so it goes to the server as is. */
export type GridSort = SearchSort;

/** The column filters: the shared search contract's conditions, or `null` for none. */
export type GridFilters = SearchFilter | null;

/** What a row source is asked with each page. */
export interface GridPageRequest {
  sort: GridSort | null;
  filters: GridFilters;
  /** Ask the source for the total number of rows (count on); it may be slower. */
  withTotal: boolean;
  /** Aborted when sort or filters change while the page is in flight. */
  signal: AbortSignal;
}

/** One page of rows. */
export interface GridPage<Row> {
  rows: readonly Row[];
  /** More rows after this page. */
  hasMore: boolean;
  /** All rows matching the filters; only when asked (`withTotal`). */
  total?: number;
  /** `false` when `total` is a lower bound (the server stopped counting). @default true */
  totalIsExact?: boolean;
}

/** Where the grid's rows come from; a search endpoint, or an array in stories and tests. */
export interface GridRowSource<Row> {
  loadPage(start: number, count: number, request: GridPageRequest): Promise<GridPage<Row>>;
}

export type GridSelectionMode = 'none' | 'single' | 'multiple';

/** How a click or key changes the selection. */
export type GridSelectAction = 'replace' | 'toggle' | 'range';

/** Options of {@link createGridStore}. */
export interface GridStoreOptions<Row> {
  source: GridRowSource<Row>;
  /** A stable key per row, so the selection survives re-sorting. */
  getRowKey: (row: Row) => string;
  /** Number of columns, for the focus model. */
  columnCount: number;
  /** @default 100 */
  pageSize?: number;
  /** @default 'none' */
  selectionMode?: GridSelectionMode;
  /** @default null */
  sort?: GridSort | null;
  /** @default null */
  filters?: GridFilters;
  /** `true` asks the source for the total (count on). @default false */
  withTotal?: boolean;
}

/** What the grid shows at one moment. */
export interface GridSnapshot {
  /** Rows the grid lays out: the total when known, else rows known plus a page of placeholders. */
  rowCount: number;
  /** Rows loaded so far from the start (the highest loaded row + 1). */
  knownRows: number;
  /** The total when known: asked for (count on) or reached the last page; `null` otherwise. */
  total: number | null;
  /** `false` when the source said `total` is only a lower bound. */
  totalIsExact: boolean;
  hasMore: boolean;
  /** Nothing loaded yet for the current sort and filters. */
  isLoading: boolean;
  /** The last page load's failure, until {@link GridStore.retry}. */
  error: unknown;
  sort: GridSort | null;
  filters: GridFilters;
  withTotal: boolean;
  selectionMode: GridSelectionMode;
  selectedKeys: ReadonlySet<string>;
  focus: GridCell;
}

export interface GridStore<Row> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): GridSnapshot;
  /** The row at `index`, or `undefined` while its page is not loaded (a placeholder). */
  getRow(index: number): Row | undefined;
  /** The row's selection key (the `getRowKey` option). */
  getRowKey(row: Row): string;
  /** Loads every page that `[start, end)` touches and is neither cached nor in flight. */
  ensureRows(start: number, end: number): void;
  setSort(sort: GridSort | null): void;
  /** Cycles a column: ascending → descending → ascending. Returns the new sort. */
  toggleSort(column: string): GridSort;
  /** The focus model's column count (the grid adds a selection column in multiple mode). */
  setColumnCount(columnCount: number): void;
  setFilters(filters: GridFilters): void;
  setWithTotal(withTotal: boolean): void;
  setSelectionMode(mode: GridSelectionMode): void;
  select(index: number, action?: GridSelectAction): void;
  selectAllLoaded(): void;
  clearSelection(): void;
  setFocus(cell: GridCell): void;
  /** Moves the focus by an ARIA grid key; `false` when the key is not a grid move. */
  moveFocus(key: GridKey, pageSize: number, direction?: 'ltr' | 'rtl'): boolean;
  /** Forgets the failure and reloads the pages asked for since. */
  retry(): void;
  /** Aborts pages in flight; the store is unusable afterwards. */
  dispose(): void;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** A store for one grid: rows window, sort, filters, selection, focus and count state. */
export function createGridStore<Row>(options: GridStoreOptions<Row>): GridStore<Row> {
  const pageSize = options.pageSize ?? 100;
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError('pageSize must be a positive integer');
  const { source, getRowKey } = options;
  let columnCount = options.columnCount;
  const listeners = new Set<() => void>();
  const pages = new Map<number, readonly Row[]>();
  const inFlight = new Map<number, AbortController>();
  /** Pages asked for while an error showed, loaded again by retry(). */
  const wanted = new Set<number>();
  let generation = 0;
  let knownRows = 0;
  let hasMore = true;
  let total: number | null = null;
  let totalIsExact = true;
  let error: unknown = null;
  let anchor: number | null = null;
  let snapshot: GridSnapshot = {
    // A page of placeholders until the first page answers.
    rowCount: pageSize,
    knownRows: 0,
    total: null,
    totalIsExact: true,
    hasMore: true,
    isLoading: true,
    error: null,
    sort: options.sort ?? null,
    filters: options.filters ?? null,
    withTotal: options.withTotal ?? false,
    selectionMode: options.selectionMode ?? 'none',
    selectedKeys: new Set(),
    focus: { row: -1, column: 0 },
  };

  const publish = (patch: Partial<GridSnapshot>) => {
    const next = { ...snapshot, ...patch };
    const open = knownRows + (hasMore ? pageSize : 0);
    // A lower-bound total still lays out the rows known beyond it.
    const rowCount = total === null ? open : totalIsExact ? total : Math.max(total, open);
    snapshot = {
      ...next,
      rowCount,
      knownRows,
      total,
      totalIsExact,
      hasMore,
      error,
      isLoading: pages.size === 0 && error === null,
      focus: clampCell(next.focus, { rowCount, columnCount }),
    };
    for (const listener of listeners) listener();
  };

  const loadPage = (page: number) => {
    if (pages.has(page) || inFlight.has(page)) return;
    if (error !== null) {
      wanted.add(page);
      return;
    }
    const controller = new AbortController();
    const requestGeneration = generation;
    inFlight.set(page, controller);
    const { sort, filters, withTotal } = snapshot;
    source.loadPage(page * pageSize, pageSize, { sort, filters, withTotal, signal: controller.signal }).then(
      (result) => {
        if (requestGeneration !== generation) return;
        inFlight.delete(page);
        pages.set(page, result.rows);
        const end = page * pageSize + result.rows.length;
        if (end >= knownRows) {
          knownRows = end;
          hasMore = result.hasMore;
        }
        if (result.total !== undefined) {
          total = result.total;
          totalIsExact = result.totalIsExact ?? true;
        } else if (!result.hasMore) {
          total = end;
          totalIsExact = true;
        }
        if (total !== null && totalIsExact) {
          knownRows = Math.min(knownRows, total);
          hasMore = knownRows < total;
        }
        publish({});
      },
      (failure: unknown) => {
        if (requestGeneration !== generation) return;
        inFlight.delete(page);
        if (isAbort(failure)) return;
        error = failure;
        wanted.add(page);
        publish({});
      },
    );
  };

  /** Sort, filters or count changed: every cached or pending page answers another question. */
  const reset = (patch: Partial<GridSnapshot>) => {
    generation++;
    for (const controller of inFlight.values()) controller.abort();
    inFlight.clear();
    pages.clear();
    wanted.clear();
    knownRows = 0;
    hasMore = true;
    total = null;
    totalIsExact = true;
    error = null;
    anchor = null;
    publish({ ...patch, focus: { row: snapshot.focus.row < 0 ? -1 : 0, column: snapshot.focus.column } });
    loadPage(0);
  };

  const rowAt = (index: number): Row | undefined =>
    pages.get(Math.floor(index / pageSize))?.[index % pageSize];

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    getRowKey,
    getRow: (index) => (index >= 0 ? rowAt(index) : undefined),
    ensureRows(start, end) {
      const last = Math.min(end, snapshot.rowCount) - 1;
      for (let page = Math.floor(Math.max(start, 0) / pageSize); page * pageSize <= last; page++)
        loadPage(page);
      if (snapshot.rowCount === 0 && hasMore) loadPage(0);
    },
    setSort: (sort) => reset({ sort }),
    toggleSort(column) {
      const current = snapshot.sort;
      const Direction = current?.Field === column && current.Direction === 'asc' ? 'desc' : 'asc';
      const sort: GridSort = { Field: column, Direction };
      reset({ sort });
      return sort;
    },
    setColumnCount(count) {
      if (count === columnCount) return;
      columnCount = count;
      publish({});
    },
    setFilters: (filters) => reset({ filters }),
    setWithTotal(withTotal) {
      if (withTotal !== snapshot.withTotal) reset({ withTotal });
    },
    setSelectionMode(mode) {
      anchor = null;
      publish({ selectionMode: mode, selectedKeys: new Set() });
    },
    select(index, action = 'replace') {
      const mode = snapshot.selectionMode;
      const row = rowAt(index);
      if (mode === 'none' || row === undefined) return;
      const key = getRowKey(row);
      const selected = new Set(mode === 'multiple' && action !== 'replace' ? snapshot.selectedKeys : []);
      if (mode === 'multiple' && action === 'range' && anchor !== null) {
        // Only loaded rows join a range: a placeholder has no key yet.
        const [from, to] = anchor <= index ? [anchor, index] : [index, anchor];
        for (let i = from; i <= to; i++) {
          const inRange = rowAt(i);
          if (inRange !== undefined) selected.add(getRowKey(inRange));
        }
      } else {
        const was = snapshot.selectedKeys.has(key);
        if (was && action === 'toggle') selected.delete(key);
        else selected.add(key);
        anchor = index;
      }
      publish({ selectedKeys: selected });
    },
    selectAllLoaded() {
      if (snapshot.selectionMode !== 'multiple') return;
      const selected = new Set(snapshot.selectedKeys);
      for (const rows of pages.values()) for (const row of rows) selected.add(getRowKey(row));
      publish({ selectedKeys: selected });
    },
    clearSelection() {
      anchor = null;
      publish({ selectedKeys: new Set() });
    },
    setFocus: (cell) => publish({ focus: cell }),
    moveFocus(key, rows, direction) {
      const next = moveFocus(snapshot.focus, key, {
        rowCount: snapshot.rowCount,
        columnCount,
        pageSize: rows,
        direction,
      });
      if (next === null) return false;
      publish({ focus: next });
      return true;
    },
    retry() {
      error = null;
      const again = [...wanted];
      wanted.clear();
      publish({});
      for (const page of again) loadPage(page);
      if (pages.size === 0) loadPage(0);
    },
    dispose() {
      generation++;
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
      listeners.clear();
    },
  };
}
