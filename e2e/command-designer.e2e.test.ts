import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  logOnAndWaitForHome,
  openPage,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

/** The id of the seeded process command with this name, read with the page's session. */
const commandIdOf = (page: Page, name: string) =>
  page.evaluate(async (wanted) => {
    const list = await fetch('/api/v1/designer/commands', { credentials: 'same-origin' }).then((r) =>
      r.json(),
    );
    return (list.Items as { CommandId: number; Name: string }[]).find((item) => item.Name === wanted)!
      .CommandId;
  }, name);

/** Creates a named process of a command through the API (with the page's session and CSRF token). */
const createProcess = (page: Page, commandId: number, name: string) =>
  page.evaluate(
    async ({ commandId, name }) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|; )procedo_csrf=([^;]*)/)?.[1] ?? '');
      const response = await fetch(
        `/api/v1/user/system/user-processes/command/create-process?originatingCommandId=${commandId}&mode=0`,
        {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
          body: JSON.stringify({ Name: name }),
        },
      );
      if (!response.ok) throw new Error(`create-process: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { Id: number }).Id;
    },
    { commandId, name },
  );

/** The step names the flow home page lists for a process, in order. */
async function stepsShown(page: Page, processId: number, processName: string): Promise<string[]> {
  await page.goto(`/apps/flow/home/flow?id=${processId}`);
  const table = page.getByRole('table', { name: `Steps: ${processName}` });
  await table.waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('th, td')?.textContent?.trim() ?? ''));
}

describe('reference host: the process command designer', () => {
  it('a supervisor adds a step to CAPA and publishes it: a process created before keeps its steps, one created after has the new step', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'supervisor');
    const capa = await commandIdOf(page, 'CAPA');
    const before = await createProcess(page, capa, 'CAPA before the change');

    // From the designer list: the process command opens in its designer.
    await page.goto('/designer');
    await page.getByRole('link', { name: `CAPA (${capa})` }).click();
    await page.waitForURL(
      (url) => url.pathname === '/designer/command' && url.search === `?CommandId=${capa}`,
    );
    await page.getByRole('grid', { name: 'Steps' }).waitFor();
    await page.getByRole('region', { name: 'Versions' }).getByText('Seeded command').waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('menuitem', { name: 'Action', exact: true }).click();
    const properties = page.getByRole('region', { name: 'Properties' });
    await properties.getByLabel('Step name').fill('Check certificate');
    await properties.getByLabel('Ask to confirm before running').check();
    await properties.getByLabel('Question', { exact: true }).fill('Is the certificate of analysis valid?');
    await properties
      .getByLabel('Message when the answer is no')
      .fill('The CAPA waits for a valid certificate.');
    await page
      .getByRole('grid', { name: 'Steps' })
      .getByRole('row', { name: /^4\. Check certificate/ })
      .waitFor();
    await page.getByLabel('Change note').fill('Check the certificate before closing');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => page.locator('.procedo-DesignerPage-status').textContent())
      .toBe('Published version 2');
    await page
      .getByRole('region', { name: 'Versions' })
      .getByText('Check the certificate before closing')
      .waitFor();
    await expectNoSeriousAxeViolations(page);

    const after = await createProcess(page, capa, 'CAPA after the change');
    const oldSteps = await stepsShown(page, before, 'CAPA before the change');
    expect(oldSteps).toHaveLength(3);
    expect(oldSteps.join(' ')).not.toContain('Check certificate');
    const newSteps = await stepsShown(page, after, 'CAPA after the change');
    expect(newSteps).toHaveLength(4);
    expect(newSteps[3]).toContain('Check certificate');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
