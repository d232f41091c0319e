/**
 * `@procedo/forms-react/dashboard`: dashboards (number tiles, bar, pie and line charts), a separate entry so
 * that only pages that show a dashboard load it. The chart drawing is a further entry
 * (`@procedo/forms-react/charts`) that the chart widgets load on demand.
 */
export type { BarChartWidgetProps } from './dashboard/BarChartWidget';
export { BarChartWidget } from './dashboard/BarChartWidget';
export type { ChartOfWidgetProps, ChartTableRow, ChartWidgetProps } from './dashboard/ChartWidget';
export { ChartWidget, TABLE_PAGE_ROWS } from './dashboard/ChartWidget';
export type { DashboardProps } from './dashboard/Dashboard';
export { Dashboard } from './dashboard/Dashboard';
export type { DashboardLabels } from './dashboard/dashboard-labels';
export { DASHBOARD_LABELS } from './dashboard/dashboard-labels';
export type { KpiTileProps } from './dashboard/KpiTile';
export { KpiTile } from './dashboard/KpiTile';
export type { LineChartWidgetProps } from './dashboard/LineChartWidget';
export { LineChartWidget } from './dashboard/LineChartWidget';
export type { PieChartWidgetProps } from './dashboard/PieChartWidget';
export { PieChartWidget } from './dashboard/PieChartWidget';
