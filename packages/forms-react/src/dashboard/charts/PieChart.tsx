import { Pie } from '@visx/shape';
import { shareText } from './share';

/** Props of {@link PieChart}. */
export interface PieChartProps {
  slices: readonly { label: string; value: number }[];
  /** A click on slice `index` (or its legend entry). */
  onSelect?: (index: number) => void;
  /** Drawing size in SVG units (the chart scales to its box). @default 480 × 240 */
  width?: number;
  height?: number;
}

/** Slice colours, each at least 3:1 against white (WCAG 1.4.11); more slices repeat them. */
export const PIE_COLOURS = [
  '#2f5d9f',
  '#c2571a',
  '#2e7d4f',
  '#8e44ad',
  '#9a6b00',
  '#c0392b',
  '#16738f',
  '#6b4f2a',
] as const;

const LEGEND_ROW = 22;

/**
 * The SVG slices of a pie chart (visx) with a legend (label, count, share). Hidden from assistive
 * technology: its data, a link per slice, are in the table the widget renders beside it; a click on
 * a slice or its legend entry is a pointer shortcut to its rows. Empty slices are left out of the
 * drawing (they stay in the table).
 */
export function PieChart({ slices, onSelect, width = 480, height = 240 }: PieChartProps) {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const radius = Math.min(height, width / 2) / 2 - 8;
  const shown = slices.map((slice, index) => ({ ...slice, index })).filter((slice) => slice.value > 0);
  const colour = (index: number) => PIE_COLOURS[index % PIE_COLOURS.length];
  const legendTop = Math.max(8, height / 2 - (slices.length * LEGEND_ROW) / 2);
  return (
    <svg
      className="procedo-PieChart"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      aria-hidden="true"
      focusable="false"
      data-slices={shown.length}
    >
      <g transform={`translate(${radius + 8},${height / 2})`}>
        <Pie
          data={shown}
          pieValue={(slice) => slice.value}
          pieSort={null}
          pieSortValues={null}
          outerRadius={radius}
        >
          {(pie) =>
            pie.arcs.map((arc) => (
              // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; keyboards and screen readers use the table's links
              <path
                key={arc.data.index}
                className="procedo-PieChart-slice"
                data-label={arc.data.label}
                d={pie.path(arc) ?? ''}
                fill={colour(arc.data.index)}
                onClick={onSelect ? () => onSelect(arc.data.index) : undefined}
              >
                <title>{`${arc.data.label}: ${arc.data.value} (${shareText(arc.data.value, total)})`}</title>
              </path>
            ))
          }
        </Pie>
      </g>
      <g transform={`translate(${2 * radius + 32},${legendTop})`} fontSize={12}>
        {slices.map((slice, index) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; keyboards and screen readers use the table's links
          <g
            key={slice.label}
            className="procedo-PieChart-legend"
            transform={`translate(0,${index * LEGEND_ROW})`}
            onClick={onSelect ? () => onSelect(index) : undefined}
          >
            <rect width={12} height={12} y={-10} fill={colour(index)} />
            <text x={18}>{`${slice.label}: ${slice.value} (${shareText(slice.value, total)})`}</text>
          </g>
        ))}
      </g>
    </svg>
  );
}
