// The page chart-bench.mjs loads: the issue's chart workload (4 KPI tiles, a line of 10,000
// points, 12 bars, a pie of 5) held in the page, drawn by the package's Dashboard (each chart with
// its table, a long one a page at a time) and, as the floor, by plain hand-written SVG (no library, no tables, no links).
// Everything runs on window.bench so the bench drives it.
import type { Dashboard as DashboardData, SearchFilter } from '@procedo/client-api';
import { createRoot, type Root } from 'react-dom/client';
import { Dashboard } from '../../packages/forms-react/src/dashboard/Dashboard';

const DAY = 86_400_000;
const where = (value: string): SearchFilter => ({
  Combine: 'and',
  Conditions: [{ Field: 'Status', Op: 'equals', Value: value }],
});
const LINE = Array.from({ length: 10_000 }, (_, i) => ({
  Date: new Date(Date.UTC(1999, 0, 4) + i * DAY).toISOString().slice(0, 10),
  Value: Math.round(50 + 30 * Math.sin(i / 40) + ((i * 7919) % 23)),
}));
const BARS = Array.from({ length: 12 }, (_, i) => ({ Label: `Week ${i + 1}`, Value: 10 + ((i * 37) % 29) }));
const SLICES = ['Approved', 'Conditionally approved', 'Blocked', 'In review', 'New'].map((label, i) => ({
  Label: label,
  Value: [61, 23, 12, 7, 4][i]!,
}));
const DATA: DashboardData = {
  Id: 1,
  Title: 'Bench',
  Timepoint: null,
  Widgets: [
    ...['Open deviations', 'Released batches', 'Blocked suppliers', 'Open CAPAs'].map((title, i) => ({
      Kind: 'kpi' as const,
      Title: title,
      Value: 100 + i,
      WebTemplateNo: 112,
      Where: null,
    })),
    {
      Kind: 'line',
      Title: 'Batches per day',
      WebTemplateNo: 111,
      GroupBy: 'ManufacturedOn',
      GroupLabel: 'Manufactured on',
      Bucket: 'day',
      Where: null,
      Points: LINE,
    },
    {
      Kind: 'bar',
      Title: 'Batches per week',
      WebTemplateNo: 111,
      GroupBy: 'Week',
      GroupLabel: 'Week',
      Bars: BARS.map((bar) => ({ ...bar, Where: where(bar.Label) })),
    },
    {
      Kind: 'pie',
      Title: 'Suppliers by status',
      WebTemplateNo: 101,
      GroupBy: 'Status',
      GroupLabel: 'Status',
      Slices: SLICES.map((slice) => ({ ...slice, Where: where(slice.Label) })),
    },
  ],
};
const hrefFor = (no: number, filter: SearchFilter | null) =>
  `/form?WebTemplateNo=${no}${filter ? `&where=${encodeURIComponent(JSON.stringify(filter))}` : ''}`;

/** The floor: the same figures as plain SVG, the line one polyline of every point. */
function Floor() {
  const width = 480;
  const height = 240;
  const top = Math.max(...LINE.map((point) => point.Value));
  const line = LINE.map(
    (point, i) => `${(i / (LINE.length - 1)) * width},${height - (point.Value / top) * height}`,
  ).join(' ');
  const barTop = Math.max(...BARS.map((bar) => bar.Value));
  const total = SLICES.reduce((sum, slice) => sum + slice.Value, 0);
  let angle = 0;
  const arcs = SLICES.map((slice) => {
    const start = angle;
    angle += (slice.Value / total) * 2 * Math.PI;
    const [x0, y0, x1, y1] = [Math.sin(start), -Math.cos(start), Math.sin(angle), -Math.cos(angle)].map(
      (v) => v * 100,
    );
    return `M0,0L${x0},${y0}A100,100 0 ${angle - start > Math.PI ? 1 : 0} 1 ${x1},${y1}Z`;
  });
  return (
    <div>
      {['Open deviations', 'Released batches', 'Blocked suppliers', 'Open CAPAs'].map((title, i) => (
        <div key={title}>
          <b>{100 + i}</b> {title}
        </div>
      ))}
      <svg data-floor="line" viewBox={`0 0 ${width} ${height}`} width={width}>
        <title>Line</title>
        <polyline points={line} fill="none" stroke="#2f5d9f" />
      </svg>
      <svg data-floor="bars" viewBox={`0 0 ${width} ${height}`} width={width}>
        <title>Bars</title>
        {BARS.map((bar, i) => (
          <rect
            key={bar.Label}
            x={i * 40}
            width={30}
            y={height - (bar.Value / barTop) * height}
            height={(bar.Value / barTop) * height}
            fill="#2f5d9f"
          />
        ))}
      </svg>
      <svg data-floor="pie" viewBox="-100 -100 200 200" width={240}>
        <title>Pie</title>
        {arcs.map((d, i) => (
          <path key={SLICES[i]!.Label} d={d} fill="#2f5d9f" stroke="#fff" />
        ))}
      </svg>
    </div>
  );
}

const host = document.getElementById('root') as HTMLElement;
let root: Root | null = null;
const until = (check: () => boolean) =>
  new Promise<void>((resolve) => {
    if (check()) return resolve();
    const observer = new MutationObserver(() => {
      if (check()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(host, { subtree: true, childList: true, attributes: true });
  });
/** Resolves after the next frame is painted (a task queued from rAF runs after the paint). */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

Object.assign(window, {
  bench: {
    reset() {
      root?.unmount();
      root = createRoot(host);
    },
    /** ms from render to the painted frame with every tile and chart (and its table) drawn. */
    async procedo() {
      const t0 = performance.now();
      root?.render(<Dashboard dashboard={DATA} hrefFor={hrefFor} />);
      await until(
        () =>
          host.querySelectorAll('.procedo-KpiTile').length === 4 &&
          host.querySelector('svg.procedo-LineChart path.procedo-LineChart-line') !== null &&
          host.querySelectorAll('svg.procedo-BarChart rect.procedo-BarChart-bar').length === 12 &&
          host.querySelectorAll('svg.procedo-PieChart path.procedo-PieChart-slice').length === 5,
      );
      await painted();
      return { drawn: performance.now() - t0, nodes: host.querySelectorAll('*').length };
    },
    async floor() {
      const t0 = performance.now();
      root?.render(<Floor />);
      await until(() => host.querySelector('svg[data-floor="pie"] path') !== null);
      await painted();
      return { drawn: performance.now() - t0, nodes: host.querySelectorAll('*').length };
    },
  },
});
