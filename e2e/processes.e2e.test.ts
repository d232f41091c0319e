import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Messages } from '../packages/client-api/src/messages';
import {
  expectNoSeriousAxeViolations,
  logOnAndWaitForHome,
  openPage,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

const STEP_PAGE = '/apps/flow/step/';
const FLOW_HOME = '/apps/flow/home/flow';

/** Creates a process of a command from the home page's Start a process panel (spec §4 process command). */
async function startFromHome(page: Page, commandName: string): Promise<void> {
  const panel = page.getByRole('region', { name: 'Start a process' });
  await panel.getByRole('radio', { name: new RegExp(commandName) }).click();
  await panel.getByRole('button', { name: 'Create', exact: true }).click();
}

/** Answers the confirm dialog titled with the step name. */
async function answerConfirm(page: Page, stepName: string, answer: 'Yes' | 'No'): Promise<void> {
  await page
    .getByRole('alertdialog', { name: stepName })
    .getByRole('button', { name: answer, exact: true })
    .click();
}

/** The process id of the step or flow home page the browser is on. */
function processIdOf(page: Page): string {
  return new URL(page.url()).searchParams.get('id') ?? '';
}

/**
 * Runs a step from the page the user is on: the step page shows the current step with one **Run**
 * button; the flow home page lists every step with its own.
 */
async function runStep(page: Page, stepName: string): Promise<void> {
  const url = new URL(page.url());
  if (url.pathname === STEP_PAGE) {
    await page.getByRole('heading', { level: 1, name: stepName }).waitFor();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
  } else {
    expect(url.pathname).toBe(FLOW_HOME);
    const button = page.getByRole('button', { name: `Run ${stepName}`, exact: true });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
  }
}

/** Waits until the run has finished on the page a completed run goes to (spec §4). */
async function waitForLanding(page: Page, landing: string, processId: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === landing && url.searchParams.get('id') === processId);
}

describe('reference host: user processes', () => {
  it.each([
    ['operator', STEP_PAGE],
    ['supervisor', FLOW_HOME],
  ] as const)('lets the %s run the Interaction tour to the end through the UI', async (userName, landing) => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, userName);

    // The process command: Interaction tour starts its first step at once (spec §4).
    await startFromHome(page, 'Interaction tour');

    // 1. Confirm: no cancels with the server's toast and leaves the step active; yes proceeds.
    await answerConfirm(page, 'Confirm the start', 'No');
    await page.getByText('The tour has been cancelled. Run the step again to start over.').waitFor();
    // The new process is in the list; its current step opens the step page.
    await page
      .getByRole('region', { name: userName === 'supervisor' ? 'Processes' : 'Your processes' })
      .getByRole('link', { name: 'Confirm the start' })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === STEP_PAGE);
    const processId = processIdOf(page);
    expect(processId).toMatch(/^\d+$/);
    await runStep(page, 'Confirm the start');
    await answerConfirm(page, 'Confirm the start', 'Yes');

    // 2. A prompt with a suggestion; the answer proceeds.
    const name = page.getByRole('textbox', { name: 'What should this tour be called?' });
    expect(await name.inputValue()).toBe('My first tour');
    await name.fill('Tour in the browser');
    await page.getByRole('button', { name: 'OK', exact: true }).click();

    // 3. The URL opens in a dialog titled with the step name (not modal); closing the dialog is
    // the completion, so the user stays on the page, which now shows the next step.
    const help = page.getByRole('dialog', { name: 'Read about processes' });
    expect(await help.locator('iframe').getAttribute('src')).toBe('/help/processes');
    await help.getByRole('button', { name: 'Close', exact: true }).click();
    await help.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(STEP_PAGE);

    // 4. and 5. The pick lists: several, then (the run proceeds by itself) one.
    await runStep(page, 'Choose suppliers to review');
    const multi = page.getByRole('group', { name: 'Which suppliers should the review cover?' });
    // Each item is a label around its check box: the user clicks the label.
    await multi.locator('.procedo-PickList-item').nth(0).click();
    await multi.locator('.procedo-PickList-item').nth(2).click();
    expect(await multi.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const single = page.getByRole('radiogroup', { name: 'Which supplier leads the review?' });
    await single.locator('.procedo-PickList-item').nth(1).click();
    expect(await single.getByRole('radio').nth(1).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();

    // 6. The report document: produced, offered as a link, then the run goes on.
    const report = page.getByRole('dialog', { name: 'Produce the tour report' });
    await report.getByRole('button', { name: 'Produce the document' }).click();
    const link = page.getByRole('link', { name: 'Open the document' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/report-document/);
    const documentResponse = await page.request.get(new URL(href, env.server.url).href);
    expect(documentResponse.status()).toBe(200);
    expect(await documentResponse.text()).toContain('Tour in the browser');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await waitForLanding(page, landing, processId);

    // 7. The detail page opens in this window with a_step_id; its bar completes the step.
    await runStep(page, 'Check the lead supplier');
    await page.waitForURL((url) => url.pathname === '/form' && url.searchParams.has('a_step_id'));
    expect(new URL(page.url()).searchParams.get('UGoToItemNo')).toMatch(/^\d+$/);
    await page.getByRole('form', { name: 'Supplier', exact: true }).getByLabel('Country').waitFor();
    await page
      .getByRole('region', { name: 'Process step' })
      .getByRole('button', { name: 'Complete the step' })
      .click();
    await waitForLanding(page, landing, processId);

    // 8. and 9. Completion confirm, then the completion prompt with its suggestion ends the process.
    await runStep(page, 'Confirm the tour is done');
    await answerConfirm(page, 'Confirm the tour is done', 'Yes');
    const feedback = page.getByRole('textbox', { name: 'How did you find the tour?' });
    expect(await feedback.inputValue()).toBe('Clear and quick');
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await waitForLanding(page, landing, processId);

    if (landing === STEP_PAGE) {
      await page.getByText(Messages.processPartEnded).waitFor();
    } else {
      await page.getByText('Completed', { exact: true }).first().waitFor();
      const state = page.getByRole('definition').filter({ hasText: /^Completed$/ });
      await state.waitFor();
    }
    const status = await page.evaluate(
      (id) => fetch(`/api/v1/user/system/user-processes/process/${id}`).then((r) => r.json()),
      processId,
    );
    expect(status.State).toBe('completed');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows each reset message on the flow home page, and the pages pass axe', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'supervisor');
    await expectNoSeriousAxeViolations(page);

    // CAPA opens in the flow page and asks a name (spec §4).
    await startFromHome(page, 'CAPA');
    const nameBox = page.getByRole('textbox', { name: Messages.enterProcessName });
    await nameBox.fill('CAPA in the browser');
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.waitForURL((url) => url.pathname === FLOW_HOME && url.searchParams.has('id'));
    await page.getByRole('heading', { level: 1, name: 'CAPA in the browser' }).waitFor();
    await expectNoSeriousAxeViolations(page);

    // Answer the first prompt (the step completes, the run goes on to the second), then cancel the second.
    await runStep(page, 'Corrective action');
    await page.getByRole('textbox', { name: 'Which corrective action is taken?' }).fill('Retrain the line');
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByRole('textbox', { name: 'Which preventive action is taken?' }).waitFor();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const firstRow = page
      .getByRole('table', { name: 'Steps: CAPA in the browser' })
      .getByRole('row', { name: /Corrective action/ });
    await expect.poll(() => firstRow.textContent()).toMatch(/Completed/);

    await page.getByRole('button', { name: 'Reset chain Corrective action' }).click();
    await page.getByText(Messages.stepChainReset, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reset step Corrective action' }).click();
    await page.getByText(Messages.stepReset, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reset process', exact: true }).click();
    await page.getByText(Messages.processReset, { exact: true }).waitFor();

    // The step page of the process.
    await page.getByRole('link', { name: 'Open the step page' }).click();
    await page.waitForURL((url) => url.pathname === STEP_PAGE);
    await page.getByRole('button', { name: 'Run', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
