import type { PieWidget } from '@procedo/client-api';
import { useMemo } from 'react';
import { type ChartOfWidgetProps, ChartWidget } from './ChartWidget';
import { shareText } from './charts/share';

/** Props of {@link PieChartWidget}. */
export type PieChartWidgetProps = ChartOfWidgetProps<PieWidget>;

/**
 * A pie chart with its data as a real table ({@link ChartWidget}: each slice's count a link to the
 * grid of exactly its rows, and its share); a click on a slice opens them too.
 */
export function PieChartWidget({ widget, hrefFor, onNavigate, labels }: PieChartWidgetProps) {
  const slices = widget.Slices;
  const rows = useMemo(() => {
    const total = slices.reduce((sum, slice) => sum + slice.Value, 0);
    return slices.map((slice) => ({
      label: slice.Label,
      value: slice.Value,
      share: shareText(slice.Value, total),
    }));
  }, [slices]);
  return (
    <ChartWidget
      kind="pie"
      title={widget.Title}
      groupLabel={widget.GroupLabel}
      rows={rows}
      hrefOf={(index) => hrefFor(widget.WebTemplateNo, slices[index]!.Where)}
      draw={(charts, select) => (
        <charts.PieChart
          slices={slices.map(({ Label, Value }) => ({ label: Label, value: Value }))}
          onSelect={select}
        />
      )}
      onNavigate={onNavigate}
      labels={labels}
    />
  );
}
