import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  formByTitle,
  hostDist,
  logOnAndWaitForHome,
  openPage,
  profileNavigation,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

// The chunks only some users load (issue 14: forms-react's `./developer` and `./translation`
// entries, loaded by the host with React.lazy), read from the build's manifest.
const manifest = JSON.parse(readFileSync(path.join(hostDist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  { file: string }
>;
function chunkFile(match: (key: string) => boolean, what: string): string {
  const key = Object.keys(manifest).find(match);
  if (!key) throw new Error(`the host build has no chunk for ${what}: is it still loaded on demand?`);
  return manifest[key]!.file;
}
const developerBarChunk = chunkFile(
  (key) => key === 'src/developer/HostDeveloperBar.tsx',
  'the developer bar',
);
const translationPromptChunk = chunkFile(
  (key) => key.endsWith('packages/forms-react/src/translation.ts'),
  'the translation prompt',
);

/** Records the scripts a page fetches. */
function scriptsOf(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname.slice(1));
  });
  return scripts;
}

const developerBar = (page: Page) => page.getByRole('region', { name: 'Developer bar' });

/** The bar's form info, term → description. */
const barInfo = (page: Page) =>
  developerBar(page)
    .locator('dt')
    .evaluateAll((terms) =>
      Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent])),
    );

/** The id of the first supplier the search finds. */
async function firstSupplierId(page: Page): Promise<number> {
  const result = await page.evaluate(() =>
    fetch('/api/v1/forms/102/search', { credentials: 'same-origin' }).then((r) => r.json()),
  );
  return Math.min(...(result.Rows as { Id: number }[]).map((row) => row.Id));
}

describe('reference host: developer bar', () => {
  it('shows a supervisor the form info; Permissions, Refresh page cache and the profile switch work', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    const scripts = scriptsOf(page);
    await logOnAndWaitForHome(page, 'supervisor');
    expect((await barInfo(page)).Form).toBe('No form on this page');
    expect(scripts.has(developerBarChunk)).toBe(true);

    const id = await firstSupplierId(page);
    await page.goto(`/form?WebTemplateNo=102&UGoToItemNo=${id}`);
    await formByTitle(page, 'Supplier').waitFor();
    await expect.poll(() => barInfo(page).then((info) => info.WebFormId)).toBe(String(id));
    const info = await barInfo(page);
    expect(info).toMatchObject({ Application: 'R1501', 'Client web API': '18.01', WebTemplateNo: '102' });
    expect(info.Form).toMatch(/^Supplier \(definition 1, changed \d{4}-\d\d-\d\dT/);
    await expectNoSeriousAxeViolations(page);

    // Permissions: a toggle button whose state is the permissions cookie setting.
    const permissions = developerBar(page).getByRole('button', { name: 'Permissions' });
    await permissions.click();
    expect(await permissions.getAttribute('aria-pressed')).toBe('true');
    expect((await context.cookies()).find((c) => c.name === 'procedo_permissions')?.value).toBe('1');
    await permissions.click();
    expect(await permissions.getAttribute('aria-pressed')).toBe('false');

    // Refresh page cache: the command, then a reload of the page (the marker does not survive it).
    await page.evaluate(() => {
      (window as unknown as { beforeRefresh?: boolean }).beforeRefresh = true;
    });
    await developerBar(page).getByRole('button', { name: 'Refresh page cache' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { beforeRefresh?: boolean }).beforeRefresh ?? false),
      )
      .toBe(false);
    await expect.poll(() => barInfo(page).then((after) => after.WebFormId)).toBe(String(id));

    // System: the administration entries the supervisor's rights allow.
    await developerBar(page).getByRole('link', { name: 'System' }).click();
    await page.getByRole('heading', { name: 'System', level: 1 }).waitFor();
    expect(await page.getByRole('main').getByRole('link').allTextContents()).toEqual([
      'Users',
      'Permissions',
      'Form designer',
      'Navigation designer',
      'Audit trail',
      'Security events',
    ]);

    // Profile: the operators' profile has no Certificates; the navigation reloads as theirs.
    await profileNavigation(page).getByRole('link', { name: 'Certificates' }).waitFor();
    await developerBar(page).getByRole('button', { name: 'Profile: Quality supervisors' }).click();
    await page.getByRole('menuitemradio', { name: 'Operators' }).click();
    await developerBar(page).getByRole('button', { name: 'Profile: Operators' }).waitFor();
    await profileNavigation(page).getByRole('link', { name: 'Suppliers' }).waitFor();
    expect(await profileNavigation(page).getByRole('link', { name: 'Certificates' }).count()).toBe(0);

    // UGOTOPROFILENO switches before the form loads; a profile the user lacks is refused, said.
    await page.goto('/form?WebTemplateNo=105&UGOTOPROFILENO=1');
    await formByTitle(page, 'Supplier certificate').waitFor();
    await developerBar(page).getByRole('button', { name: 'Profile: Quality supervisors' }).waitFor();
    await page.goto('/form?WebTemplateNo=102&UGOTOPROFILENO=99');
    expect(await page.getByRole('alert').filter({ hasText: 'profile 99' }).textContent()).toBe(
      'The page could not switch to profile 99 and stays on profile Quality supervisors: You may not use profile 99.',
    );
    await formByTitle(page, 'Supplier').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows an operator no developer bar, and no System entries; their pages fetch neither the bar nor the translation prompt', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    const scripts = scriptsOf(page);
    await logOnAndWaitForHome(page, 'operator');
    await page.goto('/form?WebTemplateNo=102');
    await formByTitle(page, 'Supplier').waitFor();
    expect(await developerBar(page).count()).toBe(0);
    expect(scripts.has(developerBarChunk)).toBe(false);
    expect(scripts.has(translationPromptChunk)).toBe(false);
    await page.goto('/system');
    await page.getByText('You have no administration rights.').waitFor();
    await expectNoSeriousAxeViolations(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
