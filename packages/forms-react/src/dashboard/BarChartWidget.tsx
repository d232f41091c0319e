import type { BarWidget } from '@procedo/client-api';
import { useMemo } from 'react';
import { type ChartOfWidgetProps, ChartWidget } from './ChartWidget';

/** Props of {@link BarChartWidget}. */
export type BarChartWidgetProps = ChartOfWidgetProps<BarWidget>;

/**
 * A bar chart with its data as a real table ({@link ChartWidget}): each count a link to the grid
 * of exactly its rows; a click on a bar opens them too.
 */
export function BarChartWidget({ widget, hrefFor, onNavigate, labels }: BarChartWidgetProps) {
  const bars = widget.Bars;
  const rows = useMemo(() => bars.map((bar) => ({ label: bar.Label, value: bar.Value })), [bars]);
  return (
    <ChartWidget
      kind="bar"
      title={widget.Title}
      groupLabel={widget.GroupLabel}
      rows={rows}
      hrefOf={(index) => hrefFor(widget.WebTemplateNo, bars[index]!.Where)}
      draw={(charts, select) => (
        <charts.BarChart
          bars={bars.map(({ Label, Value }) => ({ label: Label, value: Value }))}
          axisLabel={widget.GroupLabel}
          onSelect={select}
        />
      )}
      onNavigate={onNavigate}
      labels={labels}
    />
  );
}
