import type { SearchFilter } from '@procedo/client-api';
import {
  type ComponentType,
  type ReactNode,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useState,
} from 'react';
import { onDemand } from '../browser/on-demand';
import { useOnDemandTexts } from '../i18n/texts';
import type { BarChartProps } from './charts/BarChart';
import type { LineChartProps } from './charts/LineChart';
import type { PieChartProps } from './charts/PieChart';
import { DASHBOARD_LABELS, type DashboardLabels } from './dashboard-labels';
import { followLink } from './navigation';

/** The chart drawing entry, `@procedo/forms-react/charts`. */
export type ChartsModule = {
  BarChart: ComponentType<BarChartProps>;
  LineChart: ComponentType<LineChartProps>;
  PieChart: ComponentType<PieChartProps>;
};
const chartDrawing = onDemand(
  () =>
    // biome-ignore lint/suspicious/noTsIgnore: no error in the source build (the entry resolves to its source), one in the declaration build
    // @ts-ignore The declaration build resolves the package to its built types, not built yet for this entry.
    import('@procedo/forms-react/charts') as Promise<ChartsModule>,
);

/**
 * Loads the chart drawing (`@procedo/forms-react/charts`, its own entry) once. Only pages that show
 * a chart call it, so every form goes without the chart library; a dashboard starts it while its
 * data load, so the two downloads overlap. A failed download is tried again by the next chart.
 */
export function preloadCharts(): Promise<ChartsModule> {
  return chartDrawing.load();
}

/**
 * The chart drawing once loaded. Not `React.lazy`: React 19 holds back a suspended boundary's
 * content for at least 300 ms after its fallback showed (FALLBACK_THROTTLE_MS), which measured as
 * 300 ms more before a dashboard's charts were drawn even when the module had long arrived.
 */
function useCharts(): { charts: ChartsModule | null; failed: boolean } {
  const [state, setState] = useState<{ charts: ChartsModule | null; failed: boolean }>(() => ({
    charts: chartDrawing.loaded(),
    failed: false,
  }));
  useEffect(() => {
    if (state.charts || state.failed) return;
    let isCurrent = true;
    preloadCharts().then(
      (charts) => isCurrent && setState({ charts, failed: false }),
      () => isCurrent && setState({ charts: null, failed: true }),
    );
    return () => {
      isCurrent = false;
    };
  }, [state]);
  return state;
}

/** One row of a chart's table: a group (bar, slice) or point, its count and, for a pie, its share. */
export interface ChartTableRow {
  label: string;
  value: number;
  /** The share of the whole, e.g. `"42 %"`. */
  share?: string;
}

/** Tables longer than this are filled in a background render, after the chart is drawn. */
export const DEFERRED_TABLE_ROWS = 200;
const NO_ROWS: readonly ChartTableRow[] = [];

/** Props of a dashboard chart widget (bar, pie, line): its computed widget and where it leads. */
export interface ChartOfWidgetProps<W> {
  widget: W;
  /** The link to the grid showing a search form's rows that `where` selects. */
  hrefFor: (webTemplateNo: number, where: SearchFilter) => string;
  /** The host's router; without it a link click, or a click on the drawing, loads the page. */
  onNavigate?: ((href: string) => void) | undefined;
  labels?: DashboardLabels;
}

/** Props of {@link ChartWidget}. */
export interface ChartWidgetProps {
  kind: 'bar' | 'line' | 'pie';
  title: string;
  /** The table's first column: the grouped field's caption. */
  groupLabel: string;
  /** The rows of the table, in the chart's order; built only when the table is filled. */
  rows: () => readonly ChartTableRow[];
  /** How many rows {@link ChartWidgetProps.rows} gives. */
  rowCount: number;
  /** The link to the grid of row `index`'s records (built on demand: a line may have 10,000). */
  hrefOf: (index: number) => string;
  /** Draws the chart; `select(index)` opens row `index`'s records. */
  draw: (charts: ChartsModule, select: (index: number) => void) => ReactNode;
  onNavigate?: ((href: string) => void) | undefined;
  labels?: DashboardLabels | undefined;
}

/**
 * The frame of every chart: its title, the "Show as table" toggle, the drawing (loaded on demand)
 * and its data as a real table — caption = the chart's title, each count a link to its rows. The
 * table is what screen readers and keyboards use (visually hidden until focus enters it or "Show as
 * table"); the drawing is hidden from them. A long table (a line of many points) is filled in a
 * background render, so it never holds back the drawing.
 */
export function ChartWidget({
  kind,
  title,
  groupLabel,
  rows,
  rowCount,
  hrefOf,
  draw,
  onNavigate,
  labels: labelsProp,
}: ChartWidgetProps) {
  const texts = useOnDemandTexts('dashboard', DASHBOARD_LABELS);
  const labels = labelsProp ?? texts;
  const [showTable, setShowTable] = useState(false);
  const { charts, failed } = useCharts();
  const headingId = useId();
  const tableId = useId();
  const navigate = onNavigate ?? ((href: string) => window.location.assign(href));
  // false on the first render of a long table, then true in a background (interruptible) render.
  const filled = useDeferredValue(true, rowCount <= DEFERRED_TABLE_ROWS);
  const tableRows = useMemo(() => (filled ? rows() : NO_ROWS), [filled, rows]);
  const hasShare = tableRows.some((row) => row.share !== undefined);
  return (
    <section className={`procedo-ChartWidget procedo-ChartWidget--${kind}`} aria-labelledby={headingId}>
      <div className="procedo-ChartWidget-header">
        <h3 id={headingId} className="procedo-ChartWidget-title">
          {title}
        </h3>
        <button
          type="button"
          className="procedo-ChartWidget-toggle"
          aria-pressed={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? labels.showChart : labels.showTable}
        </button>
      </div>
      {!showTable &&
        (charts ? (
          draw(charts, (index) => navigate(hrefOf(index)))
        ) : (
          <div className="procedo-ChartWidget-loading">
            {failed ? labels.chartFailed : labels.loadingChart}
          </div>
        ))}
      <table
        id={tableId}
        className="procedo-ChartWidget-table"
        data-visible={showTable || undefined}
        aria-busy={tableRows.length < rowCount || undefined}
      >
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{groupLabel}</th>
            <th scope="col">{labels.count}</th>
            {hasShare && <th scope="col">{labels.share}</th>}
          </tr>
        </thead>
        <tbody>
          {tableRows.map((row, index) => {
            const href = hrefOf(index);
            return (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>
                  <a
                    href={href}
                    aria-label={labels.rowsOf(row.label, row.value)}
                    onClick={(event) => followLink(event, href, onNavigate)}
                  >
                    {row.value.toLocaleString('en-US')}
                  </a>
                </td>
                {hasShare && <td>{row.share}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
