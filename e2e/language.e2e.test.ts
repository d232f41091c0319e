import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  logOnAndWaitForHome,
  openPage,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

/** The language picker among the title bar's account links; its label is in the language shown. */
const picker = (page: Page, label: 'Language' | 'Sprache') =>
  page.getByRole('navigation', { name: 'Account' }).getByLabel(label, { exact: true });

describe('reference host: the SDK in the user’s language', () => {
  it('shows the SDK’s German texts to a user who prefers German, loaded on demand, and English again after switching back', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await logOnAndWaitForHome(page, 'operator');
    const englishScripts = scripts.length;
    const panel = page.getByRole('region', { name: 'Start a process' });
    await panel.getByRole('button', { name: 'Create', exact: true }).waitFor();

    // The preference is saved on the server; the page changes without a reload.
    await picker(page, 'Language').selectOption('de');
    await picker(page, 'Sprache').waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(scripts.length).toBeGreaterThan(englishScripts);

    // process-react's button and a dialog's buttons in German.
    await panel.getByRole('radio', { name: /Interaction tour/ }).click();
    await panel.getByRole('button', { name: 'Anlegen', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm the start' });
    await confirm.getByRole('button', { name: 'Ja', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await confirm.getByRole('button', { name: 'Nein', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });

    // A new page load keeps the language (the preference, not the page, holds it): forms-react's
    // time-travel toggle on a form page.
    await page.goto('/form?WebTemplateNo=103');
    const toggle = page.getByRole('radiogroup', { name: 'Zeitreise' });
    await toggle.getByRole('radio', { name: 'Aktuelle Daten' }).waitFor();

    await picker(page, 'Sprache').selectOption('en');
    await page
      .getByRole('radiogroup', { name: 'Time travel' })
      .getByRole('radio', { name: 'Current data' })
      .waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
