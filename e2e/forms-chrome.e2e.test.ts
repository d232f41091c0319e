import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Messages } from '../packages/client-api/src/messages';
import {
  expectNoSeriousAxeViolations,
  formByTitle,
  logOnAndWaitForHome,
  openPage,
  pageCommand,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

/** The form of the page (the renderer labels it with the form's title). */
const form = formByTitle;

/** Runs a supplier search on form 101 (Enter in Name); returns the result table. */
async function searchSuppliers(page: Page, text: string) {
  const search = form(page, 'Suppliers');
  await search.getByLabel('Name', { exact: true }).fill(text);
  await search.getByLabel('Name', { exact: true }).press('Enter');
  const table = search.getByRole('grid');
  await table.locator('[role="gridcell"][aria-colindex="1"]').getByRole('link').first().waitFor();
  return table;
}

const headers = (table: ReturnType<Page['getByRole']>) => table.getByRole('columnheader').allTextContents();

/** Opens a supplier record (form 102) and waits until changes count (spec §4: flag cleared after load). */
async function openSupplier(page: Page, id: number) {
  await page.goto(`/form?WebTemplateNo=102&UGoToItemNo=${id}`);
  await form(page, 'Supplier').getByLabel('Country').waitFor();
  await page.waitForTimeout(350);
}

describe('reference host: form chrome', () => {
  it('keeps the result columns chosen with the column selector in a cookie across a reload', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    await page.goto('/form?WebTemplateNo=101');
    let table = await searchSuppliers(page, 'a');
    expect(await headers(table)).toEqual(['Name', 'Country', 'Status']);

    const search = form(page, 'Suppliers');
    await search.getByRole('button', { name: 'Columns' }).click();
    const selector = search.getByRole('group', { name: 'Result columns' });
    const shown = selector.getByRole('listbox', { name: 'Selected columns' });
    await shown.getByRole('option', { name: 'Country' }).click();
    await selector.getByRole('button', { name: 'Remove' }).click();
    await shown.getByRole('option', { name: 'Status' }).click();
    await selector.getByRole('button', { name: 'Move up' }).click();
    await expect.poll(() => headers(table)).toEqual(['Status', 'Name']);
    const available = await selector
      .getByRole('listbox', { name: 'Available columns' })
      .getByRole('option')
      .allTextContents();
    // The removed column is offered again, then the supplier datasource's other columns (issue 16).
    expect(available[0]).toBe('Country');
    expect(available).toContain('Rating (1–5)');
    expect(available).not.toContain('Internal notes');

    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'procedo_cp_101_Results_Columns')?.value).toBe(
      encodeURIComponent('Status,Name'),
    );

    await page.reload();
    table = await searchSuppliers(page, 'a');
    expect(await headers(table)).toEqual(['Status', 'Name']);
    // The first shown column still links to the record.
    expect(
      await table.locator('[role="gridcell"][aria-colindex="1"]').first().getByRole('link').count(),
    ).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the audit trail in a side panel whose pinned and hidden flags survive a reload', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    await openSupplier(page, 2);
    const supplier = form(page, 'Supplier');
    await supplier.getByLabel('Country').fill('Panelland');
    await pageCommand(page, 'Save').click();
    await page.getByText('Saved', { exact: true }).waitFor();

    // The save's event, read again after the save: who, and the change old → new.
    const panel = page.getByRole('region', { name: 'Audit trail' });
    const saved = panel.locator('tr', { hasText: '→ Panelland' });
    await saved.waitFor();
    expect(await saved.textContent()).toContain('Olive Operator');

    const pin = panel.getByRole('button', { name: 'Pin panel' });
    expect(await pin.getAttribute('aria-pressed')).toBe('true');
    await pin.click();
    expect(await pin.getAttribute('aria-pressed')).toBe('false');
    expect(await panel.evaluate((element) => getComputedStyle(element).width)).toBe('350px');
    await panel.getByRole('button', { name: 'Hide panel' }).click();
    await page.getByRole('button', { name: 'Show Audit trail' }).waitFor();
    expect(await panel.count()).toBe(0);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('procedo:panel-hidden:form-102'),
        localStorage.getItem('procedo:panel-pinned:form-102'),
      ]),
    ).toEqual(['1', '0']);

    await page.reload();
    await form(page, 'Supplier').getByLabel('Country').waitFor();
    await page.getByRole('button', { name: 'Show Audit trail' }).click();
    await panel.waitFor();
    expect(await panel.getByRole('button', { name: 'Pin panel' }).getAttribute('aria-pressed')).toBe('false');
    await panel.getByRole('button', { name: 'Pin panel' }).click();

    await page.reload();
    await form(page, 'Supplier').getByLabel('Country').waitFor();
    expect(
      await page
        .getByRole('region', { name: 'Audit trail' })
        .getByRole('button', { name: 'Pin panel' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows floating page commands on a top-level form and hides them in a dialog opened from a page that shows its own', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    await openSupplier(page, 3);
    const commands = page.getByRole('toolbar', { name: 'Page commands' });
    expect(await commands.getByRole('button').allTextContents()).toEqual(['Save', 'Delete']);
    // Each command shows once: the form's own top-level buttons hide while the bar shows them.
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as Record<string, unknown>).__procedoShowsPageCommands),
    ).toBe(true);
    // The bar's Save is the form's Save.
    await form(page, 'Supplier').getByLabel('Country').fill('Barland');
    await commands.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();

    await page.goto('/form?WebTemplateNo=101&a_rowtarget=supplier_dialog');
    await page
      .getByRole('toolbar', { name: 'Page commands' })
      .getByRole('button', { name: 'Search' })
      .waitFor();
    const table = await searchSuppliers(page, 'a');
    const first = table.locator('[role="gridcell"][aria-colindex="1"]').getByRole('link').first();
    const name = (await first.textContent())?.trim() ?? '';
    await first.click();
    await page.getByRole('dialog', { name }).waitFor();
    const frame = page.frameLocator('iframe.procedo-FormDialog-frame');
    const child = frame.getByRole('form', { name: 'Supplier', exact: true });
    await expect.poll(() => child.getByLabel('Name').inputValue()).toBe(name);
    expect(await frame.getByRole('toolbar', { name: 'Page commands' }).count()).toBe(0);
    // The form's own buttons stay where the form places them.
    expect(await child.getByRole('button', { name: 'Save' }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('steps through the parent result list from a record dialog, and shows the §8 message without a parent', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    await page.goto('/form?WebTemplateNo=101&a_rowtarget=supplier_dialog');
    const table = await searchSuppliers(page, 'a');
    const links = table.locator('[role="gridcell"][aria-colindex="1"]').getByRole('link');
    const names = (await links.allTextContents()).map((text) => text.trim());
    await links.first().click();
    const frame = page.frameLocator('iframe.procedo-FormDialog-frame');
    const navigation = frame.getByRole('navigation', { name: 'Records of the result list' });
    // The list's loaded rows (the grid keeps only those on screen in the page).
    const first = navigation.getByText(/^Record 1 of \d+$/);
    await first.waitFor();
    const total = Number((await first.textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(names.length);
    expect(await navigation.getByRole('link', { name: 'Previous record' }).count()).toBe(0);
    await navigation.getByRole('link', { name: 'Next record' }).click();
    await navigation.getByText(`Record 2 of ${total}`).waitFor();
    await expect
      .poll(() => frame.getByRole('form', { name: 'Supplier', exact: true }).getByLabel('Name').inputValue())
      .toBe(names[1]);
    await navigation.getByRole('link', { name: 'Previous record' }).waitFor();

    // Opened on its own, the page that expects a parent result list cannot find it.
    await page.goto('/form?WebTemplateNo=102&UGoToItemNo=1&dataRf=results');
    await page.getByRole('alert').filter({ hasText: Messages.parentDataExpired }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Records of the result list' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('never drops a character of fast typing, on screen or after save and reload', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    await openSupplier(page, 4);
    const website = form(page, 'Supplier').getByLabel('Website');
    const text = `https://example.com/${'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(5)}`;
    expect(text).toHaveLength(200);
    await website.fill('');
    await website.focus();
    await page.keyboard.type(text, { delay: 0 });
    expect(await website.inputValue()).toBe(text);

    await pageCommand(page, 'Save').click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.reload();
    await expect.poll(() => form(page, 'Supplier').getByLabel('Website').inputValue()).toBe(text);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows a picker’s list in the top layer under its input, above it when there is no room below, and picks by keyboard', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'operator');
    await page.goto('/form?WebTemplateNo=104');
    const batch = form(page, 'Batch');
    // A plain text box until focused; then react-aria's combobox takes its place.
    await batch.getByRole('textbox', { name: 'Supplier' }).click();
    const supplier = batch.getByRole('combobox', { name: 'Supplier' });
    await page.keyboard.type('an');
    const list = page.getByRole('listbox');
    // The suppliers found (while searching, the list shows 'Searching…' instead).
    const options = list.locator('.procedo-PickerField-option');
    await options.first().waitFor();
    const popup = page.locator('.procedo-PickerField-popup');
    // In the top layer (nothing clips it), anchored under the input and at least as wide.
    expect(await popup.evaluate((element) => element.matches(':popover-open'))).toBe(true);
    const input = (await supplier.boundingBox())!;
    // As wide as the other inputs of the form (its field wrapper used to squeeze it into the label column).
    const quantity = (await batch.getByLabel('Quantity (kg)').boundingBox())!;
    expect(Math.abs(input.width - quantity.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(input.x - quantity.x)).toBeLessThanOrEqual(1);
    let box = (await popup.boundingBox())!;
    expect(Math.abs(box.y - (input.y + input.height))).toBeLessThanOrEqual(2);
    expect(Math.abs(box.x - input.x)).toBeLessThanOrEqual(2);
    expect(box.width).toBeGreaterThanOrEqual(input.width - 1);

    // No room below: the list opens above the input.
    await page.keyboard.press('Escape');
    await expect.poll(() => popup.count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: Math.ceil(input.y + input.height + 10) });
    await supplier.fill('');
    await page.keyboard.type('an');
    await options.first().waitFor();
    box = (await popup.boundingBox())!;
    const moved = (await supplier.boundingBox())!;
    expect(Math.abs(box.y + box.height - moved.y)).toBeLessThanOrEqual(2);

    const first = (await options.first().textContent())!;
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => supplier.inputValue()).toBe(first);
    expect(await list.count()).toBe(0);
    // (Not while the list is open: react-aria's combobox then hides the rest of the page from
    // assistive technology on purpose, which axe reports as hidden focusable elements.)
    await expectNoSeriousAxeViolations(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
