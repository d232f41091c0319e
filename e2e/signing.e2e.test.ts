import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  expectNoSeriousAxeViolations,
  formByTitle,
  logOnAndWaitForHome,
  openPage,
  pageCommand,
  profileNavigation,
  startServerAndBrowser,
} from './harness';

// SignatureRequiresPassword on: the session's first signature also needs the password.
const env = startServerAndBrowser({ signatureRequiresPassword: true });

describe('reference host: Part 11 signing', () => {
  it('keeps the edit when the server refuses a wrong legal name and says why, asks for the password, saves; supervisors see the failure under Security events', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'supervisor');
    await page.goto('/form?WebTemplateNo=103');
    const deviation = formByTitle(page, 'Deviation');
    await deviation.getByLabel('Title').waitFor();
    await page.waitForTimeout(350);
    await deviation.getByLabel('Title').fill('Torn seal on drum 7');
    await deviation.getByLabel('Occurred on').fill('2026-11-02');
    await deviation.getByLabel('Severity').selectOption('Major');
    await deviation.getByLabel('Status').selectOption('Open');
    await pageCommand(page, 'Save').click();

    const dialog = page.getByRole('alertdialog', { name: 'Sign the change' });
    await dialog.getByLabel('Signature (your legal name)').fill('Olive Operator');
    await dialog.getByLabel('Reason for the change').fill('New deviation');
    await dialog.getByRole('button', { name: 'Sign' }).click();
    // The server's answer, announced; the dialog and the form keep what was typed.
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'does not match your legal name. 2 attempts left' })
      .waitFor();
    expect(await dialog.getByLabel('Reason for the change').inputValue()).toBe('New deviation');
    expect(await deviation.getByLabel('Severity').inputValue()).toBe('Major');
    expect(await deviation.getByLabel('Title').inputValue()).toBe('Torn seal on drum 7');
    await expectNoSeriousAxeViolations(page);

    await dialog.getByLabel('Signature (your legal name)').fill('Sam Supervisor');
    await dialog.getByRole('button', { name: 'Sign' }).click();
    const password = dialog.getByLabel('Password');
    await dialog.getByRole('alert').filter({ hasText: 'Enter your password to sign' }).waitFor();
    expect(await password.getAttribute('type')).toBe('password');
    expect(await password.getAttribute('autocomplete')).toBe('current-password');
    await password.fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await profileNavigation(page).getByRole('link', { name: 'Security events' }).click();
    await page.waitForURL((url) => url.pathname === '/security-events');
    const row = page.getByRole('row').filter({ hasText: 'Failed signature: Wrong legal name' });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('supervisor');
    await expectNoSeriousAxeViolations(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
