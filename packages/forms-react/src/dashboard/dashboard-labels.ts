/** User-facing texts of the dashboard widgets, in one place (a host may pass its own). */
export const DASHBOARD_LABELS = Object.freeze({
  loading: 'Loading the dashboard…',
  loadingChart: 'Drawing the chart…',
  chartFailed: 'The chart could not be drawn; its table has the figures.',
  error: 'The dashboard could not be loaded.',
  empty: 'This dashboard has nothing to show you.',
  showTable: 'Show as table',
  showChart: 'Hide table',
  count: 'Count',
  /** A pie table's column of each slice's share of the whole. */
  share: 'Share',
  /** The accessible name of a count link: the rows it opens. */
  rowsOf: (label: string, value: number) => `${value} records: ${label}`,
  myStepsLink: 'Open the process list',
  /** A long chart table's page buttons, and the rows it shows (announced on a page turn). */
  previousRows: 'Previous rows',
  nextRows: 'Next rows',
  rowRange: (first: number, last: number, total: number) =>
    `Rows ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`,
});
/** The dashboard's texts, as strings (not the English literals), so a host can give its own. */
export type DashboardLabels = {
  readonly [K in keyof typeof DASHBOARD_LABELS]: (typeof DASHBOARD_LABELS)[K] extends string
    ? string
    : (typeof DASHBOARD_LABELS)[K];
};
