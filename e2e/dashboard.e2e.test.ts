import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatTimepoint } from '../packages/client-api/src/time/timepoint';
import {
  expectNoSeriousAxeViolations,
  logOn,
  logOnAndWaitForHome,
  openPage,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

const overview = (page: Page) => page.getByRole('region', { name: 'Quality overview' });

describe('reference host: dashboards', () => {
  it('shows the quality overview on the home page; a chart’s table link opens the grid of exactly its rows', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'supervisor');
    const dashboard = overview(page);
    await dashboard.getByRole('article', { name: 'My open process steps' }).waitFor();
    // The chart code arrives on demand: its SVG is drawn, hidden from assistive technology.
    const chart = dashboard.locator('svg.procedo-BarChart').first();
    await chart.waitFor();
    await dashboard.locator('svg.procedo-PieChart path.procedo-PieChart-slice').first().waitFor();
    await dashboard.locator('svg.procedo-LineChart path.procedo-LineChart-line').waitFor();
    const drawings = dashboard.locator('svg:is(.procedo-BarChart, .procedo-PieChart, .procedo-LineChart)');
    expect(await drawings.count()).toBe(4);
    for (const drawing of await drawings.all()) {
      expect(await drawing.getAttribute('aria-hidden')).toBe('true');
    }
    await expectNoSeriousAxeViolations(page);

    const table = dashboard.getByRole('table', { name: 'Suppliers by approval status' });
    const blocked = table.getByRole('link', { name: /records: Blocked$/ });
    // Keyboard users reach the table's links; the table shows while focus is in it.
    await blocked.focus();
    expect(await blocked.isVisible()).toBe(true);
    const count = Number(await blocked.textContent());
    await blocked.press('Enter');
    await page.waitForURL(/\/form\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('WebTemplateNo')).toBe('101');
    expect(JSON.parse(url.searchParams.get('where') ?? 'null')).toEqual({
      Combine: 'and',
      Conditions: [{ Field: 'Status', Op: 'equals', Value: 'Blocked' }],
    });
    // The same rows the bar counted, through the search the grid uses.
    const total = await page.evaluate(() =>
      fetch('/api/v1/forms/101/search?Status=Blocked&pageSize=1', { credentials: 'same-origin' })
        .then((r) => r.json())
        .then((body: { Total: number }) => body.Total),
    );
    expect(count).toBe(total);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a visitor of /dashboard?id=1 logs on and sees the dashboard, its calls made once at the page load', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/v1/')) calls.push(pathname);
    });
    // Signed out: the page load reads the session and the dashboard at once; both answer 401.
    await page.goto('/dashboard?id=1');
    await page.waitForURL((url) => url.pathname === '/logon');
    expect(calls.filter((call) => call === '/api/v1/dashboards/1')).toHaveLength(1);
    // After the logon (the same page load) the dashboard is read again, not the 401 from before.
    await logOn(page, { userName: 'supervisor' });
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await overview(page).getByRole('article', { name: 'My open process steps' }).waitFor();
    await overview(page).locator('svg.procedo-BarChart').first().waitFor();
    expect(calls.filter((call) => call === '/api/v1/dashboards/1')).toHaveLength(2);
    expect(await page.getByText('The dashboard could not be loaded.', { exact: false }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a signed-in load of /dashboard?id=1 reads the session and the dashboard once each, started by the entry', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'supervisor');
    const sent: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/v1/')) sent.push(pathname);
    });
    await page.goto('/dashboard?id=1');
    await overview(page).getByRole('article', { name: 'My open process steps' }).waitFor();
    await overview(page).locator('svg.procedo-BarChart').first().waitFor();
    // The entry sent these two first, and the v1 client took them over instead of sending its own.
    expect(sent.filter((call) => call === '/api/v1/session')).toHaveLength(1);
    expect(sent.filter((call) => call === '/api/v1/dashboards/1')).toHaveLength(1);
    expect(sent.slice(0, 2).sort()).toEqual(['/api/v1/dashboards/1', '/api/v1/session']);
    // A click at the right end of the line opens the rows of its newest day.
    const hit = overview(page).locator('svg.procedo-LineChart rect.procedo-LineChart-hit');
    const box = (await hit.boundingBox())!;
    await hit.click({ position: { x: box.width - 1, y: box.height / 2 } });
    await page.waitForURL(/\/form\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('WebTemplateNo')).toBe('111');
    const day = JSON.parse(url.searchParams.get('where') ?? 'null').Conditions.at(-1);
    expect(day).toMatchObject({ Field: 'ManufacturedOn', Op: 'between' });
    expect(day.Value2).toBe(day.Value);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('/dashboard?id=1 at a Timepoint shows the banner, and a click on a bar keeps the Timepoint', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'supervisor');
    // A minute from now: the seeded records are there, and the page is in time travel all the same.
    const timepoint = formatTimepoint(Date.now() + 60_000);
    await page.goto(`/dashboard?id=1&Timepoint=${encodeURIComponent(timepoint)}`);
    await page.getByRole('region', { name: 'Time travel' }).waitFor();
    const bar = overview(page).locator('svg.procedo-BarChart rect.procedo-BarChart-bar').first();
    await bar.waitFor();
    await bar.click();
    await page.waitForURL(/\/form\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('Timepoint')).toBe(timepoint);
    expect(url.searchParams.get('where')).not.toBeNull();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
