import type { Dashboard as DashboardData, SearchFilter } from '@procedo/client-api';
import { BarChartWidget, Dashboard, KpiTile } from '@procedo/forms-react/dashboard';
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

/** Every widget kind: number tiles, my steps, a chart by value and one by week. */
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
