import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatTimepoint } from '../packages/client-api/src/time/timepoint';
import {
  expectNoSeriousAxeViolations,
  formByTitle,
  logOnAndWaitForHome,
  openPage,
  pageCommand,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();
const DAY = 86_400_000;

/** The id of the first deviation (DEV-0001), whose past the demo seeds. */
async function firstDeviationId(page: Page): Promise<number> {
  const result = await page.evaluate(() =>
    fetch('/api/v1/forms/103/search', { credentials: 'same-origin' }).then((r) => r.json()),
  );
  return Math.min(...(result.Rows as { Id: number }[]).map((row) => row.Id));
}

const banner = (page: Page) => page.getByRole('region', { name: 'Time travel' });
const choice = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: 'Time travel' }).getByRole('radio', { name });

describe('reference host: time travel', () => {
  it('opens a seeded deviation as it was 120 days ago, read-only, and returns to the current data', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'supervisor');
    const id = await firstDeviationId(page);
    const timepoint = formatTimepoint(Date.now() - 120 * DAY);
    await page.goto(`/form?WebTemplateNo=103&UGoToItemNo=${id}&Timepoint=${encodeURIComponent(timepoint)}`);
    const deviation = formByTitle(page, 'Deviation');
    await expect.poll(() => deviation.getByLabel('Status').inputValue()).toBe('Investigating');
    expect(await banner(page).textContent()).toContain(`as it was at ${timepoint} UTC`);
    expect(await choice(page, 'Data at a time').getAttribute('aria-checked')).toBe('true');
    // Every control that would change data is off, and says why.
    for (const name of ['Save', 'Delete']) {
      const command = pageCommand(page, name);
      expect(await command.isDisabled()).toBe(true);
      expect(await command.getAttribute('title')).toContain(`as it was at ${timepoint} (UTC)`);
    }
    // The "Signed changes" info box only shows or hides its text: it stays usable. Its button
    // arrives with the info box's code (on demand), so wait for it rather than race it.
    const infoToggle = deviation.getByRole('button', { name: 'Signed changes' });
    await infoToggle.waitFor();
    expect(await infoToggle.isEnabled()).toBe(true);
    const editable = await deviation
      .locator('input:not([type=hidden]), select, textarea, button:not(.procedo-InfoMessageBox-trigger)')
      .evaluateAll((elements) =>
        elements
          .filter((e) => !(e as HTMLInputElement).disabled && !(e as HTMLInputElement).readOnly)
          .map((e) => e.outerHTML.slice(0, 120)),
      );
    expect(editable).toEqual([]);
    expect(await deviation.locator('input, select, textarea').count()).toBeGreaterThan(5);
    await expectNoSeriousAxeViolations(page);

    await choice(page, 'Current data').click();
    await expect.poll(() => deviation.getByLabel('Status').inputValue()).toBe('Closed');
    const url = new URL(page.url());
    expect(url.searchParams.get('Timepoint')).toBe(null);
    expect(url.searchParams.get('TimepointPrev')).toBe(timepoint);
    expect(await banner(page).count()).toBe(0);
    expect(await pageCommand(page, 'Save').isDisabled()).toBe(false);

    // One click back to the timepoint left.
    await choice(page, 'Previous timepoint').click();
    await expect.poll(() => deviation.getByLabel('Status').inputValue()).toBe('Investigating');
    expect(new URL(page.url()).searchParams.get('Timepoint')).toBe(timepoint);

    // Upload too: a file field at a timepoint cannot take a file.
    await page.goto(`/form?WebTemplateNo=105&Timepoint=${encodeURIComponent(timepoint)}`);
    const upload = formByTitle(page, 'Supplier certificate').locator('input[type=file]');
    await upload.waitFor({ state: 'attached' });
    expect(await upload.isDisabled()).toBe(true);

    // Bad input says so instead of showing the current data.
    const before = formatTimepoint(Date.now() - 300 * DAY);
    await page.goto(`/form?WebTemplateNo=103&UGoToItemNo=${id}&Timepoint=${encodeURIComponent(before)}`);
    await page
      .getByRole('alert')
      .filter({ hasText: `did not exist yet at ${before} (UTC)` })
      .waitFor();
    await page.goto(`/form?WebTemplateNo=103&UGoToItemNo=${id}&Timepoint=yesterday`);
    await page.getByRole('alert').filter({ hasText: "Timepoint 'yesterday', which is not a time" }).waitFor();
    expect(await deviation.count()).toBe(0);
    await page.getByRole('link', { name: 'Show the current data' }).click();
    await expect.poll(() => deviation.getByLabel('Status').inputValue()).toBe('Closed');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('says, in Europe/Vienna, which instant a local time skipped or repeated by a daylight-saving change became, and searches at a timepoint', async () => {
    const context = await env.browser.newContext({ baseURL: env.server.url, timezoneId: 'Europe/Vienna' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await logOnAndWaitForHome(page, 'operator');
    await page.goto('/form?WebTemplateNo=101');
    await choice(page, 'Data at a time').click();
    await page.getByLabel('Time (your local time)').fill('2026-03-29 02:30');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '2026-03-29 02:30 does not exist in Europe/Vienna' })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('Timepoint')).toBe('2026-03-29 01:30');
    expect(await banner(page).textContent()).toContain(
      '2026-03-29 01:30 UTC (2026-03-29 03:30 in Europe/Vienna)',
    );
    // And a time the fall-back change repeats: the earlier of the two.
    await page.getByLabel('Time (your local time)').fill('2026-10-25 02:30');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '2026-10-25 02:30 happens twice in Europe/Vienna' })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('Timepoint')).toBe('2026-10-25 00:30');
    expect(new URL(page.url()).searchParams.get('TimepointPrev')).toBe('2026-03-29 01:30');

    // A search list at a timepoint: filtered on the values of then; its rows open at that timepoint.
    // Supplier 2 (seeded) was Blocked from 120 to 7 days ago, and is Conditional now.
    const second = await page.evaluate(() =>
      fetch('/api/v1/forms/102/records/2', { credentials: 'same-origin' }).then((r) => r.json()),
    );
    expect(second.Values.Status).toBe('Conditional');
    const sixtyDaysAgo = formatTimepoint(Date.now() - 60 * DAY);
    await page.goto(`/form?WebTemplateNo=101&Timepoint=${encodeURIComponent(sixtyDaysAgo)}`);
    const search = formByTitle(page, 'Suppliers');
    await search.getByLabel('Name', { exact: true }).fill(second.Values.Name);
    await search.getByLabel('Status', { exact: true }).selectOption('Blocked');
    await pageCommand(page, 'Search').click();
    const link = search.getByRole('grid').getByRole('link', { name: second.Values.Name, exact: true });
    await link.waitFor();
    expect(
      new URL((await link.getAttribute('href')) ?? '', env.server.url).searchParams.get('Timepoint'),
    ).toBe(sixtyDaysAgo);
    // Back at the current data, the same search runs again: the supplier is no longer Blocked.
    await choice(page, 'Current data').click();
    await page.getByText(/^\d+ rows?$/).waitFor();
    expect(await search.getByLabel('Status', { exact: true }).inputValue()).toBe('Blocked');
    expect(await link.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
