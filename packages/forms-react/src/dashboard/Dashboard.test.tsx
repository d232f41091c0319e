import {
  type Dashboard as DashboardData,
  type LineWidget,
  linePointWhere,
  type SearchFilter,
} from '@procedo/client-api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { Dashboard } from './Dashboard';

const open: SearchFilter = {
  Combine: 'and',
  Conditions: [{ Field: 'Status', Op: 'notEquals', Value: 'Closed' }],
};
const severity = (value: string): SearchFilter => ({
  Combine: 'and',
  Conditions: [...open.Conditions, { Field: 'Severity', Op: 'equals', Value: value }],
});

const DATA: DashboardData = {
  Id: 1,
  Title: 'Quality overview',
  Timepoint: null,
  Widgets: [
    { Kind: 'kpi', Title: 'Open deviations', Value: 7, WebTemplateNo: 112, Where: open },
    { Kind: 'mySteps', Title: 'My open process steps', Value: 2 },
    {
      Kind: 'bar',
      Title: 'Open deviations by severity',
      WebTemplateNo: 112,
      GroupBy: 'Severity',
      GroupLabel: 'Severity',
      Bars: [
        { Label: 'Minor', Value: 4, Where: severity('Minor') },
        { Label: 'Major', Value: 2, Where: severity('Major') },
        { Label: 'Critical', Value: 1, Where: severity('Critical') },
      ],
    },
  ],
};

const status = (value: string): SearchFilter => ({
  Combine: 'and',
  Conditions: [{ Field: 'Status', Op: 'equals', Value: value }],
});
const PIE: DashboardData['Widgets'][number] = {
  Kind: 'pie',
  Title: 'Suppliers by approval status',
  WebTemplateNo: 101,
  GroupBy: 'Status',
  GroupLabel: 'Status',
  Slices: [
    { Label: 'Approved', Value: 6, Where: status('Approved') },
    { Label: 'Conditionally approved', Value: 0, Where: status('Conditionally approved') },
    { Label: 'Blocked', Value: 2, Where: status('Blocked') },
  ],
};
const DAY = 86_400_000;
const lineOf = (count: number): LineWidget => ({
  Kind: 'line',
  Title: 'Batches per day',
  WebTemplateNo: 111,
  GroupBy: 'ManufacturedOn',
  GroupLabel: 'Manufactured on',
  Bucket: 'day',
  Where: status('Released'),
  Points: Array.from({ length: count }, (_, i) => ({
    Date: new Date(Date.UTC(2000, 0, 1) + i * DAY).toISOString().slice(0, 10),
    Value: (i * 7) % 13,
  })),
});
const withWidgets = (...widgets: DashboardData['Widgets']): DashboardData => ({ ...DATA, Widgets: widgets });

const hrefFor = (no: number, where: SearchFilter | null) =>
  `/form?WebTemplateNo=${no}${where ? `&where=${encodeURIComponent(JSON.stringify(where))}` : ''}`;

async function expectNoAxeViolations(container: HTMLElement) {
  // jsdom computes no layout or colours: contrast is checked in Chromium (e2e/dashboard.e2e.test.ts).
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('Dashboard', () => {
  it('shows each tile as one link to its rows, named by its title and count', () => {
    render(<Dashboard dashboard={DATA} hrefFor={hrefFor} stepsHref="/#processes" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Quality overview' })).toBeTruthy();
    const tile = screen.getByRole('article', { name: 'Open deviations' });
    const link = within(tile).getByRole('link');
    expect(link.textContent).toBe('7Open deviations');
    expect(link.getAttribute('href')).toBe(hrefFor(112, open));
    const steps = within(screen.getByRole('article', { name: 'My open process steps' })).getByRole('link');
    expect(steps.getAttribute('href')).toBe('/#processes');
  });

  it('renders every chart as a table captioned with its title, each count a link to exactly its rows', () => {
    render(<Dashboard dashboard={DATA} hrefFor={hrefFor} />);
    const table = screen.getByRole('table', { name: 'Open deviations by severity' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Minor4', 'Major2', 'Critical1']);
    const major = within(table).getByRole('link', { name: '2 records: Major' });
    expect(major.getAttribute('href')).toBe(hrefFor(112, severity('Major')));
  });

  it('loads the chart drawing lazily, hidden from assistive technology, and a click on a bar opens its rows', async () => {
    const onNavigate = vi.fn();
    const { container } = render(<Dashboard dashboard={DATA} hrefFor={hrefFor} onNavigate={onNavigate} />);
    await waitFor(() => expect(container.querySelector('svg.procedo-BarChart')).not.toBeNull());
    const svg = container.querySelector('svg.procedo-BarChart')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    const bars = svg.querySelectorAll('rect.procedo-BarChart-bar');
    expect([...bars].map((bar) => bar.getAttribute('data-label'))).toEqual(['Minor', 'Major', 'Critical']);
    await userEvent.click(bars[2]!);
    expect(onNavigate).toHaveBeenCalledWith(hrefFor(112, severity('Critical')));
  });

  it('hands a plain click on a table link to the host’s router', async () => {
    const onNavigate = vi.fn();
    render(<Dashboard dashboard={DATA} hrefFor={hrefFor} onNavigate={onNavigate} />);
    await userEvent.click(screen.getByRole('link', { name: '4 records: Minor' }));
    expect(onNavigate).toHaveBeenCalledWith(hrefFor(112, severity('Minor')));
  });

  it('shows the table instead of the chart with "Show as table"', async () => {
    const { container } = render(<Dashboard dashboard={DATA} hrefFor={hrefFor} />);
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(container.querySelector('.procedo-ChartWidget-data')?.hasAttribute('data-visible')).toBe(true);
    expect(container.querySelector('svg.procedo-BarChart')).toBeNull();
  });

  it('announces loading and shows an error as an alert', () => {
    const { rerender } = render(<Dashboard isLoading hrefFor={hrefFor} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the dashboard…');
    rerender(<Dashboard error="The dashboard could not be loaded." hrefFor={hrefFor} />);
    expect(screen.getByRole('alert').textContent).toBe('The dashboard could not be loaded.');
  });

  it('has no axe violations, with the chart drawn and with the table shown', async () => {
    const { container } = render(<Dashboard dashboard={DATA} hrefFor={hrefFor} />);
    await waitFor(() => expect(container.querySelector('svg.procedo-BarChart')).not.toBeNull());
    await expectNoAxeViolations(container);
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    await expectNoAxeViolations(container);
  });

  it('draws a pie of the non-empty slices; its table lists every slice with its share, each count a link', async () => {
    const onNavigate = vi.fn();
    const { container } = render(
      <Dashboard dashboard={withWidgets(PIE)} hrefFor={hrefFor} onNavigate={onNavigate} />,
    );
    const table = screen.getByRole('table', { name: 'Suppliers by approval status' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Status', 'Count', 'Share']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Approved675 %', 'Conditionally approved00 %', 'Blocked225 %']);
    expect(within(table).getByRole('link', { name: '2 records: Blocked' }).getAttribute('href')).toBe(
      hrefFor(101, status('Blocked')),
    );
    await waitFor(() => expect(container.querySelector('svg.procedo-PieChart')).not.toBeNull());
    const svg = container.querySelector('svg.procedo-PieChart')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    const slices = [...svg.querySelectorAll('path.procedo-PieChart-slice')];
    expect(slices.map((slice) => slice.getAttribute('data-label'))).toEqual(['Approved', 'Blocked']);
    await userEvent.click(slices[1]!);
    expect(onNavigate).toHaveBeenCalledWith(hrefFor(101, status('Blocked')));
    await expectNoAxeViolations(container);
  });

  it('draws a line; its table has a row per point, each count a link to exactly that day’s rows', async () => {
    const onNavigate = vi.fn();
    const line = lineOf(30);
    const { container } = render(
      <Dashboard dashboard={withWidgets(line)} hrefFor={hrefFor} onNavigate={onNavigate} />,
    );
    const table = screen.getByRole('table', { name: 'Batches per day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows[2]!.textContent).toBe('2000-01-031');
    const link = within(rows[2]!).getByRole('link');
    expect(link.getAttribute('href')).toBe(hrefFor(111, linePointWhere(line, line.Points[2]!)));
    await waitFor(() => expect(container.querySelector('svg.procedo-LineChart')).not.toBeNull());
    const svg = container.querySelector('svg.procedo-LineChart')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.querySelector('path.procedo-LineChart-line')?.getAttribute('d')).toMatch(/^M/);
    // jsdom has no layout: a click lands at the chart's left edge, the oldest point.
    await userEvent.click(svg.querySelector('rect.procedo-LineChart-hit')!);
    expect(onNavigate).toHaveBeenCalledWith(hrefFor(111, linePointWhere(line, line.Points[0]!)));
    await expectNoAxeViolations(container);
  });

  it('draws a line of 3,000 points through at most four points a column; its table pages through them, newest first', async () => {
    const line = lineOf(3_000);
    const { container } = render(<Dashboard dashboard={withWidgets(line)} hrefFor={hrefFor} />);
    await waitFor(() => expect(container.querySelector('svg.procedo-LineChart')).not.toBeNull());
    const svg = container.querySelector('svg.procedo-LineChart')!;
    expect(svg.getAttribute('data-points')).toBe('3000');
    // 480 units wide less the margins: 420 columns.
    expect(Number(svg.getAttribute('data-drawn-points'))).toBeLessThanOrEqual(4 * 420);
    const table = screen.getByRole('table', { name: 'Batches per day' });
    const dates = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(dates()).toEqual(line.Points.slice(2_900).map((point) => point.Date));
    expect(screen.getByText('Rows 2,901–3,000 of 3,000')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next rows' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(next);
    expect(dates()[0]).toBe(line.Points[2_900]!.Date);
    await userEvent.click(screen.getByRole('button', { name: 'Previous rows' }));
    expect(dates()).toEqual(line.Points.slice(2_800, 2_900).map((point) => point.Date));
    expect(screen.getByText('Rows 2,801–2,900 of 3,000').getAttribute('aria-live')).toBe('polite');
    const point = line.Points[2_850]!;
    const link = within(table).getByRole('link', { name: `${point.Value} records: ${point.Date}` });
    expect(link.getAttribute('href')).toBe(hrefFor(111, linePointWhere(line, point)));
    await expectNoAxeViolations(container);
  });
});
