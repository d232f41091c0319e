import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  formByTitle,
  logOnAndWaitForHome,
  openPage,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

/** The id of a seeded supplier (form 102). */
async function firstSupplierId(page: Page): Promise<number> {
  const result = await page.evaluate(() =>
    fetch('/api/v1/forms/101/search', { credentials: 'same-origin' }).then((r) => r.json()),
  );
  return Math.min(...(result.Rows as { Id: number }[]).map((row) => row.Id));
}

describe('reference host: the page mechanics of the spec (§7–§9)', () => {
  it('shows a column’s help text after the pointer rests on it, dismissed with Escape; copies a new record from one in a popup', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'supervisor');

    // Tooltip (§9, 2000 ms) on the Products list's Supplier column, which has a Description.
    await page.goto('/form?WebTemplateNo=110&WFRun_AutoRun=1');
    const header = page.getByRole('columnheader', { name: 'Supplier' });
    // The pointer comes from elsewhere on the page, as a user's does.
    await page.getByRole('columnheader', { name: 'Name' }).hover();
    await header.hover();
    const tooltip = page.getByRole('tooltip');
    expect(await tooltip.count()).toBe(0);
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe('The supplier the product is bought from; opens the supplier.');
    expect(await header.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });

    // a_BasedOnTemplateNo: a new supplier pre-filled from a seeded one (read with GetDataOfId).
    const id = await firstSupplierId(page);
    const seeded = await page.evaluate(
      (recordId) =>
        fetch(`/api/v1/forms/102/records/${recordId}`, { credentials: 'same-origin' }).then((r) => r.json()),
      id,
    );
    await page.goto(`/form?WebTemplateNo=102&a_BasedOnTemplateNo=102&UGoToItemNo=${id}`);
    const supplier = formByTitle(page, 'Supplier');
    await expect.poll(() => supplier.getByLabel('Name').inputValue()).toBe(seeded.Values.Name);
    // A copy is not saved until the user saves it: new, and dirty (the leave guard asks).
    await expect.poll(() => page.getByText('New record · unsaved changes', { exact: true }).count()).toBe(1);

    // Silent postback (§7): the values on screen, an unsaved edit included, into a new record in a popup.
    await page.goto(`/form?WebTemplateNo=102&UGoToItemNo=${id}`);
    await supplier.getByLabel('Name').fill('Copied Supplier Ltd');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Copy to a new record' }).click(),
    ]);
    const copy = formByTitle(popup, 'Supplier');
    await expect.poll(() => copy.getByLabel('Name').inputValue()).toBe('Copied Supplier Ltd');
    expect(new URL(popup.url()).searchParams.get('a_postback')).toMatch(/^postback-/);
    await expect.poll(() => popup.getByText('New record · unsaved changes', { exact: true }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('says a blocked popup and a failed GetDataOfId in the error window, whose text can be copied', async () => {
    const { context, page } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    await logOnAndWaitForHome(page, 'supervisor');
    const id = await firstSupplierId(page);

    // No window can be made for the silent postback: §8's message.
    await page.goto(`/form?WebTemplateNo=102&UGoToItemNo=${id}`);
    await formByTitle(page, 'Supplier').getByLabel('Name').waitFor();
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole('button', { name: 'Copy to a new record' }).click();
    const blocked = page.getByRole('alertdialog');
    await blocked.getByText('Silent Postback: Template save failed to create a window').waitFor();
    await blocked.getByRole('button', { name: 'OK' }).click();

    // A record to base a new one on that does not exist: GetDataOfId fails.
    await page.goto('/form?WebTemplateNo=102&a_BasedOnTemplateNo=102&UGoToItemNo=99999999');
    const failed = page.getByRole('alertdialog');
    await failed.getByText('Unable to set ajax call back for GetDataOfId').waitFor();
    await expectNoSeriousAxeViolations(page);
    await failed.getByRole('button', { name: 'Copy text' }).click();
    await failed.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n')[0]).toBe('Unable to set ajax call back for GetDataOfId');
    expect(copied).toContain('99999999');
    await context.close();
  });
});
