import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  formByTitle,
  logOnAndWaitForHome,
  openPage,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

describe('reference host: search grids', () => {
  it('scrolls, sorts, counts, exports and opens 2,400 batches from the keyboard, with the view in the address', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'operator');
    // WFRun_AutoRun: the search runs as the page opens.
    await page.goto('/form?WebTemplateNo=111&WFRun_AutoRun=1');
    const grid = formByTitle(page, 'Batches').getByRole('grid', { name: 'Batches found' });
    await grid.locator('[role="row"][aria-rowindex="2"] a').waitFor();

    // Count off: no total is known yet, and the DOM holds the window, not the 2,400 rows.
    expect(await grid.getAttribute('aria-rowcount')).toBe('-1');
    const toggle = page.getByRole('button', { name: 'Count' });
    expect(await toggle.getAttribute('title')).toBe(
      'Count is Off. Click to show a count. (large queries might take a few minutes)',
    );
    await toggle.click();
    await page
      .getByRole('status')
      .filter({ hasText: /^2,400 rows$/ })
      .waitFor();
    expect(await toggle.getAttribute('title')).toBe('Count is On.');
    expect(await grid.getAttribute('aria-rowcount')).toBe('2401');

    // Scrolling far loads the rows there: their aria-rowindex says where they are.
    await grid.evaluate((element) => {
      element.scrollTop = 1000 * 32;
    });
    await grid.locator('[role="row"][aria-rowindex="1001"] a').waitFor();
    expect(await grid.locator('[role="row"]').count()).toBeLessThan(60);

    // A header sorts on the server; the sort goes into the address.
    await grid.evaluate((element) => {
      element.scrollTop = 0;
    });
    await grid.getByRole('columnheader', { name: 'Manufactured on' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'ManufacturedOn');
    await grid.getByRole('columnheader', { name: /Manufactured on/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-ManufacturedOn');
    const dates = async () =>
      grid
        .locator('[role="row"] [aria-colindex="4"]')
        .evaluateAll((cells) => cells.slice(1, 6).map((cell) => cell.textContent ?? ''));
    await expect
      .poll(async () => {
        const shown = await dates();
        return (
          shown.length === 5 && shown.every((date, index) => index === 0 || date <= (shown[index - 1] ?? ''))
        );
      })
      .toBe(true);

    // The export streams the same view: the same first batch, the captions as its header.
    const href = await page.getByRole('link', { name: 'Export to CSV' }).getAttribute('href');
    expect(href).toContain('sort=-ManufacturedOn');
    const csv = await page.evaluate(
      (url) => fetch(url ?? '', { credentials: 'same-origin' }).then((r) => r.text()),
      href,
    );
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('Batch,Product,Supplier,Manufactured on,Quantity (kg),Status');
    expect(lines).toHaveLength(2401);
    const firstBatch = (
      await grid.locator('[role="row"][aria-rowindex="2"] a').first().textContent()
    )?.trim();
    expect(lines[1]?.startsWith(`${firstBatch},`)).toBe(true);

    // The keyboard: one tab stop, arrows move the focused cell, Enter opens the row's record.
    await grid.locator('[role="row"][aria-rowindex="2"] [aria-colindex="2"]').click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => ({
      row: document.activeElement?.closest('[role="row"]')?.getAttribute('aria-rowindex'),
      column: document.activeElement?.closest('[aria-colindex]')?.getAttribute('aria-colindex'),
    }));
    expect(focused).toEqual({ row: '4', column: '2' });
    const third = (await grid.locator('[role="row"][aria-rowindex="4"] a').first().textContent())?.trim();

    // The accessibility tree Chromium gives a screen reader: a grid of rows and cells.
    const tree = await grid.ariaSnapshot();
    expect(tree).toMatch(/^- grid "Batches found"/);
    expect(tree).toContain('- columnheader "Manufactured on');
    expect(tree).toContain('- gridcell');
    await expectNoSeriousAxeViolations(page);

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('WebTemplateNo') === '104');
    await expect.poll(() => formByTitle(page, 'Batch').getByLabel('Batch number').inputValue()).toBe(third);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('opens a shared view: the conditions in the address select exactly those rows', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    const where = { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'equals', Value: 'Rejected' }] };
    await page.goto(`/form?WebTemplateNo=111&where=${encodeURIComponent(JSON.stringify(where))}`);
    const grid = page.getByRole('grid', { name: 'Batches found' });
    await grid.locator('[role="row"][aria-rowindex="2"]').waitFor();
    const statuses = await grid
      .locator('[role="row"] [aria-colindex="6"]')
      .evaluateAll((cells) => cells.slice(1).map((cell) => cell.textContent ?? ''));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Rejected']));
    // A view that cannot be read is said so, and no other rows are shown in its place.
    await page.goto('/form?WebTemplateNo=111&where=%7Bbroken');
    await page.getByRole('alert').filter({ hasText: "The address's 'where' could not be read" }).waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
