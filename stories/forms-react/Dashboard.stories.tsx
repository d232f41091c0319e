import type { Dashboard as DashboardData, LineWidget, PieWidget, SearchFilter } from '@procedo/client-api';
import {
  BarChartWidget,
  Dashboard,
  KpiTile,
  LineChartWidget,
  PieChartWidget,
} from '@procedo/forms-react/dashboard';
import type { Meta, StoryObj } from '@storybook/react-vite';

const notClosed: SearchFilter = {
  Combine: 'and',
  Conditions: [{ Field: 'Status', Op: 'notEquals', Value: 'Closed' }],
};
const and = (field: string, value: string): SearchFilter => ({
  Combine: 'and',
  Conditions: [...notClosed.Conditions, { Field: field, Op: 'equals', Value: value }],
});
const week = (monday: string, sunday: string, value: number) => ({
  Label: monday,
  Value: value,
  Where: {
    Combine: 'and' as const,
    Conditions: [
      { Field: 'Status', Op: 'equals' as const, Value: 'Released' },
      { Field: 'ManufacturedOn', Op: 'between' as const, Value: monday, Value2: sunday },
    ],
  },
});

const supplierStatus = (value: string): SearchFilter => ({
  Combine: 'and',
  Conditions: [{ Field: 'Status', Op: 'equals', Value: value }],
});
const SUPPLIERS: PieWidget = {
  Kind: 'pie',
  Title: 'Suppliers by approval status',
  WebTemplateNo: 101,
  GroupBy: 'Status',
  GroupLabel: 'Status',
  Slices: [
    { Label: 'Approved', Value: 61, Where: supplierStatus('Approved') },
    { Label: 'Conditionally approved', Value: 23, Where: supplierStatus('Conditionally approved') },
    { Label: 'Blocked', Value: 12, Where: supplierStatus('Blocked') },
    { Label: 'In review', Value: 7, Where: supplierStatus('In review') },
    { Label: '(none)', Value: 2, Where: { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'empty' }] } },
  ],
};
/** A made-up but fixed count per day: a weekly rhythm, a slow trend and a few gaps. */
const perDay = (days: number): LineWidget => ({
  Kind: 'line',
  Title: 'Batches manufactured per day',
  WebTemplateNo: 111,
  GroupBy: 'ManufacturedOn',
  GroupLabel: 'Manufactured on',
  Bucket: 'day',
  Where: null,
  Points: Array.from({ length: days }, (_, i) => ({
    Date: new Date(Date.UTC(2025, 7, 24) - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    Value: i % 7 >= 5 ? 0 : 3 + ((i * 37) % 11) + Math.floor(i / 60),
  })),
});

/** Fixed data, so the stories compare from run to run. */
const QUALITY: DashboardData = {
  Id: 1,
  Title: 'Quality overview',
  Timepoint: null,
  Widgets: [
    { Kind: 'kpi', Title: 'Open deviations', Value: 212, WebTemplateNo: 112, Where: notClosed },
    { Kind: 'mySteps', Title: 'My open process steps', Value: 3 },
    {
      Kind: 'bar',
      Title: 'Open deviations by severity',
      WebTemplateNo: 112,
      GroupBy: 'Severity',
      GroupLabel: 'Severity',
      Bars: [
        { Label: 'Minor', Value: 104, Where: and('Severity', 'Minor') },
        { Label: 'Major', Value: 57, Where: and('Severity', 'Major') },
        { Label: 'Critical', Value: 51, Where: and('Severity', 'Critical') },
      ],
    },
    {
      Kind: 'bar',
      Title: 'Batches released per week (week of manufacture)',
      WebTemplateNo: 111,
      GroupBy: 'ManufacturedOn',
      GroupLabel: 'Week of Manufactured on',
      Bars: [
        week('2025-06-30', '2025-07-06', 14),
        week('2025-07-07', '2025-07-13', 19),
        week('2025-07-14', '2025-07-20', 11),
        week('2025-07-21', '2025-07-27', 0),
        week('2025-07-28', '2025-08-03', 22),
        week('2025-08-04', '2025-08-10', 17),
        week('2025-08-11', '2025-08-17', 9),
        week('2025-08-18', '2025-08-24', 6),
      ],
    },
    perDay(90),
    SUPPLIERS,
  ],
};

const hrefFor = (no: number, where: SearchFilter | null) =>
  `/form?WebTemplateNo=${no}${where ? `&where=${encodeURIComponent(JSON.stringify(where))}` : ''}`;

const meta = {
  title: 'forms-react/Dashboard',
  component: Dashboard,
  args: { dashboard: QUALITY, hrefFor, stepsHref: '/#processes', onNavigate: () => {} },
} satisfies Meta<typeof Dashboard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every widget kind: number tiles, my steps, bars by value and by week, a line per day, a pie. */
export const Default: Story = {};

/** While `v1.dashboards.get` runs. */
export const Loading: Story = { args: { dashboard: null, isLoading: true } };

/** The dashboard could not be loaded. */
export const LoadError: Story = { args: { dashboard: null, error: 'The dashboard could not be loaded.' } };

/** Every widget was left out (the user may see none of their fields). */
export const Empty: Story = { args: { dashboard: { ...QUALITY, Widgets: [] } } };

/** One number tile. */
export const Tile: Story = {
  render: () => <KpiTile title="Open deviations" value={212} href={hrefFor(112, notClosed)} />,
};

/** One bar chart, its table reachable with "Show as table" (and by keyboard focus). */
export const BarChart: Story = {
  render: () => {
    const widget = QUALITY.Widgets[2];
    // biome-ignore lint/complexity/noUselessFragments: a story renders an element, never null
    return widget?.Kind === 'bar' ? <BarChartWidget widget={widget} hrefFor={hrefFor} /> : <></>;
  },
};

/** Right to left. */
export const RightToLeft: Story = {
  decorators: [
    (Story) => (
      <div dir="rtl">
        <Story />
      </div>
    ),
  ],
};

/** One pie chart with a legend; its table adds each slice's share. */
export const PieChart: Story = {
  render: () => <PieChartWidget widget={SUPPLIERS} hrefFor={hrefFor} />,
};

/** One line of 90 days; a click on it opens the nearest day's rows. */
export const LineChart: Story = {
  render: () => <LineChartWidget widget={perDay(90)} hrefFor={hrefFor} />,
};

/**
 * A line of 10,000 days drawn through at most four points per column; its table shows 100 rows at a
 * time, the newest first, with Previous rows / Next rows.
 */
export const LongLine: Story = {
  render: () => <LineChartWidget widget={perDay(10_000)} hrefFor={hrefFor} />,
};
