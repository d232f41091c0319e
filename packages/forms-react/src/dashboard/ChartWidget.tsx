import type { SearchFilter } from '@procedo/client-api';
import { type ComponentType, type ReactNode, useEffect, useId, useState } from 'react';
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

/**
 * One formatter for every count: `Number#toLocaleString` builds a new formatter per call, which
 * measured as most of the time of a 10,000-row table.
 */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** Rows a chart's table shows at a time; a longer one (a line of many days) is paged. */
export const TABLE_PAGE_ROWS = 100;

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
  /** The rows of the table, in the chart's order. */
  rows: readonly ChartTableRow[];
  /** A paged table opens at its last page (a line: the newest days). @default false */
  startAtEnd?: boolean;
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
 * table"); the drawing is hidden from them. A table of more than {@link TABLE_PAGE_ROWS} rows (a
 * line of many days) shows them a page at a time, with buttons for the pages before and after and
 * the rows shown announced: 10,000 rows in the page measured as seconds of layout, even hidden.
 */
export function ChartWidget({
  kind,
  title,
  groupLabel,
  rows,
  startAtEnd = false,
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
  const dataId = useId();
  const navigate = onNavigate ?? ((href: string) => window.location.assign(href));
  const pages = Math.max(1, Math.ceil(rows.length / TABLE_PAGE_ROWS));
  const [chosenPage, setPage] = useState<number | null>(null);
  const page = Math.min(chosenPage ?? (startAtEnd ? pages - 1 : 0), pages - 1);
  const first = page * TABLE_PAGE_ROWS;
  const shown = rows.slice(first, first + TABLE_PAGE_ROWS);
  const hasShare = rows.some((row) => row.share !== undefined);
  const turn = (to: number) => () => {
    if (to >= 0 && to < pages) setPage(to);
  };
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
          aria-controls={dataId}
          onClick={() => setShowTable((isShown) => !isShown)}
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
      <div id={dataId} className="procedo-ChartWidget-data" data-visible={showTable || undefined}>
        <table className="procedo-ChartWidget-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{groupLabel}</th>
              <th scope="col">{labels.count}</th>
              {hasShare && <th scope="col">{labels.share}</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, offset) => {
              const href = hrefOf(first + offset);
              return (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>
                    <a
                      href={href}
                      aria-label={labels.rowsOf(row.label, row.value)}
                      onClick={(event) => followLink(event, href, onNavigate)}
                    >
                      {COUNT_FORMAT.format(row.value)}
                    </a>
                  </td>
                  {hasShare && <td>{row.share}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
        {pages > 1 && (
          <div className="procedo-ChartWidget-pages">
            {/* aria-disabled, not disabled: a button that ends a page keeps focus (and the table its visibility). */}
            <button type="button" aria-disabled={page === 0 || undefined} onClick={turn(page - 1)}>
              {labels.previousRows}
            </button>
            <span aria-live="polite">{labels.rowRange(first + 1, first + shown.length, rows.length)}</span>
            <button type="button" aria-disabled={page === pages - 1 || undefined} onClick={turn(page + 1)}>
              {labels.nextRows}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
