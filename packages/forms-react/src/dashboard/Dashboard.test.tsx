import type { Dashboard as DashboardData, SearchFilter } from '@procedo/client-api';
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
    expect(container.querySelector('table')?.hasAttribute('data-visible')).toBe(true);
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
});
