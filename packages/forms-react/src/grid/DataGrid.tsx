// biome-ignore-all lint/a11y/useSemanticElements: a virtualised grid positions rows absolutely and adds and drops them as it scrolls, which <table> layout cannot; the ARIA grid roles say what <table> would.
// biome-ignore-all lint/a11y/useFocusableInteractive: every cell takes the roving tab stop (tabIndex 0 / -1) through a spread the rule cannot see; a link or button cell hands it to its widget.
// biome-ignore-all lint/a11y/useKeyWithClickEvents: keys are handled once on the grid (the ARIA grid key model), not per cell.
import { HttpStatusError, type SearchFilter, type ValueElement } from '@procedo/client-api';
import {
  type CSSProperties,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { mergeProps, useLocale } from 'react-aria';
import { FORMS_TEXTS, useFormsTexts } from '../i18n/texts';
import { useHelpTooltip } from '../tooltip/HelpTooltip';
import { type ColumnFilterLabels, ColumnFilters } from './ColumnFilters';
import { cellId, cellStyle, DataGridRow, type DataGridRowHandlers, SELECT_WIDTH } from './DataGridRow';
import type { GridCell } from './grid-focus';
import {
  createGridStore,
  type GridSelectAction,
  type GridSort,
  type GridStore,
  type GridStoreOptions,
} from './grid-state';
import { computeWindow, rowsPerPage, scrollTopForRow } from './windowing';

/** The grid's texts; see {@link DATA_GRID_LABELS}. */
export interface DataGridLabels {
  loading: string;
  empty: string;
  error: string;
  retry: string;
  selectAll: string;
}

export const DATA_GRID_LABELS: DataGridLabels = FORMS_TEXTS.dataGrid;

/** One column of a {@link DataGrid}. */
export interface DataGridColumn<Row> {
  /** The column's key: the field that sort and filters name. */
  key: string;
  header: string;
  /** Help text about the column (a grid schema column's `Description`): a §9 tooltip on its header. */
  description?: string;
  /** The cell's content. @default the row's `key` property as text */
  value?: (row: Row) => ReactNode;
  /** @default false */
  isSortable?: boolean;
  /** A CSS width; columns without one share the rest. */
  width?: string;
  /** Renders the cell as a link to this address (a record's DataFormId, say). */
  href?: (row: Row) => string;
  /** Renders the cell as a button (a WorkflowId that opens a process, say). */
  onPress?: (event: { row: Row; index: number }) => void;
  /** The form element the column shows: its kind picks the column's filter control. */
  element?: ValueElement;
}

/** Props of {@link DataGrid}. */
export interface DataGridProps<Row> {
  /** The grid's state, from {@link useGridStore} (or {@link createGridStore}). */
  grid: GridStore<Row>;
  columns: readonly DataGridColumn<Row>[];
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** Enter on a row, or a double click. */
  onOpenRow?: (event: { row: Row; index: number }) => void;
  /** A header click or Enter changed the sort (the store already holds it). */
  onSortChange?: (event: { sort: GridSort }) => void;
  /**
   * Shows a filters row above the grid: one control per column with an `element`, and-ed into the
   * store's filters. @default false
   */
  showFilters?: boolean;
  /** A column filter changed the filters (the store already holds them). */
  onFilterChange?: (event: { filter: SearchFilter | null }) => void;
  filterLabels?: Partial<ColumnFilterLabels>;
  /** Renders a cell instead of the column's `value` / `href` / `onPress`. */
  renderCell?: (row: Row, column: DataGridColumn<Row>) => ReactNode;
  /** Every row's height in px; fixed, so the window is arithmetic. @default 32 */
  rowHeight?: number;
  /** The grid's height in px, header included. @default 400 */
  height?: number;
  /** Rows rendered beyond each edge of the viewport. @default 5 */
  overscan?: number;
  labels?: Partial<DataGridLabels>;
}

/** One grid store for the component's life, its page loads aborted on unmount. */
export function useGridStore<Row>(options: GridStoreOptions<Row>): GridStore<Row> {
  const [store] = useState(() => createGridStore(options));
  useEffect(() => () => store.dispose(), [store]);
  return store;
}

const isWidget = (target: EventTarget) =>
  target instanceof HTMLElement && target.matches('a, button, input, select, textarea');

/**
 * A virtualised ARIA grid (https://www.w3.org/WAI/ARIA/apg/patterns/grid/): only the rows on screen
 * plus an overscan are in the DOM, aria-rowindex / aria-rowcount tell assistive technology where they
 * sit, and the grid is one tab stop (roving tabindex) moved by the grid keys. Row 1 is the header.
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const {
    grid,
    columns,
    onOpenRow,
    onSortChange,
    onFilterChange,
    renderCell,
    rowHeight = 32,
    height = 400,
    overscan = 5,
  } = props;
  const L = { ...useFormsTexts().dataGrid, ...props.labels };
  const snapshot = useSyncExternalStore(grid.subscribe, grid.getSnapshot, grid.getSnapshot);
  const { direction } = useLocale();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(height - rowHeight);
  /** Set by a key or click that moved the focus, so the effect moves DOM focus (never on mere re-renders). */
  const focusMoved = useRef(false);

  const multiple = snapshot.selectionMode === 'multiple';
  const selectable = snapshot.selectionMode !== 'none';
  /** In multiple mode column 0 is the selection column. */
  const offset = multiple ? 1 : 0;
  const columnCount = columns.length + offset;

  useLayoutEffect(() => grid.setColumnCount(columnCount), [grid, columnCount]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setViewport(Math.max(0, element.clientHeight - rowHeight));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [rowHeight]);

  const rows = computeWindow({
    scrollTop,
    viewportHeight: viewport,
    rowHeight,
    rowCount: snapshot.rowCount,
    overscan,
  });
  const { focus } = snapshot;

  useEffect(() => {
    grid.ensureRows(rows.start, rows.end);
    if (focus.row >= 0) grid.ensureRows(focus.row, focus.row + 1);
  }, [grid, rows.start, rows.end, focus.row]);

  useLayoutEffect(() => {
    if (!focusMoved.current) return;
    focusMoved.current = false;
    const element = scroller.current;
    if (!element) return;
    if (focus.row >= 0) {
      const next = scrollTopForRow(focus.row, element.scrollTop, viewport, rowHeight);
      if (next !== element.scrollTop) {
        element.scrollTop = next;
        setScrollTop(next);
      }
    }
    element.querySelector<HTMLElement>(`[data-cell="${cellId(focus)}"]`)?.focus({ preventScroll: true });
  }, [focus, viewport, rowHeight]);

  const openRow = (index: number) => {
    const row = grid.getRow(index);
    if (row !== undefined) onOpenRow?.({ row, index });
  };

  const sortBy = (columnIndex: number) => {
    const column = columns[columnIndex - offset];
    if (!column?.isSortable) return;
    // Sort first: an optional call would skip its argument, and the sort with it, without a handler.
    const sort = grid.toggleSort(column.key);
    onSortChange?.({ sort });
  };

  const allLoadedSelected = () => {
    if (snapshot.selectedKeys.size === 0) return false;
    for (let index = 0; index < snapshot.knownRows; index++) {
      const row = grid.getRow(index);
      if (row !== undefined && !snapshot.selectedKeys.has(grid.getRowKey(row))) return false;
    }
    return true;
  };
  const allSelected = multiple && allLoadedSelected();
  const toggleAll = () => (allSelected ? grid.clearSelection() : grid.selectAllLoaded());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter') {
      // A link or button in a cell answers Enter itself.
      if (isWidget(event.target)) return;
      event.preventDefault();
      if (focus.row < 0) sortBy(focus.column);
      else openRow(focus.row);
      return;
    }
    if (event.key === ' ' && focus.row >= 0 && selectable && !isWidget(event.target)) {
      event.preventDefault();
      const toggle = multiple || event.ctrlKey || event.metaKey;
      grid.select(focus.row, event.shiftKey ? 'range' : toggle ? 'toggle' : 'replace');
      return;
    }
    if (event.key === 'a' && (event.ctrlKey || event.metaKey) && multiple) {
      event.preventDefault();
      grid.selectAllLoaded();
      return;
    }
    if (grid.moveFocus(event, rowsPerPage(viewport, rowHeight), direction)) {
      event.preventDefault();
      focusMoved.current = true;
    }
  };

  const onCellClick = (event: MouseEvent, cell: GridCell) => {
    focusMoved.current = true;
    grid.setFocus(cell);
    if (cell.row < 0) {
      sortBy(cell.column);
      return;
    }
    if (!selectable) return;
    const action: GridSelectAction = event.shiftKey
      ? 'range'
      : event.ctrlKey || event.metaKey || cell.column < offset
        ? 'toggle'
        : 'replace';
    grid.select(cell.row, action);
  };

  // Rows are memoised: they get one stable object whose calls reach this render's handlers.
  const latest = useRef({ onCellClick, openRow });
  latest.current = { onCellClick, openRow };
  const [handlers] = useState<DataGridRowHandlers>(() => ({
    onCellClick: (event, cell) => latest.current.onCellClick(event, cell),
    openRow: (index) => latest.current.openRow(index),
  }));

  const focusProps = (cell: GridCell) => ({
    tabIndex: focus.row === cell.row && focus.column === cell.column ? 0 : -1,
    'data-cell': cellId(cell),
  });

  const indexes: number[] = [];
  for (let index = rows.start; index < rows.end; index++) indexes.push(index);
  // The focused row stays in the DOM when scrolled away, so the grid keeps its tab stop.
  if (focus.row >= 0 && (focus.row < rows.start || focus.row >= rows.end)) indexes.push(focus.row);

  const placeholders = indexes.some((index) => grid.getRow(index) === undefined);
  const busy = snapshot.error === null && (snapshot.isLoading || placeholders);
  const exactTotal = snapshot.total !== null && snapshot.totalIsExact;
  return (
    <div
      className="procedo-DataGrid"
      data-loading={busy || undefined}
      // On a narrow screen the styles give each column a minimum width from this count, and the
      // grid (filters, header and rows together) scrolls sideways inside its own box.
      style={{ '--procedo-DataGrid-columns': columnCount } as CSSProperties}
    >
      {props.showFilters && (
        <ColumnFilters
          columns={columns}
          filter={snapshot.filters}
          leadingWidth={multiple ? SELECT_WIDTH : undefined}
          labels={props.filterLabels}
          onFilterChange={(event) => {
            grid.setFilters(event.filter);
            onFilterChange?.(event);
          }}
        />
      )}
      <div
        ref={scroller}
        role="grid"
        aria-label={props['aria-label']}
        aria-labelledby={props['aria-labelledby']}
        aria-rowcount={exactTotal ? (snapshot.total as number) + 1 : -1}
        aria-colcount={columnCount}
        aria-multiselectable={multiple || undefined}
        aria-busy={busy || undefined}
        className="procedo-DataGrid-scroller"
        style={{ height, overflow: 'auto', position: 'relative' }}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        onKeyDown={onKeyDown}
      >
        <div
          role="rowgroup"
          className="procedo-DataGrid-head"
          style={{ position: 'sticky', top: 0, zIndex: 1 }}
        >
          <div role="row" aria-rowindex={1} style={{ display: 'flex', height: rowHeight }}>
            {multiple && (
              <div role="columnheader" aria-colindex={1} style={cellStyle(SELECT_WIDTH)}>
                <input
                  type="checkbox"
                  aria-label={L.selectAll}
                  checked={allSelected}
                  onChange={toggleAll}
                  onClick={() => {
                    focusMoved.current = true;
                    grid.setFocus({ row: -1, column: 0 });
                  }}
                  {...focusProps({ row: -1, column: 0 })}
                />
              </div>
            )}
            {columns.map((column, index) => {
              const sorted =
                snapshot.sort?.Field === column.key
                  ? snapshot.sort.Direction === 'asc'
                    ? 'ascending'
                    : 'descending'
                  : undefined;
              const cell = { row: -1, column: index + offset };
              return (
                <ColumnHeader
                  key={column.key}
                  description={column.description}
                  aria-colindex={cell.column + 1}
                  aria-sort={column.isSortable ? (sorted ?? 'none') : undefined}
                  {...focusProps(cell)}
                  className="procedo-DataGrid-columnheader"
                  data-sortable={column.isSortable || undefined}
                  style={cellStyle(column.width)}
                  onClick={(event) => onCellClick(event, cell)}
                >
                  {column.header}
                  {sorted && <span aria-hidden="true">{sorted === 'ascending' ? ' ▲' : ' ▼'}</span>}
                </ColumnHeader>
              );
            })}
          </div>
        </div>
        <div role="rowgroup" style={{ position: 'relative', height: rows.totalHeight }}>
          {indexes.map((index) => {
            const row = grid.getRow(index);
            return (
              <DataGridRow<Row>
                key={index}
                index={index}
                row={row}
                isSelected={row !== undefined && snapshot.selectedKeys.has(grid.getRowKey(row))}
                isSelectable={selectable}
                hasSelectColumn={multiple}
                focusColumn={focus.row === index ? focus.column : null}
                columns={columns}
                renderCell={renderCell}
                rowHeight={rowHeight}
                loadingLabel={L.loading}
                handlers={handlers}
              />
            );
          })}
        </div>
      </div>
      {snapshot.total === 0 && snapshot.totalIsExact && snapshot.error === null && (
        <p className="procedo-DataGrid-empty" role="status">
          {L.empty}
        </p>
      )}
      {snapshot.error !== null && (
        <div className="procedo-DataGrid-error" role="alert">
          {errorText(snapshot.error, L)}{' '}
          <button type="button" onClick={() => grid.retry()}>
            {L.retry}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * What the grid says when rows could not be loaded: the server's own message for a refused request
 * (a 4xx with `{ Message }`, such as a search stopped at the time limit, which says how to narrow
 * it), else the grid's text.
 */
function errorText(error: unknown, labels: DataGridLabels): string {
  if (error instanceof HttpStatusError && error.status >= 400 && error.status < 500 && error.serverMessage)
    return error.serverMessage;
  return labels.error;
}

/** A column header cell; with a description, it shows it as a tooltip after the §9 delay. */
function ColumnHeader({
  description,
  children,
  ...props
}: HTMLAttributes<HTMLDivElement> & { description: string | undefined; 'data-sortable'?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const help = useHelpTooltip(description, ref);
  return (
    <>
      <div ref={ref} role="columnheader" {...mergeProps(props, help.triggerProps)}>
        {children}
      </div>
      {help.tooltip}
    </>
  );
}
