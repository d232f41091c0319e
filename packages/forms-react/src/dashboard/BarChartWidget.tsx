import type { BarWidget, SearchFilter } from '@procedo/client-api';
import { type ComponentType, useEffect, useId, useState } from 'react';
import { onDemand } from '../browser/on-demand';
import { useOnDemandTexts } from '../i18n/texts';
import type { BarChartProps } from './charts/BarChart';
import { DASHBOARD_LABELS, type DashboardLabels } from './dashboard-labels';
import { followLink } from './navigation';

type ChartsModule = { BarChart: ComponentType<BarChartProps> };
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

/** Props of {@link BarChartWidget}. */
export interface BarChartWidgetProps {
  widget: BarWidget;
  /** The link to the grid showing a search form's rows that `where` selects. */
  hrefFor: (webTemplateNo: number, where: SearchFilter) => string;
  /** The host's router; without it a link click, or a click on a bar, loads the page. */
  onNavigate?: ((href: string) => void) | undefined;
  labels?: DashboardLabels;
}

/**
 * A bar chart with its data as a real table: the table (caption = the chart's title, each count a
 * link to its rows) is what screen readers and keyboards use — visually hidden until focus enters it
 * or "Show as table" — and the drawing is hidden from them. A click on a bar opens its rows.
 */
export function BarChartWidget({ widget, hrefFor, onNavigate, labels: labelsProp }: BarChartWidgetProps) {
  const texts = useOnDemandTexts('dashboard', DASHBOARD_LABELS);
  const labels = labelsProp ?? texts;
  const [showTable, setShowTable] = useState(false);
  const { charts, failed } = useCharts();
  const headingId = useId();
  const tableId = useId();
  const bars = widget.Bars.map((bar) => ({ ...bar, href: hrefFor(widget.WebTemplateNo, bar.Where) }));
  const navigate = onNavigate ?? ((href: string) => window.location.assign(href));
  return (
    <section className="procedo-BarChartWidget" aria-labelledby={headingId}>
      <div className="procedo-BarChartWidget-header">
        <h3 id={headingId} className="procedo-BarChartWidget-title">
          {widget.Title}
        </h3>
        <button
          type="button"
          className="procedo-BarChartWidget-toggle"
          aria-pressed={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? labels.showChart : labels.showTable}
        </button>
      </div>
      {!showTable &&
        (charts ? (
          <charts.BarChart
            bars={bars.map(({ Label, Value }) => ({ label: Label, value: Value }))}
            axisLabel={widget.GroupLabel}
            onSelect={(index) => navigate(bars[index]!.href)}
          />
        ) : (
          <div className="procedo-BarChartWidget-loading">
            {failed ? labels.chartFailed : labels.loadingChart}
          </div>
        ))}
      <table id={tableId} className="procedo-BarChartWidget-table" data-visible={showTable || undefined}>
        <caption>{widget.Title}</caption>
        <thead>
          <tr>
            <th scope="col">{widget.GroupLabel}</th>
            <th scope="col">{labels.count}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.href}>
              <th scope="row">{bar.Label}</th>
              <td>
                <a
                  href={bar.href}
                  aria-label={labels.rowsOf(bar.Label, bar.Value)}
                  onClick={(event) => followLink(event, bar.href, onNavigate)}
                >
                  {bar.Value.toLocaleString('en-US')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
