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

/** A seeded supplier that has an e-mail address, read with the page's session. */
async function supplierWithEmail(page: Page): Promise<{ id: number; email: string }> {
  return page.evaluate(async () => {
    const search = await fetch('/api/v1/forms/101/search', { credentials: 'same-origin' }).then((r) =>
      r.json(),
    );
    for (const row of search.Rows as { Id: number }[]) {
      const record = await fetch(`/api/v1/forms/102/records/${row.Id}`, { credentials: 'same-origin' }).then(
        (r) => r.json(),
      );
      if (record.Values.Email) return { id: row.Id, email: record.Values.Email as string };
    }
    throw new Error('no seeded supplier has an e-mail address');
  });
}

const recordValues = (page: Page, id: number) =>
  page.evaluate(
    (recordId) =>
      fetch(`/api/v1/forms/102/records/${recordId}`, { credentials: 'same-origin' }).then((r) => r.json()),
    id,
  ) as Promise<{ Values: Record<string, unknown> }>;

describe('reference host: permissions mode and the element permissions editor', () => {
  it("a supervisor hides an element for the operators' profile in permissions mode; the operator's next page load no longer has it, nor its value in the API", async () => {
    const operator = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(operator.page, 'operator');
    const { id, email } = await supplierWithEmail(operator.page);
    await operator.page.goto(`/form?WebTemplateNo=102&UGoToItemNo=${id}`);
    const operatorForm = formByTitle(operator.page, 'Supplier');
    await expect.poll(() => operatorForm.getByLabel('Email').inputValue()).toBe(email);

    const supervisor = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(supervisor.page, 'supervisor');
    // The developer bar's toggle sets this cookie setting (spec §4).
    await supervisor.context.addCookies([{ name: 'procedo_permissions', value: '1', url: env.server.url }]);
    await supervisor.page.goto(`/form?WebTemplateNo=102&UGoToItemNo=${id}`);
    const form = formByTitle(supervisor.page, 'Supplier');
    const emailField = form.locator('[data-name="Email"]');
    await emailField.waitFor();
    const box = (await emailField.boundingBox())!;
    const at = { x: Math.round(box.x + 10), y: Math.round(box.y + 5) };
    await supervisor.page.mouse.click(at.x, at.y, { button: 'right' });
    const menu = supervisor.page.getByRole('menu', { name: 'Element Email' });
    await menu.waitFor();
    // At the pointer: its corner within a few pixels of where the click was.
    const menuBox = (await menu.boundingBox())!;
    expect(Math.abs(menuBox.x - at.x)).toBeLessThan(8);
    expect(Math.abs(menuBox.y - at.y)).toBeLessThan(8);
    const entry = menu.getByRole('menuitem', { name: 'Permissions…' });
    await expect.poll(() => entry.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoSeriousAxeViolations(supervisor.page);
    await entry.click();

    await supervisor.page.waitForURL((url) => url.pathname === '/_forms/form');
    const url = new URL(supervisor.page.url());
    expect(url.searchParams.get('PERMISSION_FORMID')).toBe('102');
    expect(url.searchParams.get('PERMISSION_DV_TABLEID')).toBe('supplier');
    expect(url.searchParams.get('FormElementName')).toBe('Email');
    const dialog = supervisor.page.getByRole('dialog', { name: /^Element permissions: / });
    await dialog.waitFor();
    await dialog.getByLabel('For').selectOption({ label: 'Operators' });
    await supervisor.page.waitForURL((next) => next.searchParams.get('PERMISSION_OWNERTYPEID') === '2');
    await supervisor.page.getByRole('dialog', { name: 'Element permissions: Supplier' }).waitFor();
    const hidden = dialog.getByRole('checkbox', { name: 'Hidden: Email (Email)' });
    await hidden.waitFor();
    expect(await hidden.evaluate((element) => element === document.activeElement)).toBe(true);
    await hidden.check();
    await expectNoSeriousAxeViolations(supervisor.page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await supervisor.page.waitForURL((next) => next.pathname === '/form');
    expect(new URL(supervisor.page.url()).searchParams.get('UGoToItemNo')).toBe(String(id));

    // The operator's session is the one from before the save: its next page load lacks the element.
    await operator.page.reload();
    await operatorForm.locator('[data-name="Country"]').waitFor();
    expect(await operatorForm.locator('[data-name="Email"]').count()).toBe(0);
    expect(await operatorForm.getByLabel('Email').count()).toBe(0);
    const asOperator = await recordValues(operator.page, id);
    expect(asOperator.Values).not.toHaveProperty('Email');
    expect(JSON.stringify(asOperator)).not.toContain(email);
    // The supervisor still sees it, and the overview lists the new row.
    expect((await recordValues(supervisor.page, id)).Values.Email).toBe(email);
    await supervisor.page.goto('/permissions');
    const overview = supervisor.page.getByRole('table');
    await overview.getByRole('cell', { name: 'Email', exact: true }).waitFor();
    expect(supervisor.pageErrors).toEqual([]);
    expect(operator.pageErrors).toEqual([]);
    await supervisor.context.close();
    await operator.context.close();
  });
});
