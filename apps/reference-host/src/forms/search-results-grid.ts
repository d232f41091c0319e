// The search results grid on its own, for LazySearchResultsGrid's dynamic import: a record form
// never loads the grid's code (docs/ARCHITECTURE.md, Host bundle).
export { SearchResultsGrid } from '@procedo/forms-react';
