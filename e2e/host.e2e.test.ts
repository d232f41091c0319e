import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  expectNoSeriousAxeViolations,
  logOn,
  logOnAndWaitForHome,
  openPage,
  profileNavigation,
  sessionStatus,
  startServerAndBrowser,
  trackApiCalls,
} from './harness';

const env = startServerAndBrowser();

describe('reference host: logon, navigation and sign out', () => {
  it('lets the operator log on, see the profile navigation and the name, and sign out', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');

    const navigation = profileNavigation(page);
    // Items of the seeded site map of the operator's profile.
    await navigation.getByRole('link', { name: 'Suppliers' }).waitFor();
    await navigation.getByRole('link', { name: 'Getting started' }).waitFor();
    await navigation.getByText('Quality', { exact: true }).waitFor();
    // The operator's profile has no Administration section (the supervisor's has).
    expect(await navigation.getByText('Administration', { exact: true }).count()).toBe(0);
    expect(await navigation.getByRole('link', { name: 'Audit trail' }).count()).toBe(0);
    await page.getByRole('banner').getByText('Olive Operator', { exact: true }).waitFor();
    expect(await page.title()).toBe('Procedo');

    await page.getByRole('link', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/logon');
    expect(await sessionStatus(page)).toBe(401);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('adds the database name to the window title for the supervisor', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'supervisor');
    await page.waitForFunction(() => document.title === 'Procedo - Demo');
    await page.getByRole('banner').getByText('Sam Supervisor', { exact: true }).waitFor();
    // A form the operators' profile may not open: only the supervisor's navigation links it.
    await profileNavigation(page).getByRole('link', { name: 'Certificates' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the server message for a wrong password and keeps the user name', async () => {
    const { context, page } = await openPage(env.browser, env.server.url);
    await page.goto('/logon');
    await logOn(page, { userName: 'operator', password: 'not-the-password' });
    await page.getByRole('alert').filter({ hasText: 'The user name or password is incorrect.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/logon');
    expect(await page.getByLabel('User name').inputValue()).toBe('operator');
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(await sessionStatus(page)).toBe(401);
    await context.close();
  });

  it('clears untouched logon fields at the §9 retry times but leaves a field the user typed in', async () => {
    const { context, page } = await openPage(env.browser, env.server.url);
    await page.goto('/logon');
    const userName = page.getByLabel('User name');
    await userName.waitFor();
    // What late browser autofill does: a value appears without the field being focused.
    await userName.evaluate((input: HTMLInputElement) => {
      input.value = 'autofilled';
    });
    await page.getByLabel('Password').fill('typed by the user');
    await page.waitForTimeout(4000);
    expect(await userName.inputValue()).toBe('');
    expect(await page.getByLabel('Password').inputValue()).toBe('typed by the user');
    await context.close();
  });

  it('sends a visitor of a signed-in page to log on and back to that page', async () => {
    const { context, page } = await openPage(env.browser, env.server.url);
    await page.goto('/form?WebTemplateNo=101');
    await page.waitForURL((url) => url.pathname === '/logon');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/form?WebTemplateNo=101');
    await logOn(page, { userName: 'operator' });
    await page.waitForURL((url) => url.pathname === '/form' && url.search === '?WebTemplateNo=101');
    await profileNavigation(page).getByRole('link').first().waitFor();
    await context.close();
  });
});

describe('reference host: spec §8 error handling', () => {
  it("shows 'Error loading profile navigation items' when the site map call fails with HTTP 500", async () => {
    const { context, page } = await openPage(env.browser, env.server.url);
    // The server has no switch to make the site map fail: answer that one command with a 500.
    await page.route('**/callback', async (route) => {
      if (!route.request().postData()?.includes('Profile.Navigation.SiteMap.Xml')) return route.fallback();
      await route.fulfill({
        status: 500,
        contentType: 'application/xml',
        body: '<Response><Status>ERROR</Status><Message>Unexpected failure</Message></Response>',
      });
    });
    await page.goto('/logon');
    await logOn(page, { userName: 'operator' });
    await profileNavigation(page)
      .getByRole('alert')
      .filter({ hasText: 'Error loading profile navigation items' })
      .waitFor();
    // The §8 HTTP 500 rule: an alert with the caller's text plus ': HTTP 500'.
    const alert = page
      .getByRole('alertdialog')
      .filter({ hasText: 'Error loading profile navigation items: HTTP 500' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'OK', exact: true }).click();
    await alert.waitFor({ state: 'detached' });
    await context.close();
  });

  it('opens the lock overlay when a call finds the session gone, and carries on after logging in there', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    const calls = trackApiCalls(page);
    await logOnAndWaitForHome(page, 'operator');
    // The home page loads on demand and then reads its dashboard, bookmarks and processes, and Quick
    // find reads the user's bookmarks as a search starts: let those reads end while signed in, so the
    // call that finds the session gone is the one below.
    await calls.settled();
    await page.getByLabel('Quick find').fill('batch');
    await calls.settled();
    // End the server session behind the page's back (as an expiry or another sign-out would).
    const logoutStatus = await page.evaluate(async () => {
      const csrf = /(?:^|; )procedo_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch('/api/v1/session/logout', {
        method: 'POST',
        headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
      });
      return response.status;
    });
    expect(logoutStatus).toBeLessThan(300);

    await page.getByRole('link', { name: 'Classic', exact: true }).click();
    const lock = page.getByRole('alertdialog').filter({ hasText: 'Your session has expired.' });
    await lock.waitFor();
    await lock.getByLabel('Password').fill('wrong password');
    await lock.getByRole('button', { name: 'Login', exact: true }).click();
    await lock.getByRole('alert').filter({ hasText: 'The user name or password is incorrect.' }).waitFor();

    await lock.getByLabel('Password').fill(DEMO_PASSWORD);
    await lock.getByRole('button', { name: 'Login', exact: true }).click();
    await lock.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Quick find').inputValue()).toBe('batch');
    expect(await sessionStatus(page)).toBe(200);
    await profileNavigation(page).getByRole('link', { name: 'Batches' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('reference host: UI mode', () => {
  it('switches to the classic UI with /?a_ui=classic, keeps it over a reload, and back with Modern', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    expect(await page.evaluate(() => document.documentElement.dataset.ui)).toBe('modern');

    await page.goto('/?a_ui=classic');
    await page.waitForFunction(() => document.documentElement.dataset.ui === 'classic');
    await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('a_ui'));

    await page.reload();
    await profileNavigation(page).getByRole('link').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.ui)).toBe('classic');

    await page.getByRole('link', { name: 'Modern', exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dataset.ui === 'modern');
    await page.reload();
    await profileNavigation(page).getByRole('link').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.ui)).toBe('modern');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('reference host: helper pages', () => {
  it('renders a help topic, says so for an unknown one, and renders the blank page', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await page.goto('/help/getting-started');
    await page.getByRole('heading', { level: 1, name: 'Getting started' }).waitFor();
    expect(await page.title()).toBe('Getting started - Procedo Help');

    await page.goto('/help/no-such-topic');
    await page.getByRole('heading', { level: 1, name: 'Help topic not found' }).waitFor();

    await page.goto('/blank');
    await page.getByRole('main', { name: 'Blank page' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('main').textContent()).toBe('');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('reference host: accessibility', () => {
  it('has no serious or critical axe violations on the logon page', async () => {
    const { context, page } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await page.goto('/logon');
    await page.getByLabel('Database').locator('option').first().waitFor({ state: 'attached' });
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('has no serious or critical axe violations on the home page', async () => {
    const { context, page } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'operator');
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
