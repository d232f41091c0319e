import type { FieldValues, LeafElement, SearchFilter, SearchSort, ValueElement } from '@procedo/client-api';
import { useEffect, useId, useMemo, useRef, useSyncExternalStore } from 'react';
import { formatCellValue } from '../form/components/ResultsField';
import { FORMS_TEXTS, useFormsTexts } from '../i18n/texts';
import { CountToggle } from './CountToggle';
import { countPreference } from './count-preference';
import { type CursorPage, type CursorPageRequest, createCursorRowSource } from './cursor-source';
import { DataGrid, type DataGridColumn } from './DataGrid';
import { createGridStore, type GridSelectionMode } from './grid-state';

/** A search form's result list element. */
export type ResultsElement = Extract<LeafElement, { Kind: 'results' }>;
/** One result column (spec §3 grid schema column). */
export type ResultsColumn = ResultsElement['Columns'][number];

/** A row of a search: the record id and the values of its result columns. */
export interface SearchRow {
  Id: number;
  Values: FieldValues;
}

/** Texts of the search results grid. */
export interface SearchResultsGridLabels {
  /** Said above the grid at a timepoint; `{timepoint}` is the UTC time. */
  asOf: string;
  exportCsv: string;
  columns: string;
  /** The saved filters button; `{count}` is how many apply. */
  savedFilters: (count: number) => string;
}

export const SEARCH_RESULTS_GRID_LABELS: SearchResultsGridLabels = FORMS_TEXTS.searchResults;

/** Props of {@link SearchResultsGrid}. */
export interface SearchResultsGridProps {
  /** The search form's number: the count choice is remembered per form. */
  webTemplateNo: number;
  element: ResultsElement;
  /** The form's value elements by name: a column naming one gets a filter control of its kind. */
  elements?: ReadonlyMap<string, ValueElement>;
  /**
   * One keyset page of this search (the host binds the form's criteria and timepoint). A new
   * function starts the grid afresh: pass a stable one while the criteria stay the same.
   */
  fetchPage: (request: CursorPageRequest) => Promise<CursorPage<SearchRow>>;
  /** The sort and column conditions the grid starts with (from the page's address). */
  sort?: SearchSort | null;
  where?: SearchFilter | null;
  /** The sort or column conditions changed: write them into the address so the view can be shared. */
  onQueryChange?: (query: { sort: SearchSort | null; where: SearchFilter | null }) => void;
  /** Where a row's form opens: its record in `webTemplateNo` (a column's DataFormId or the list's form). */
  getRowHref: (input: { row: SearchRow; webTemplateNo: number }) => string;
  /** Enter or a double click on a row. @default follows the row's link */
  onOpenRow?: (row: SearchRow) => void;
  /** A `WorkflowId` column's button: create and start that process for the row. */
  onStartProcess?: (input: { row: SearchRow; workflowId: number; column: ResultsColumn }) => void;
  /** `WFRun_PageSize`: rows per request. @default the element's `PageSize`, else 100 */
  pageSize?: number;
  /** `WFRun_Selectable`. @default 'none' */
  selectionMode?: GridSelectionMode;
  onSelectionChange?: (rows: readonly SearchRow[]) => void;
  /** The address of the CSV export of the view with this sort and these column conditions (the server streams it); no link without it. */
  exportHref?: (query: { sort: SearchSort | null; where: SearchFilter | null }) => string;
  /** The rows loaded so far, in order, each time more load (a record's previous/next). */
  onRowsLoaded?: (rows: readonly SearchRow[]) => void;
  /** `WFRun_ScrollX` / `WFRun_ScrollY`: px the grid opens scrolled by; rows load from there. */
  initialScroll?: { x: number; y: number };
  /** Opens the saved filters (the filter editor); no button without it. */
  onOpenFilters?: () => void;
  /** How many saved filters apply now (shown on the button). @default 0 */
  savedFilterCount?: number;
  /** The grid's height in px. @default 480 */
  height?: number;
  /** At a timepoint the grid says the rows are as they were then (`yyyy-MM-dd HH:mm`, UTC). */
  timepoint?: string | null;
  labels?: Partial<SearchResultsGridLabels>;
}

/**
 * The result list of a search form as a virtualised ARIA grid over the keyset search: server
 * sort by any column, column filters, the count toggle (remembered per form), links to each row's
 * form (`DataFormId`) and buttons that start a row's process (`WorkflowId`).
 */
export function SearchResultsGrid(props: SearchResultsGridProps) {
  const { element, elements, fetchPage, webTemplateNo, getRowHref, onStartProcess } = props;
  const L = { ...useFormsTexts().searchResults, ...props.labels };
  const captionId = useId();
  const preference = useMemo(() => countPreference(webTemplateNo), [webTemplateNo]);
  const opens = element.OpenWebTemplateNo ?? webTemplateNo;
  // A new search (criteria, timepoint) is a new fetchPage, and a new store: nothing carries over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rest is read when a search starts
  const grid = useMemo(
    () =>
      createGridStore<SearchRow>({
        source: createCursorRowSource(fetchPage),
        getRowKey: (row) => String(row.Id),
        columnCount: element.Columns.length,
        pageSize: props.pageSize ?? element.PageSize ?? 100,
        selectionMode: props.selectionMode ?? 'none',
        sort: props.sort ?? null,
        filters: props.where ?? null,
        withTotal: preference.get(false),
      }),
    [fetchPage],
  );
  useEffect(() => () => grid.dispose(), [grid]);

  const snapshot = useSyncExternalStore(grid.subscribe, grid.getSnapshot, grid.getSnapshot);
  const { onRowsLoaded } = props;
  const knownRows = snapshot.knownRows;
  useEffect(() => {
    if (!onRowsLoaded) return;
    const rows: SearchRow[] = [];
    for (let index = 0; index < knownRows; index++) {
      const row = grid.getRow(index);
      if (row) rows.push(row);
    }
    onRowsLoaded(rows);
  }, [grid, knownRows, onRowsLoaded]);

  // The opening scroll is applied as far as the rows laid out allow, until it is reached.
  const container = useRef<HTMLDivElement>(null);
  const scrollTo = useRef(props.initialScroll ?? { x: 0, y: 0 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: tried again as more rows are laid out
  useEffect(() => {
    const target = scrollTo.current;
    if (target.x === 0 && target.y === 0) return;
    const scroller = container.current?.querySelector<HTMLElement>('.procedo-DataGrid-scroller');
    if (!scroller) return;
    scroller.scrollLeft = target.x;
    scroller.scrollTop = target.y;
    if (scroller.scrollTop >= target.y || !snapshot.hasMore) scrollTo.current = { x: 0, y: 0 };
  }, [snapshot.rowCount]);

  const { onSelectionChange } = props;
  useEffect(() => {
    if (!onSelectionChange) return;
    let last = grid.getSnapshot().selectedKeys;
    return grid.subscribe(() => {
      const { selectedKeys } = grid.getSnapshot();
      if (selectedKeys === last) return;
      last = selectedKeys;
      const rows: SearchRow[] = [];
      for (let index = 0; index < grid.getSnapshot().knownRows; index++) {
        const row = grid.getRow(index);
        if (row && selectedKeys.has(String(row.Id))) rows.push(row);
      }
      onSelectionChange(rows);
    });
  }, [grid, onSelectionChange]);

  const columns = useMemo(
    (): DataGridColumn<SearchRow>[] =>
      element.Columns.map((column, index) => {
        const base: DataGridColumn<SearchRow> = {
          key: column.Name,
          header: column.Caption,
          ...(column.Description ? { description: column.Description } : {}),
          isSortable: true,
          value: (row) => columnText(row, column) || (index === 0 ? String(row.Id) : ''),
          ...(elements?.get(column.Name) ? { element: elements.get(column.Name) as ValueElement } : {}),
        };
        if (column.WorkflowId !== undefined && onStartProcess) {
          const workflowId = column.WorkflowId;
          return { ...base, onPress: ({ row }) => onStartProcess({ row, workflowId, column }) };
        }
        if (column.DataFormId !== undefined) {
          const form = column.DataFormId;
          // A picked record's column opens that record; any other column the row's own record.
          return {
            ...base,
            href: (row) =>
              getRowHref({ row: { ...row, Id: linkedId(row, column) ?? row.Id }, webTemplateNo: form }),
          };
        }
        if (index === 0) return { ...base, href: (row) => getRowHref({ row, webTemplateNo: opens }) };
        return base;
      }),
    [element.Columns, elements, getRowHref, onStartProcess, opens],
  );

  const openRow = ({ row }: { row: SearchRow }) => {
    if (props.onOpenRow) props.onOpenRow(row);
    else window.location.assign(getRowHref({ row, webTemplateNo: opens }));
  };
  const { onQueryChange } = props;
  const report = () => {
    const { sort, filters } = grid.getSnapshot();
    onQueryChange?.({ sort, where: filters });
  };

  return (
    <div className="procedo-SearchResultsGrid" ref={container}>
      <div className="procedo-SearchResultsGrid-bar">
        <span id={captionId} className="procedo-SearchResultsGrid-caption">
          {element.Label}
        </span>
        <CountToggle grid={grid} preference={preference} />
        {props.onOpenFilters ? (
          <button type="button" className="procedo-Button" onClick={props.onOpenFilters}>
            {L.savedFilters(props.savedFilterCount ?? 0)}
          </button>
        ) : null}
        {props.exportHref ? (
          <a
            className="procedo-SearchResultsGrid-export"
            href={props.exportHref({ sort: snapshot.sort, where: snapshot.filters })}
            download
          >
            {L.exportCsv}
          </a>
        ) : null}
      </div>
      {props.timepoint ? (
        <p className="procedo-SearchResultsGrid-asOf" role="note">
          {L.asOf.replace('{timepoint}', props.timepoint)}
        </p>
      ) : null}
      <DataGrid
        grid={grid}
        columns={columns}
        aria-labelledby={captionId}
        onOpenRow={openRow}
        onSortChange={report}
        onFilterChange={report}
        showFilters={columns.some((column) => column.element !== undefined)}
        height={props.height ?? 480}
      />
    </div>
  );
}

/** The text a column shows: `DataTextColumn` (a dotted path into the row's values) or its own value. */
export function columnText(row: SearchRow, column: ResultsColumn): string {
  const [name = column.Name, ...path] = (column.DataTextColumn ?? column.Name).split('.');
  let value: unknown = row.Values[name];
  for (const part of path)
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  if (path.length > 0) return value === undefined || value === null ? '' : String(value);
  return formatCellValue(row.Values[name]);
}

/** The id of the record a picker column's value names, when it names one. */
function linkedId(row: SearchRow, column: ResultsColumn): number | null {
  const value = row.Values[column.Name];
  if (!value || typeof value !== 'object' || !('Id' in value)) return null;
  const id = Number(value.Id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
