import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  formByTitle,
  logOnAndWaitForHome,
  openPage,
  profileNavigation,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

/** The id of the first deviation (DEV-0001), whose signed past the demo seeds. */
async function firstDeviationId(page: Page): Promise<number> {
  const result = await page.evaluate(() =>
    fetch('/api/v1/forms/103/search', { credentials: 'same-origin' }).then((r) => r.json()),
  );
  return Math.min(...(result.Rows as { Id: number }[]).map((row) => row.Id));
}

const UTC_TIME = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/;

describe('reference host: the audit trail', () => {
  it('shows a signed change’s manifestation and the intact mark on the form page and the printable page', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'supervisor');
    const id = await firstDeviationId(page);
    await page.goto(`/form?WebTemplateNo=103&UGoToItemNo=${id}`);
    await formByTitle(page, 'Deviation').getByLabel('Status').waitFor();

    const panel = page.getByRole('region', { name: 'Audit trail' });
    await panel.getByRole('status').filter({ hasText: 'Audit trail intact' }).waitFor();
    const signed = panel.locator('tr[data-signed]').filter({ hasText: 'CAPA verified effective' });
    await signed.waitFor();
    const manifestation = await signed.locator('.procedo-SignatureManifestation').textContent();
    expect(manifestation).toContain('Signed bySam Supervisor');
    expect(manifestation).toMatch(UTC_TIME);
    expect(manifestation).toContain('MeaningCAPA verified effective');
    // The change it signed, old → new, in the same trail.
    await panel.locator('li', { hasText: 'Status: Investigating → Closed' }).first().waitFor();
    // Beside the record: its newest signature.
    const last = page.getByRole('region', { name: 'Last signature' });
    expect(await last.textContent()).toMatch(/Sam Supervisor.*UTC.*CAPA verified effective/);
    await expectNoSeriousAxeViolations(page);

    await panel.getByRole('link', { name: 'Printable page' }).click();
    const printed = page.getByRole('article', { name: `Audit trail — Deviation, record ${id}` });
    await printed.getByRole('status').filter({ hasText: 'Audit trail intact' }).waitFor();
    const text = (await printed.textContent()) ?? '';
    expect(text).toContain(`Deviation (103), record ${id}`);
    expect(text).toContain('Printed bySam Supervisor (supervisor)');
    expect(text).toMatch(/Printed at\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(text).toContain('Signed bySam Supervisor');
    expect(text).toContain('Root cause confirmed by calibration records');
    // Created, then three signed changes: each an update and its signature.
    expect(await printed.locator('tbody tr').count()).toBe(7);
    await expectNoSeriousAxeViolations(page);
    // On paper: no Print button, no navigation.
    await page.emulateMedia({ media: 'print' });
    expect(await printed.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Profile navigation' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // Administration › Audit trail: the supervisors' search, linked to each record.
    await page.goto('/');
    await profileNavigation(page).getByRole('link', { name: 'Audit trail' }).click();
    await page.getByLabel('Entity (e.g. deviation)').fill('deviation');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('table', { name: /audit events of deviation, newest first/ });
    await results
      .getByRole('link', { name: `deviation ${id}` })
      .first()
      .waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
