import { AxisBottom, AxisLeft } from '@visx/axis';
import { scaleBand, scaleLinear } from '@visx/scale';
import { plainTick } from './plain-tick';

/** Props of {@link BarChart}. */
export interface BarChartProps {
  bars: readonly { label: string; value: number }[];
  /** The caption under the categories. */
  axisLabel?: string;
  /** A click on bar `index`. */
  onSelect?: (index: number) => void;
  /** Drawing size in SVG units (the chart scales to its box). @default 480 × 240 */
  width?: number;
  height?: number;
}

const MARGIN = { top: 12, right: 12, bottom: 64, left: 44 };
/** Below the bars when their labels are slanted: the labels' length, then the axis caption. */
const SLANTED_BOTTOM = 84;

/**
 * The SVG bars of a bar chart (visx). Hidden from assistive technology: its data, and a link per
 * bar, are in the table the widget renders beside it; a click on a bar is a pointer shortcut.
 */
export function BarChart({ bars, axisLabel, onSelect, width = 480, height = 240 }: BarChartProps) {
  const rotate = bars.length > 6;
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - (rotate ? SLANTED_BOTTOM : MARGIN.bottom);
  const x = scaleBand<number>({ domain: bars.map((_, i) => i), range: [0, innerWidth], padding: 0.2 });
  const top = Math.max(1, ...bars.map((bar) => bar.value));
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
  return (
    <svg
      className="procedo-BarChart"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      aria-hidden="true"
      focusable="false"
      data-bars={bars.length}
    >
      <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
        {bars.map((bar, i) => {
          const barHeight = innerHeight - (y(bar.value) ?? innerHeight);
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; keyboards and screen readers use the table's links
            <rect
              key={bar.label}
              className="procedo-BarChart-bar"
              data-label={bar.label}
              x={x(i)}
              y={innerHeight - barHeight}
              width={x.bandwidth()}
              height={barHeight}
              onClick={onSelect ? () => onSelect(i) : undefined}
            >
              <title>{`${bar.label}: ${bar.value}`}</title>
            </rect>
          );
        })}
        <AxisLeft
          tickComponent={plainTick}
          scale={y}
          numTicks={Math.min(5, top)}
          tickFormat={(value) => String(value)}
        />
        <AxisBottom
          tickComponent={plainTick}
          scale={x}
          top={innerHeight}
          tickFormat={(i) => bars[Number(i)]?.label ?? ''}
          tickLabelProps={() =>
            rotate
              ? { angle: -40, textAnchor: 'end', fontSize: 10, dy: '0.25em' }
              : { textAnchor: 'middle', fontSize: 11 }
          }
          {...(axisLabel === undefined ? {} : { label: axisLabel, labelOffset: rotate ? 48 : 20 })}
        />
      </g>
    </svg>
  );
}
