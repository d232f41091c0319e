/**
 * `@procedo/forms-react/dashboard`: dashboards (number tiles and bar charts), a separate entry so
 * that only pages that show a dashboard load it. The chart drawing is a further entry
 * (`@procedo/forms-react/charts`) that the bar chart widget loads on demand.
 */
export type { BarChartWidgetProps } from './dashboard/BarChartWidget';
export { BarChartWidget } from './dashboard/BarChartWidget';
export type { DashboardProps } from './dashboard/Dashboard';
export { Dashboard } from './dashboard/Dashboard';
export type { DashboardLabels } from './dashboard/dashboard-labels';
export { DASHBOARD_LABELS } from './dashboard/dashboard-labels';
export type { KpiTileProps } from './dashboard/KpiTile';
export { KpiTile } from './dashboard/KpiTile';
