import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  logOnAndWaitForHome,
  openPage,
  profileNavigation,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

describe('reference host: administration › users (form 901)', () => {
  it('edits a user with the change in the grid and its audit entry; disabling the translator ends their open page; re-enables', async () => {
    const admin = await openPage(env.browser, env.server.url, { bypassCSP: true });
    const page = admin.page;
    await logOnAndWaitForHome(page, 'supervisor');

    // The translator has a page open in a browser of their own.
    const translator = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(translator.page, 'translator');

    await profileNavigation(page)
      .getByRole('link', { name: /^Users\b/ })
      .click();
    await page.waitForURL(
      (url) => url.pathname === '/form' && url.searchParams.get('WebTemplateNo') === '901',
    );
    const grid = page.getByRole('grid', { name: 'Users' });
    await grid.getByRole('button', { name: 'translator', exact: true }).waitFor();
    await expectNoSeriousAxeViolations(page);

    // A rule broken: the field says so and the edits stay.
    await grid.getByRole('button', { name: 'translator', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'User translator' });
    await expect.poll(() => dialog.getByLabel('Job title').inputValue()).toBe('Technical Translator');
    await dialog.getByLabel('Job title').fill('Lead Translator');
    await dialog.getByLabel('User name').fill('Supervisor');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Another user already has this name').waitFor();
    expect(await dialog.getByLabel('Job title').inputValue()).toBe('Lead Translator');
    expect(await dialog.getByLabel('User name').inputValue()).toBe('Supervisor');

    // Put the name back and save: the change and its audit entry show.
    await dialog.getByLabel('User name').fill('translator');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const history = dialog.getByRole('region', { name: 'Changes' });
    await history.getByRole('row').filter({ hasText: 'Lead Translator' }).waitFor();
    expect(await history.getByRole('row').filter({ hasText: 'Job title' }).textContent()).toContain(
      'Technical Translator',
    );
    await expectNoSeriousAxeViolations(page);

    // Disable, after the confirmation.
    await dialog.getByRole('button', { name: 'Disable user' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('button', { name: 'Enable user' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await grid
      .getByRole('row')
      .filter({ hasText: 'Lead Translator' })
      .filter({ hasText: 'Disabled' })
      .waitFor();

    // The translator's open page: its next request finds no session and opens the logon window
    // (spec §8), where the disabled account cannot sign on; a reload lands on the logon page.
    await profileNavigation(translator.page)
      .getByRole('link', { name: /^Suppliers/ })
      .click();
    const logonWindow = translator.page
      .getByRole('alertdialog')
      .filter({ hasText: 'Your session has expired.' });
    await logonWindow.waitFor();
    await logonWindow.getByLabel('Password').fill('demo');
    await logonWindow.getByRole('button', { name: 'Login', exact: true }).click();
    await logonWindow.getByText('The user name or password is incorrect.').waitFor();
    await translator.page.reload();
    await translator.page.waitForURL((url) => url.pathname === '/logon');

    // Enabled again, the translator signs on.
    await grid.getByRole('button', { name: 'translator', exact: true }).click();
    await dialog.getByRole('button', { name: 'Enable user' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('button', { name: 'Disable user' }).waitFor();
    await logOnAndWaitForHome(translator.page, 'translator');

    // The translator's own profile page, from their name in the title bar.
    await translator.page.getByRole('link', { name: 'Tess Translator' }).click();
    await translator.page.waitForURL((url) => url.pathname === '/profile');
    await translator.page.getByText('Lead Translator').waitFor();
    await translator.page.getByRole('radio', { name: 'Classic' }).check();
    await translator.page.getByRole('button', { name: 'Save preferences' }).click();
    await translator.page.getByRole('status').filter({ hasText: 'Your preferences are saved.' }).waitFor();
    await expect
      .poll(() => translator.page.evaluate(() => document.documentElement.dataset.ui))
      .toBe('classic');
    await expectNoSeriousAxeViolations(translator.page);

    expect(admin.pageErrors).toEqual([]);
    await admin.context.close();
    await translator.context.close();
  });
});
