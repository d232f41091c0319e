import type { SearchResultsGridProps } from '@procedo/forms-react';
import { lazy, Suspense } from 'react';
import { DelayedStatus } from '../routes/route-loading';
import { FORM_PAGE_LABELS as L } from './labels';

const SearchResultsGrid = lazy(async () => ({
  default: (await import('./search-results-grid')).SearchResultsGrid,
}));

/** forms-react's `SearchResultsGrid`, loaded when a search form first shows results. */
export function LazySearchResultsGrid(props: SearchResultsGridProps) {
  return (
    <Suspense fallback={<DelayedStatus>{L.loadingResults}</DelayedStatus>}>
      <SearchResultsGrid {...props} />
    </Suspense>
  );
}
