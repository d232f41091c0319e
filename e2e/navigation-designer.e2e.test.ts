import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  logOnAndWaitForHome,
  openPage,
  profileNavigation,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

describe('reference host: the navigation designer', () => {
  it("a supervisor adds a node linking form 102 to the operators' navigation and publishes it; an operator's next page load shows it, a page before the publish the old menu", async () => {
    const supervisor = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(supervisor.page, 'supervisor');
    const { page } = supervisor;
    // An instant before the publish, in the address's ISO form.
    const before = new Date(Date.now() - 1000).toISOString();
    // From the administration area: System › Navigation designer › Operators.
    await page.goto('/system');
    await page.getByRole('link', { name: 'Navigation designer' }).click();
    await page.getByRole('link', { name: 'Operators' }).click();
    await page.waitForURL((url) => url.pathname === '/designer/navigation' && url.search === '?ProfileId=2');
    const tree = page.getByRole('treegrid', { name: 'Navigation' });
    await tree.getByRole('row', { name: /^Quality/ }).click();
    await page.getByRole('region', { name: 'Versions' }).getByText('Seeded navigation').waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Add child' }).click();
    const node = page.getByRole('region', { name: 'Node' });
    await node.getByLabel('Title', { exact: true }).fill('Supplier records');
    await node.getByLabel('Opens').selectOption('form');
    await node.getByLabel('Target').selectOption('102');
    await page.getByLabel('Change note').fill('Supplier records for operators');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => page.locator('.procedo-DesignerPage-status').textContent())
      .toBe('Published version 2');
    await page
      .getByRole('region', { name: 'Versions' })
      .getByText('Supplier records for operators')
      .waitFor();
    expect(supervisor.pageErrors).toEqual([]);

    const operator = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(operator.page, 'operator');
    const link = profileNavigation(operator.page).getByRole('link', { name: 'Supplier records' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/form?WebTemplateNo=102');

    // A page in time travel before the publish shows the navigation in force then.
    await operator.page.goto(`/?Timepoint=${encodeURIComponent(before)}`);
    await profileNavigation(operator.page).getByRole('link', { name: 'Suppliers' }).waitFor();
    expect(
      await profileNavigation(operator.page).getByRole('link', { name: 'Supplier records' }).count(),
    ).toBe(0);
    expect(operator.pageErrors).toEqual([]);
  });
});
