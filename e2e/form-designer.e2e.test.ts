import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  formByTitle,
  logOnAndWaitForHome,
  openPage,
  pageCommand,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

/** The id of a seeded supplier, read with the page's session. */
const firstSupplierId = (page: Page) =>
  page.evaluate(async () => {
    const search = await fetch('/api/v1/forms/101/search', { credentials: 'same-origin' }).then((r) =>
      r.json(),
    );
    return Math.min(...(search.Rows as { Id: number }[]).map((row) => row.Id));
  });

describe('reference host: the form designer', () => {
  it('a supervisor adds a mandatory field to the supplier form and publishes it; an operator gets it at once, the past keeps the old form', async () => {
    const supervisor = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(supervisor.page, 'supervisor');
    const id = await firstSupplierId(supervisor.page);
    // An instant before the publish, in the address's ISO form.
    const before = new Date(Date.now() - 1000).toISOString();

    const { page } = supervisor;
    // From the administration area: System › Form designer › the supplier form.
    await page.goto('/system');
    await page.getByRole('link', { name: 'Form designer' }).click();
    await page.getByRole('link', { name: 'Supplier (102)' }).click();
    await page.waitForURL((url) => url.pathname === '/designer/form' && url.search === '?WebTemplateNo=102');
    await page.getByRole('treegrid', { name: 'Form elements' }).waitFor();
    await page.getByRole('region', { name: 'Versions' }).getByText('Seeded definition').waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Add element' }).click();
    await page.getByRole('menuitem', { name: 'Text', exact: true }).click();
    const properties = page.getByRole('region', { name: 'Properties' });
    await properties.getByLabel('Label', { exact: true }).fill('Audit reference');
    await properties.getByLabel('Mandatory', { exact: true }).check();
    await page
      .getByRole('region', { name: 'Preview' })
      .getByRole('textbox', { name: /Audit reference/ })
      .waitFor();
    await page.getByLabel('Change note').fill('Audit reference for every supplier');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => page.locator('.procedo-DesignerPage-status').textContent())
      .toBe('Published version 2');
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByText('Audit reference for every supplier').waitFor();
    expect(supervisor.pageErrors).toEqual([]);

    const operator = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(operator.page, 'operator');
    await operator.page.goto(`/form?WebTemplateNo=102&UGoToItemNo=${id}`);
    const supplier = formByTitle(operator.page, 'Supplier');
    const field = supplier.getByRole('textbox', { name: /Audit reference/ });
    await field.waitFor();
    expect(await field.inputValue()).toBe('');
    await pageCommand(operator.page, 'Save').click();
    await supplier.getByText('This field is required.').first().waitFor();

    // The same supplier at an instant before the publish: the form as it was, without the field.
    await operator.page.goto(
      `/form?WebTemplateNo=102&UGoToItemNo=${id}&Timepoint=${encodeURIComponent(before)}`,
    );
    await operator.page.getByRole('region', { name: 'Time travel' }).waitFor();
    await supplier.locator('[data-name="Country"]').waitFor();
    expect(await supplier.getByRole('textbox', { name: /Audit reference/ }).count()).toBe(0);

    // The two versions' diff names the new element; publishing version 1 again reverts it.
    await versions.getByRole('checkbox', { name: /^Version 1,/ }).check();
    await versions.getByRole('checkbox', { name: /^Version 2,/ }).check();
    const diff = versions.getByRole('region', { name: 'Changes from version 1 to version 2' });
    await expect
      .poll(() => diff.getByRole('listitem').allTextContents())
      .toContainEqual(expect.stringMatching(/^added .*Text1/));
    await versions.getByRole('button', { name: 'Publish this version again (Version 1)' }).click();
    await expect
      .poll(() => page.locator('.procedo-DesignerPage-status').textContent())
      .toBe('Published version 3');
    await versions.getByText('Revert to version 1').waitFor();
    await operator.page.goto(`/form?WebTemplateNo=102&UGoToItemNo=${id}`);
    await supplier.locator('[data-name="Country"]').waitFor();
    expect(await supplier.getByRole('textbox', { name: /Audit reference/ }).count()).toBe(0);

    // The definitions' audit trail lists both publishes first, newest first, with who and why.
    await page.goto('/designer');
    await page.getByRole('link', { name: /^Definition changes/ }).click();
    const changes = page.getByRole('table', { name: 'Every published version, newest first' });
    await changes.getByText('Revert to version 1').waitFor();
    const rows = await changes.getByRole('row').allTextContents();
    expect(rows.slice(1, 3)).toEqual([
      expect.stringMatching(/Form 102: Supplier3supervisorRevert to version 1$/),
      expect.stringMatching(/Form 102: Supplier2supervisorAudit reference for every supplier$/),
    ]);
    await expectNoSeriousAxeViolations(page);
    expect(supervisor.pageErrors).toEqual([]);
    expect(operator.pageErrors).toEqual([]);
    await operator.context.close();
    await supervisor.context.close();
  });
});
