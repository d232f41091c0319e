import { type LineWidget, linePointWhere } from '@procedo/client-api';
import { useMemo } from 'react';
import { type ChartOfWidgetProps, ChartWidget } from './ChartWidget';

/** Props of {@link LineChartWidget}. */
export type LineChartWidgetProps = ChartOfWidgetProps<LineWidget>;

/**
 * A line of counts over time with its data as a real table ({@link ChartWidget}): a row per day or
 * week, each count a link to the grid of exactly its rows (`linePointWhere`); a click on the chart
 * opens the rows of the nearest point. A long line's table opens at its newest page.
 */
export function LineChartWidget({ widget, hrefFor, onNavigate, labels }: LineChartWidgetProps) {
  const points = widget.Points;
  const rows = useMemo(() => points.map((point) => ({ label: point.Date, value: point.Value })), [points]);
  const drawn = useMemo(() => points.map((point) => ({ date: point.Date, value: point.Value })), [points]);
  return (
    <ChartWidget
      kind="line"
      title={widget.Title}
      groupLabel={widget.GroupLabel}
      rows={rows}
      startAtEnd
      hrefOf={(index) => hrefFor(widget.WebTemplateNo, linePointWhere(widget, points[index]!))}
      draw={(charts, select) => (
        <charts.LineChart points={drawn} axisLabel={widget.GroupLabel} onSelect={select} />
      )}
      onNavigate={onNavigate}
      labels={labels}
    />
  );
}
