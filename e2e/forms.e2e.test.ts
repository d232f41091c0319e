import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Messages } from '../packages/client-api/src/messages';
import {
  expectNoSeriousAxeViolations,
  formByTitle,
  logOnAndWaitForHome,
  openPage,
  pageCommand,
  profileNavigation,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

/** The form of the page (the renderer labels it with the form's title). */
const form = formByTitle;

/** Searches suppliers on form 101 by typing in Name and pressing Enter; returns the result links. */
async function searchSuppliers(page: Page, text: string) {
  const search = form(page, 'Suppliers');
  await search.getByLabel('Name', { exact: true }).fill(text);
  await search.getByLabel('Name', { exact: true }).press('Enter');
  const links = search.getByRole('grid').locator('[role="gridcell"][aria-colindex="1"]').getByRole('link');
  await links.first().waitFor();
  return links;
}

/** Opens a supplier record (form 102) of the given id and waits for its fields. */
async function openSupplier(page: Page, id: string) {
  await page.goto(`/form?WebTemplateNo=102&UGoToItemNo=${id}`);
  await form(page, 'Supplier').getByLabel('Country').waitFor();
  // spec §4: the dirty flag is cleared 100–300 ms after load; changes made after that count.
  await page.waitForTimeout(350);
}

describe('reference host: forms', () => {
  let supplierId = '';

  it('lets the operator search with Enter, open a supplier, change it, save, and see it after a reload', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    await profileNavigation(page).getByRole('link', { name: 'Suppliers' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/form' && url.searchParams.get('WebTemplateNo') === '101',
    );

    // Enter in an edit field runs the default search button (spec §5).
    const links = await searchSuppliers(page, 'a');
    expect(await links.count()).toBeGreaterThan(1);
    await page
      .getByRole('status')
      .filter({ hasText: /^[\d,]+\+? rows?$/ })
      .waitFor();

    await links.first().click();
    await page.waitForURL((url) => url.searchParams.get('WebTemplateNo') === '102');
    supplierId = new URL(page.url()).searchParams.get('UGoToItemNo') ?? '';
    expect(supplierId).toMatch(/^\d+$/);

    const supplier = form(page, 'Supplier');
    const country = supplier.getByLabel('Country');
    await country.waitFor();
    await page.waitForTimeout(350);
    await country.fill('Testland');
    await pageCommand(page, 'Save').click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.getByText(/^Version 2, saved by operator/).waitFor();

    await page.reload();
    await expect.poll(() => form(page, 'Supplier').getByLabel('Country').inputValue()).toBe('Testland');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('opens result rows as dialogs when the search page names a dialog target', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    await page.goto('/form?WebTemplateNo=101&a_rowtarget=supplier_dialog');
    const links = await searchSuppliers(page, 'a');
    const name = (await links.first().textContent())?.trim() ?? '';
    await links.first().click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('WebTemplateNo')).toBe('101');
    const frame = page.frameLocator('iframe.procedo-FormDialog-frame');
    await expect
      .poll(() => frame.getByRole('form', { name: 'Supplier', exact: true }).getByLabel('Name').inputValue())
      .toBe(name);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps a locked field from being typed into', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    await openSupplier(page, supplierId || '1');
    const supplier = form(page, 'Supplier');
    await supplier.getByRole('tab', { name: 'Quality' }).click();
    const rating = supplier.getByLabel('Rating (1–5)');
    await rating.waitFor();
    const before = await rating.inputValue();
    await rating.click();
    await page.keyboard.press('End');
    await page.keyboard.type('9');
    await page.keyboard.press('Backspace');
    expect(await rating.inputValue()).toBe(before);
    // The operator may not see the hidden Internal notes at all.
    expect(await supplier.getByLabel('Internal notes').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('refuses a file of a type not in the supported list with the spec message', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    // The certificates form is the supervisors' (operators may not open it).
    await logOnAndWaitForHome(page, 'supervisor');
    await page.goto('/form?WebTemplateNo=105');
    const certificate = form(page, 'Supplier certificate');
    const input = certificate.locator('input[type=file]');
    await input.waitFor();
    await input.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    const alert = page.getByRole('alertdialog');
    await alert.getByText(Messages.fileTypeNotSupported, { exact: true }).waitFor();
    expect(await input.evaluate((element: HTMLInputElement) => element.value)).toBe('');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps the edits on screen beside the server values when someone else saved first (409)', async () => {
    const mine = await openPage(env.browser, env.server.url);
    const theirs = await openPage(env.browser, env.server.url);
    await Promise.all([
      logOnAndWaitForHome(mine.page, 'operator'),
      logOnAndWaitForHome(theirs.page, 'supervisor'),
    ]);
    const id = supplierId || '1';
    await openSupplier(mine.page, id);
    await openSupplier(theirs.page, id);

    const myForm = form(mine.page, 'Supplier');
    await myForm.getByLabel('Country').fill('Mine-land');

    const theirForm = form(theirs.page, 'Supplier');
    await theirForm.getByLabel('Country').fill('Their-land');
    await pageCommand(theirs.page, 'Save').click();
    await theirs.page.getByText('Saved', { exact: true }).waitFor();

    await pageCommand(mine.page, 'Save').click();
    const panel = mine.page.getByRole('alert').filter({ hasText: 'This record was changed by someone else' });
    await panel.waitFor();
    const row = panel.getByRole('row').filter({ hasText: 'Country' });
    expect(await row.locator('[data-column="mine"]').textContent()).toBe('Mine-land');
    expect(await row.locator('[data-column="current"]').textContent()).toBe('Their-land');
    // Nothing typed is lost: the field still holds the user's value.
    expect(await myForm.getByLabel('Country').inputValue()).toBe('Mine-land');

    await panel.getByRole('button', { name: 'Keep mine' }).click();
    await panel.waitFor({ state: 'detached' });
    await mine.page.getByText('Saved', { exact: true }).waitFor();
    await theirs.page.reload();
    await expect
      .poll(() => form(theirs.page, 'Supplier').getByLabel('Country').inputValue())
      .toBe('Mine-land');

    expect(mine.pageErrors).toEqual([]);
    expect(theirs.pageErrors).toEqual([]);
    await mine.context.close();
    await theirs.context.close();
  });

  it('asks for the legal-name signature and a reason before saving an audit-flagged change; Cancel Edit reloads', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    await page.goto('/form?WebTemplateNo=103');
    const deviation = form(page, 'Deviation');
    await deviation.getByLabel('Title').waitFor();
    await page.waitForTimeout(350);
    await deviation.getByLabel('Title').fill('Label misprint on pallet 4');
    await deviation.getByLabel('Occurred on').fill('2026-11-01');
    await deviation.getByLabel('Severity').selectOption('Minor');
    await deviation.getByLabel('Status').selectOption('Open');
    await pageCommand(page, 'Save').click();

    const dialog = page.getByRole('alertdialog', { name: 'Sign the change' });
    await dialog.waitFor();
    expect((await dialog.boundingBox())?.width).toBe(300);
    // Modal: the page below is inert and does not scroll; focus starts in the signature field and
    // Tab never leaves the dialog.
    await expect
      .poll(() =>
        page.evaluate(() => [
          document.querySelector('main')?.closest('[inert]') !== null,
          getComputedStyle(document.documentElement).overflow,
        ]),
      )
      .toEqual([true, 'hidden']);
    await expect
      .poll(() =>
        dialog
          .getByLabel('Signature (your legal name)')
          .evaluate((input) => input === document.activeElement),
      )
      .toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByLabel('Signature (your legal name)').fill('Somebody Else');
    await dialog.getByLabel('Reason for the change').fill('New deviation');
    await dialog.getByRole('button', { name: 'Sign' }).click();
    await dialog.getByText('Type your legal name exactly as it is recorded.').waitFor();
    await dialog.getByLabel('Signature (your legal name)').fill('Olive Operator');
    await dialog.getByRole('button', { name: 'Sign' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.waitForURL((url) => /^\d+$/.test(url.searchParams.get('UGoToItemNo') ?? ''));
    await page.getByText(/^Version 1, saved by operator/).waitFor();

    await page.waitForTimeout(350);
    await form(page, 'Deviation').getByLabel('Severity').selectOption('Major');
    await pageCommand(page, 'Save').click();
    await dialog.getByRole('button', { name: 'Cancel Edit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => form(page, 'Deviation').getByLabel('Severity').inputValue()).toBe('Minor');
    await page.getByText(/^Version 1,/).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violations on the search and record form pages', async () => {
    const { context, page } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'operator');
    await page.goto('/form?WebTemplateNo=101');
    await searchSuppliers(page, 'a');
    await expectNoSeriousAxeViolations(page);
    await openSupplier(page, supplierId || '1');
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
