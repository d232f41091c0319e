import {
  type CreatableCommand,
  type FieldValues,
  flattenElements,
  isValueElement,
  type SearchFilter,
  type SearchQueryParams,
  type SearchSort,
  type ValueElement,
  writeSearchParams,
} from '@procedo/client-api';
import {
  criteriaConditions,
  type FormStore,
  openFilterEditor,
  type ResultsElement,
  type SearchRow,
  searchPageFetcher,
  useFilterEditorResult,
  useFormOpener,
  withCriteria,
} from '@procedo/forms-react';
import { useProcessRunner } from '@procedo/process-react';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { v1 } from '../api';
import type { FormPageQuery } from './form-query';
import { LazySearchResultsGrid } from './LazySearchResultsGrid';
import { useOpenHostLink } from './useOpenHostLink';

/** What the form page needs of a search form's results. */
export interface SearchResults {
  /** Runs the search with the criteria (the Search button, Enter). */
  search: (values: FieldValues) => void;
  /** The result list element's grid, for `FormRenderer`'s `renderResults`. */
  renderResults: (element: ResultsElement) => ReactNode;
  /** The rows loaded so far, in order (previous/next of a record opened from the list). */
  rows: readonly SearchRow[] | undefined;
}

/** Whether the address asks for a view of the list (a shared link, a dashboard tile): it runs at once. */
export const asksForRows = (grid: SearchQueryParams) =>
  Boolean(grid.text || grid.sort || grid.where || (grid.filterIds && grid.filterIds.length > 0));

/**
 * A search form's results as a grid over the keyset search: the criteria of the last search, the
 * sort and column conditions of the address (written back as they change, so the view can be
 * shared), the `WFRun_*` parameters, the CSV export of the view, and the rows' forms and processes.
 */
export function useSearchResults(
  store: FormStore,
  query: FormPageQuery,
  getRowHref: (input: { row: SearchRow; webTemplateNo: number }) => string,
): SearchResults {
  const webTemplateNo = store.definition.WebTemplateNo;
  const [, setParams] = useSearchParams();
  const openHostLink = useOpenHostLink();
  const runner = useProcessRunner();
  // The search runs as the page opens when asked (`WFRun_AutoRun`) or when the address names a view.
  const [criteria, setCriteria] = useState<FieldValues | null>(() =>
    query.gridProblems.length === 0 && (query.autoRun || asksForRows(query.grid)) ? store.getValues() : null,
  );
  const [rows, setRows] = useState<readonly SearchRow[] | undefined>(undefined);
  const elements = useMemo(() => {
    const map = new Map<string, ValueElement>();
    for (const element of flattenElements(store.definition))
      if (isValueElement(element)) map.set(element.Name, element);
    return map;
  }, [store.definition]);

  const filterIdsKey = query.grid.filterIds?.join(',') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterIds by their text, so an equal list keeps the search
  const fetchPage = useMemo(
    () =>
      criteria === null
        ? null
        : searchPageFetcher(v1.records, webTemplateNo, {
            criteria: criteriaConditions(criteria, elements),
            ...(query.grid.filterIds ? { filterIds: query.grid.filterIds } : {}),
            timepoint: query.timepoint,
          }),
    [criteria, elements, filterIdsKey, query.timepoint, webTemplateNo],
  );
  // Datasource columns the user added to the grid (HostResults) are asked of the server by name:
  // one fetchPage per set of them, so adding one starts the grid afresh with its values.
  const formColumns = useMemo(() => {
    const names = new Set<string>();
    for (const element of flattenElements(store.definition))
      if (element.Kind === 'results') for (const column of element.Columns) names.add(column.Name);
    return names;
  }, [store.definition]);
  const withColumns = useRef<{ base: typeof fetchPage; byKey: Map<string, NonNullable<typeof fetchPage>> }>({
    base: null,
    byKey: new Map(),
  });
  const fetchPageFor = (element: ResultsElement) => {
    const extra = element.Columns.map((column) => column.Name).filter((name) => !formColumns.has(name));
    if (fetchPage === null || criteria === null || extra.length === 0) return fetchPage;
    if (withColumns.current.base !== fetchPage) withColumns.current = { base: fetchPage, byKey: new Map() };
    const key = extra.join(',');
    let found = withColumns.current.byKey.get(key);
    if (!found) {
      found = searchPageFetcher(v1.records, webTemplateNo, {
        criteria: criteriaConditions(criteria, elements),
        ...(query.grid.filterIds ? { filterIds: query.grid.filterIds } : {}),
        timepoint: query.timepoint,
        columns: extra,
      });
      withColumns.current.byKey.set(key, found);
    }
    return found;
  };

  // The address the grid started from; later changes are the grid's own and need no new search.
  const initialGrid = useRef(query.grid);
  const writeQuery = useCallback(
    (next: Pick<SearchQueryParams, 'sort' | 'where'>) =>
      setParams(
        (current) =>
          writeSearchParams(new URLSearchParams(current), {
            ...readText(current),
            ...next,
            filterIds: query.grid.filterIds ?? [],
          }),
        { replace: true },
      ),
    [setParams, query.grid.filterIds],
  );

  const commands = useRef<Promise<CreatableCommand[]> | null>(null);
  const startProcess = useCallback(
    async ({ row, workflowId }: { row: SearchRow; workflowId: number }) => {
      commands.current ??= v1.processes.creatableCommands();
      const command = (await commands.current).find((candidate) => candidate.Id === workflowId);
      if (!command) return;
      // The row's record is the process's subject: its id and shown values are the variables.
      const variables = [
        { Name: 'RecordId', Value: String(row.Id) },
        ...Object.entries(row.Values).map(([Name, value]) => ({ Name, Value: cellText(value) })),
      ];
      await runner.startProcess(command, { start: true, variables });
    },
    [runner],
  );

  const criteriaFilter = useMemo((): SearchFilter | null => {
    const conditions = criteria === null ? [] : criteriaConditions(criteria, elements);
    return conditions.length > 0 ? { Combine: 'and', Conditions: conditions } : null;
  }, [criteria, elements]);
  const exportHref = useCallback(
    ({ sort, where }: { sort: SearchSort | null; where: SearchFilter | null }) => {
      let combined: SearchFilter | null;
      try {
        combined = withCriteria(criteriaFilter, where);
      } catch {
        combined = where;
      }
      const exportParams = writeSearchParams(new URLSearchParams(), {
        sort,
        where: combined,
        ...(query.grid.filterIds ? { filterIds: query.grid.filterIds } : {}),
      });
      if (query.timepoint) exportParams.set('Timepoint', query.timepoint);
      return `/api/v1/forms/${webTemplateNo}/search/export.csv?${exportParams}`;
    },
    [criteriaFilter, query.grid.filterIds, query.timepoint, webTemplateNo],
  );

  // Saved filters: the filter editor (an 800x400 popup, or a dialog) hands back the ids picked,
  // which go into the address (`filterIds`) and run the search with them.
  const opener = useFormOpener();
  const filtersControl = 'ResultsFilters';
  useFilterEditorResult(filtersControl, ({ ids }) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (ids.length > 0) next.set('filterIds', ids.join(','));
        else next.delete('filterIds');
        return next;
      },
      { replace: true },
    );
    setCriteria((current) => current ?? store.getValues());
  });
  const openFilters = () =>
    openFilterEditor(opener, {
      webTemplateNo,
      entityViewName: store.definition.Title,
      entityViewId: `form-${webTemplateNo}`,
      entityViewFilterIdListControl: filtersControl,
      entityViewFilterIdList: query.grid.filterIds ?? [],
    });

  const renderResults = (element: ResultsElement) =>
    fetchPage === null ? null : (
      <LazySearchResultsGrid
        webTemplateNo={webTemplateNo}
        element={element}
        elements={elements}
        fetchPage={fetchPageFor(element) ?? fetchPage}
        sort={initialGrid.current.sort ?? null}
        where={initialGrid.current.where ?? null}
        onQueryChange={writeQuery}
        getRowHref={getRowHref}
        onOpenRow={(row) =>
          openHostLink(getRowHref({ row, webTemplateNo: element.OpenWebTemplateNo ?? webTemplateNo }))
        }
        onStartProcess={query.timepoint ? undefined : startProcess}
        onRowsLoaded={setRows}
        pageSize={query.pageSize ?? element.PageSize}
        selectionMode={query.selectable}
        initialScroll={{ x: query.scrollX, y: query.scrollY }}
        exportHref={exportHref}
        onOpenFilters={query.timepoint ? undefined : openFilters}
        savedFilterCount={query.grid.filterIds?.length ?? 0}
        timepoint={query.timepoint}
      />
    );

  return { search: setCriteria, renderResults, rows };
}

const readText = (params: URLSearchParams) => {
  const text = params.get('text');
  return text ? { text } : {};
};

const cellText = (value: SearchRow['Values'][string]): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return 'FileName' in value ? value.FileName : value.Text;
  return String(value);
};
