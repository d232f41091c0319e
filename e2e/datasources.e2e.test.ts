import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  formByTitle,
  logOnAndWaitForHome,
  openPage,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

describe('reference host: datasources', () => {
  it('a designer adds a column to the supplier datasource; an operator adds it to the supplier grid and sees its values', async () => {
    const supervisor = await openPage(env.browser, env.server.url, { bypassCSP: true });
    const { page } = supervisor;
    await logOnAndWaitForHome(page, 'supervisor');
    // The seed offers every supplier field: take Rating out first (through the API), so that the
    // designer has a column to add.
    const status = await page.evaluate(async () => {
      const csrf = /(?:^|; )procedo_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const current = await fetch('/api/v1/designer/datasources/supplier').then((r) => r.json());
      const response = await fetch('/api/v1/designer/datasources/supplier/versions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: JSON.stringify({
          BaseVersion: current.Version,
          Columns: (current.Columns as { Name: string }[]).filter((column) => column.Name !== 'Rating'),
          ChangeNote: 'No rating yet',
        }),
      });
      return response.status;
    });
    expect(status).toBe(201);

    await page.goto('/designer');
    await page.getByRole('link', { name: 'Datasource supplier' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/designer/datasource' && url.search === '?Entity=supplier',
    );
    await page.getByRole('heading', { name: 'Datasource supplier (version 2)' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Field to add').selectOption('Rating');
    await page.getByRole('button', { name: 'Add column', exact: true }).click();
    await page.getByLabel('Description').fill('The rating of the last audit');
    await page.getByLabel('Change note').fill('Rating for the grids');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => page.locator('.procedo-DesignerPage-status').textContent())
      .toBe('Published version 3');
    expect(supervisor.pageErrors).toEqual([]);

    const operator = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(operator.page, 'operator');
    await operator.page.goto('/form?WebTemplateNo=101&WFRun_AutoRun=1');
    const search = formByTitle(operator.page, 'Suppliers');
    const grid = search.getByRole('grid', { name: 'Suppliers found' });
    await grid.locator('[role="row"][aria-rowindex="2"] a').waitFor();
    await search.getByRole('button', { name: 'Columns' }).click();
    const selector = search.getByRole('group', { name: 'Result columns' });
    await selector.getByRole('option', { name: 'Rating (1–5)' }).click();
    await selector.getByRole('button', { name: 'Add', exact: true }).click();
    await grid.getByRole('columnheader', { name: /Rating \(1–5\)/ }).waitFor();
    const ratings = () =>
      grid
        .locator('[role="row"] [aria-colindex="4"]')
        .evaluateAll((cells) => cells.slice(1, 6).map((cell) => cell.textContent ?? ''));
    await expect
      .poll(async () => {
        const shown = await ratings();
        return shown.length > 0 && shown.every((text) => /^[1-5]$/.test(text));
      })
      .toBe(true);
    await expectNoSeriousAxeViolations(operator.page);
    expect(operator.pageErrors).toEqual([]);
  });
});
