/**
 * `@procedo/forms-react/charts`: the chart drawing, a separate entry so that only pages that show
 * a chart load it (the dashboard widgets import it lazily; the main entry never does).
 */
export type { BarChartProps } from './dashboard/charts/BarChart';
export { BarChart } from './dashboard/charts/BarChart';
export type { LineChartProps } from './dashboard/charts/LineChart';
export { LineChart } from './dashboard/charts/LineChart';
export type { PieChartProps } from './dashboard/charts/PieChart';
export { PieChart } from './dashboard/charts/PieChart';
