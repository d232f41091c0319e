import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatTimepoint } from '../packages/client-api/src/time/timepoint';
import {
  expectNoSeriousAxeViolations,
  logOnAndWaitForHome,
  openPage,
  startServerAndBrowser,
} from './harness';

const MINUTE = 60_000;
// The server's clock runs behind the real one while the process is created, then catches up:
// the process has a past (minutes ago) without the test waiting for it.
let offset = -10 * MINUTE;
const env = startServerAndBrowser({ now: () => Date.now() + offset });

/** A JSON call of the v1 API from the page, with its cookies and CSRF header. */
function api(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = /(?:^|; )procedo_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(`/api/v1/${path}`, {
        method,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
    { method, path, body },
  );
}

const BASE = 'user/system/user-processes';
const banner = (page: Page) => page.getByRole('region', { name: 'Time travel' });

describe('reference host: a process in time travel', () => {
  it('shows a process page as it was at a past timepoint, with Run and the resets off, and keeps the timepoint on its links', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'supervisor');
    const commands = (await api(page, 'GET', `${BASE}/lookup/commands/creatable-as-process`)).json as {
      Id: number;
      Name: string;
    }[];
    const capa = commands.find((command) => command.Name === 'CAPA')!;
    const created = await api(
      page,
      'POST',
      `${BASE}/command/create-process?originatingCommandId=${capa.Id}&mode=1`,
      {
        Name: 'Seal CAPA',
      },
    );
    expect(created.status).toBe(201);
    const process = created.json as { Id: number; AllSteps: { Id: number }[] };
    // Ten minutes later (now), the first step runs.
    offset = 0;
    const first = process.AllSteps[0]!.Id;
    const asked = await api(page, 'POST', `${BASE}/steps/${first}/action/run`, null);
    const answered = await api(page, 'POST', `${BASE}/steps/${first}/action/run`, {
      ...(asked.json as object),
      Prompted: true,
      PromptResult: 'Replace the seal',
    });
    expect(answered.status).toBe(200);

    const timepoint = formatTimepoint(Date.now() - 5 * MINUTE);
    await page.goto(`/apps/flow/step/?id=${process.Id}&Timepoint=${encodeURIComponent(timepoint)}`);
    // Then, the process was at its first step: not yet run.
    await page.getByRole('heading', { level: 1, name: 'Corrective action' }).waitFor();
    expect(await banner(page).textContent()).toContain(`as it was at ${timepoint} UTC`);
    const run = page.getByRole('button', { name: 'Run', exact: true });
    expect(await run.isDisabled()).toBe(true);
    expect(await run.getAttribute('title')).toContain(`as it was at ${timepoint} (UTC)`);
    await expectNoSeriousAxeViolations(page);

    // A link inside the app keeps the timepoint.
    await page.getByRole('link', { name: 'Show the whole process' }).click();
    await page.waitForURL((url) => url.pathname === '/apps/flow/home/flow');
    expect(new URL(page.url()).searchParams.get('Timepoint')).toBe(timepoint);
    const steps = page.getByRole('table', { name: 'Steps: Seal CAPA' });
    const firstRow = steps.getByRole('row', { name: /Corrective action/ });
    await expect.poll(() => firstRow.getByRole('cell').nth(1).textContent()).toBe('Active');
    for (const name of ['Run Corrective action', 'Reset step Corrective action', 'Reset process']) {
      expect(await page.getByRole('button', { name }).isDisabled(), name).toBe(true);
    }
    await page.getByText(`This is the process as it was at ${timepoint} (UTC)`).first().waitFor();
    await expectNoSeriousAxeViolations(page);

    // Home keeps it too: its process list as it was then, and no process can be started.
    await page.getByRole('link', { name: 'Procedo', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).searchParams.get('Timepoint')).toBe(timepoint);
    expect(await banner(page).textContent()).toContain(`as it was at ${timepoint} UTC`);
    await page
      .getByRole('link', { name: /Seal CAPA/ })
      .first()
      .waitFor();
    await page.getByRole('radio', { name: 'CAPA' }).click();
    expect(await page.getByRole('button', { name: 'Create', exact: true }).isDisabled()).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/apps/flow/home/flow');

    // Back to the current data: the step has run, and Run is on for the next one.
    await page
      .getByRole('radiogroup', { name: 'Time travel' })
      .getByRole('radio', { name: 'Current data' })
      .click();
    await expect.poll(() => firstRow.getByRole('cell').nth(1).textContent()).toBe('Completed');
    expect(await banner(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Run Preventive action' }).isDisabled()).toBe(false);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
