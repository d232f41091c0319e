import type { Dashboard as DashboardData, SearchFilter } from '@procedo/client-api';
import { useEffect } from 'react';
import { useOnDemandTexts } from '../i18n/texts';
import { BarChartWidget } from './BarChartWidget';
import { preloadCharts } from './ChartWidget';
import { DASHBOARD_LABELS, type DashboardLabels } from './dashboard-labels';
import { KpiTile } from './KpiTile';
import { LineChartWidget } from './LineChartWidget';
import { PieChartWidget } from './PieChartWidget';

/** Props of {@link Dashboard}. */
export interface DashboardProps {
  /** The computed dashboard (`v1.dashboards.get`); none while loading or after an error. */
  dashboard?: DashboardData | null | undefined;
  /** @default false */
  isLoading?: boolean;
  /** A message to show instead of the widgets. @default none */
  error?: string | null | undefined;
  /**
   * The link to the grid of a search form's rows that `where` selects (`null`: every row).
   * @example (no, where) => `/form?${writeSearchParams(new URLSearchParams({ WebTemplateNo: String(no) }), { where })}`
   */
  hrefFor: (webTemplateNo: number, where: SearchFilter | null) => string;
  /** Where the "my open steps" tile leads. @default a plain tile */
  stepsHref?: string | undefined;
  /** The host's router; without it links load their page. */
  onNavigate?: ((href: string) => void) | undefined;
  /**
   * Starts loading the chart drawing as soon as the dashboard shows (while its data load); `false`
   * loads it only when a chart is drawn — for a dashboard that may have none.
   * @default true
   */
  preloadCharts?: boolean;
  /** The heading level of the dashboard's title (widgets are one below). @default 2 */
  headingLevel?: 2 | 3;
  labels?: DashboardLabels;
}

/** A dashboard: its title and a grid of number tiles and charts (bars, pies, lines), each leading to its rows. */
export function Dashboard({
  dashboard,
  isLoading = false,
  error,
  hrefFor,
  stepsHref,
  onNavigate,
  headingLevel = 2,
  labels: labelsProp,
  preloadCharts: preload = true,
}: DashboardProps) {
  const texts = useOnDemandTexts('dashboard', DASHBOARD_LABELS);
  const labels = labelsProp ?? texts;
  useEffect(() => {
    if (preload) preloadCharts().catch(() => {});
  }, [preload]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (error) {
    return (
      <section className="procedo-Dashboard" data-error>
        <p role="alert">{error}</p>
      </section>
    );
  }
  if (isLoading || !dashboard) {
    return (
      <section className="procedo-Dashboard" aria-busy="true" data-loading>
        <p role="status">{labels.loading}</p>
      </section>
    );
  }
  return (
    <section className="procedo-Dashboard" aria-label={dashboard.Title}>
      <Heading className="procedo-Dashboard-title">{dashboard.Title}</Heading>
      {dashboard.Widgets.length === 0 && <p>{labels.empty}</p>}
      <div className="procedo-Dashboard-grid">
        {dashboard.Widgets.map((widget, index) => {
          const key = `${index}-${widget.Title}`;
          if (widget.Kind === 'kpi') {
            return (
              <KpiTile
                key={key}
                title={widget.Title}
                value={widget.Value}
                href={hrefFor(widget.WebTemplateNo, widget.Where)}
                onNavigate={onNavigate}
              />
            );
          }
          if (widget.Kind === 'mySteps') {
            return (
              <KpiTile
                key={key}
                title={widget.Title}
                value={widget.Value}
                href={stepsHref}
                onNavigate={onNavigate}
              />
            );
          }
          const chart = { hrefFor, onNavigate, labels };
          if (widget.Kind === 'pie') return <PieChartWidget key={key} widget={widget} {...chart} />;
          if (widget.Kind === 'line') return <LineChartWidget key={key} widget={widget} {...chart} />;
          return <BarChartWidget key={key} widget={widget} {...chart} />;
        })}
      </div>
    </section>
  );
}
