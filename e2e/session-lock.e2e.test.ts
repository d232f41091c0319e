import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  logOnAndWaitForHome,
  openPage,
  profileNavigation,
  sessionStatus,
  startServerAndBrowser,
} from './harness';

// 0.55 minutes = 33 s: the warning comes 30 s before the client deadline (timeout + 5 s margin).
const env = startServerAndBrowser({ sessionTimeoutMinutes: 0.55 });

describe('reference host: session timeout', () => {
  it('warns, locks, and logs in again on the overlay without losing what was typed; every tab unlocks', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    // A second tab of the same browser shares the session and the timeout cookie.
    const otherTab = await context.newPage();
    await otherTab.goto('/');
    await profileNavigation(otherTab).getByRole('link').first().waitFor();

    const quickFind = page.getByLabel('Quick find');
    await quickFind.fill('draft 42');

    // The notice: an alert and a 'Log in' button, before the lock.
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your session is about to expire.' })
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();

    const lock = page.getByRole('alertdialog').filter({ hasText: 'Your session has expired.' });
    await lock.waitFor({ timeout: 60_000 });
    const otherLock = otherTab.getByRole('alertdialog').filter({ hasText: 'Your session has expired.' });
    await otherLock.waitFor({ timeout: 15_000 });
    expect(await sessionStatus(page)).toBe(401);

    await lock.getByLabel('Password').fill(DEMO_PASSWORD);
    await lock.getByRole('button', { name: 'Login', exact: true }).click();
    await lock.waitFor({ state: 'detached', timeout: 15_000 });

    expect(await quickFind.inputValue()).toBe('draft 42');
    expect(await sessionStatus(page)).toBe(200);
    // The other tab sees the newer deadline at its next check (every 5 s) and unlocks too.
    await otherLock.waitFor({ state: 'detached', timeout: 15_000 });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("keeps the session alive from the warning's 'Log in' button, without a password", async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url);
    await logOnAndWaitForHome(page, 'operator');
    const readDeadline = () =>
      page.evaluate(() => Number(/(?:^|; )procedo_timeout=(\d+)/.exec(document.cookie)?.[1] ?? Number.NaN));
    const before = await readDeadline();
    expect(before).toBeGreaterThan(Date.now());

    const notice = page.getByRole('alert').filter({ hasText: 'Your session is about to expire.' });
    await notice.waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await notice.waitFor({ state: 'detached', timeout: 15_000 });

    expect(await readDeadline()).toBeGreaterThan(before);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await sessionStatus(page)).toBe(200);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
