import type { SearchResultsGridProps } from '@procedo/forms-react';
import { lazyComponent, useLoaded } from '../lazy-component';
import { DelayedStatus } from '../routes/route-loading';
import { FORM_PAGE_LABELS as L } from './labels';

const SearchResultsGrid = lazyComponent<'SearchResultsGrid', SearchResultsGridProps>(
  () => import('./search-results-grid'),
  'SearchResultsGrid',
);

/** forms-react's `SearchResultsGrid`, loaded when a search form first shows results. */
export function LazySearchResultsGrid(props: SearchResultsGridProps) {
  const isLoaded = useLoaded(SearchResultsGrid);
  return isLoaded ? <SearchResultsGrid {...props} /> : <DelayedStatus>{L.loadingResults}</DelayedStatus>;
}
