import { AxisBottom, AxisLeft } from '@visx/axis';
import { scaleLinear, scaleUtc } from '@visx/scale';
import { LinePath } from '@visx/shape';
import type { MouseEvent } from 'react';
import { decimateMinMax } from './decimate';
import { plainTick } from './plain-tick';

/** Props of {@link LineChart}. */
export interface LineChartProps {
  /** Oldest first: each point's day (`yyyy-MM-dd`, the first day of its week for weeks) and count. */
  points: readonly { date: string; value: number }[];
  /** The caption under the dates. */
  axisLabel?: string;
  /** A click on the chart: the point nearest to it in time. */
  onSelect?: (index: number) => void;
  /** Drawing size in SVG units (the chart scales to its box). @default 480 × 240 */
  width?: number;
  height?: number;
}

const MARGIN = { top: 12, right: 16, bottom: 48, left: 44 };
const DAY = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The index of the point whose day is nearest to `ms` (`days` ascending, not empty). */
export function nearestIndex(days: readonly number[], ms: number): number {
  let low = 0;
  let high = days.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (days[middle]! < ms) low = middle + 1;
    else high = middle;
  }
  return low > 0 && ms - days[low - 1]! <= days[low]! - ms ? low - 1 : low;
}

/**
 * The SVG line of a count over time (visx). Hidden from assistive technology: its data, a link per
 * point, are in the table the widget renders beside it; a click is a pointer shortcut to the rows
 * of the nearest point. A long line is drawn through {@link decimateMinMax}: the same shape at the
 * drawing's width with at most four points per SVG unit column.
 */
export function LineChart({ points, axisLabel, onSelect, width = 480, height = 240 }: LineChartProps) {
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const days = points.map((point) => dayOf(point.date));
  const first = days[0] ?? 0;
  const last = days.at(-1) ?? first + DAY;
  const x = scaleUtc<number>({
    domain: [new Date(first), new Date(Math.max(last, first + DAY))],
    range: [0, innerWidth],
  });
  let top = 1;
  for (const point of points) if (point.value > top) top = point.value;
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
  const drawn = decimateMinMax(
    points.map((point) => point.value),
    innerWidth,
  );
  const select = (event: MouseEvent<SVGRectElement>) => {
    if (!onSelect || days.length === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const at = x.invert(((event.clientX - box.left) / (box.width || 1)) * innerWidth).getTime();
    onSelect(nearestIndex(days, at));
  };
  return (
    <svg
      className="procedo-LineChart"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      aria-hidden="true"
      focusable="false"
      data-points={points.length}
      data-drawn-points={drawn.length}
    >
      <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
        <LinePath<number>
          className="procedo-LineChart-line"
          data={drawn}
          x={(index) => x(new Date(days[index]!))}
          y={(index) => y(points[index]!.value)}
        />
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
          numTicks={5}
          tickFormat={(value) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value))}
          tickLabelProps={() => ({ textAnchor: 'middle', fontSize: 10 })}
          {...(axisLabel === undefined ? {} : { label: axisLabel, labelOffset: 16 })}
        />
        {onSelect && (
          // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; keyboards and screen readers use the table's links
          <rect
            className="procedo-LineChart-hit"
            width={innerWidth}
            height={innerHeight}
            fill="transparent"
            onClick={select}
          />
        )}
      </g>
    </svg>
  );
}
