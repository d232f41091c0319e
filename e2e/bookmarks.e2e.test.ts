import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  logOnAndWaitForHome,
  openPage,
  profileNavigation,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

describe('reference host: bookmarks', () => {
  it('a bookmark round trip: bookmark a record, find it on the home page and in Quick find, open it, remove it', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'operator');
    const title = await page.evaluate(() =>
      fetch('/api/v1/forms/102/records/7', { credentials: 'same-origin' })
        .then((r) => r.json())
        .then((record: { Values: { Name: string } }) => record.Values.Name),
    );

    // Nothing bookmarked yet.
    const bookmarks = page.getByRole('region', { name: 'Your bookmarks' });
    await bookmarks.getByText('No bookmarks yet.', { exact: false }).waitFor();

    await page.goto('/form?WebTemplateNo=102&UGoToItemNo=7');
    const toggle = page.getByRole('button', { name: 'Bookmark', exact: true });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.press('Space');
    // spec §4: the icon toggles after the server confirmed the call.
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await expectNoSeriousAxeViolations(page);

    // Quick find offers the bookmark whose title matches.
    await page.getByRole('searchbox', { name: 'Quick find' }).fill(title.slice(0, 8));
    await profileNavigation(page).getByRole('link', { name: title }).waitFor();

    await page.getByRole('link', { name: 'Procedo', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const link = bookmarks.getByRole('link', { name: title });
    await link.waitFor();
    await expectNoSeriousAxeViolations(page);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/form' && url.searchParams.get('UGoToItemNo') === '7');
    expect(new URL(page.url()).searchParams.get('WebTemplateNo')).toBe('102');

    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');

    await page.goto('/');
    await bookmarks.getByText('No bookmarks yet.', { exact: false }).waitFor();
    expect(await bookmarks.getByRole('link', { name: title }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
