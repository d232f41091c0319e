import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  expectNoSeriousAxeViolations,
  formByTitle,
  hostDist,
  logOn,
  profileNavigation,
  startServerAndBrowser,
} from './harness';

// Issue 14 item 7: the reference host on a phone (390 px) and a tablet (820 px), and the route
// split that keeps the logon page light (docs/ARCHITECTURE.md "Host bundle", "Narrow screens").
const env = startServerAndBrowser();

interface ManifestChunk {
  file: string;
  src?: string;
}
const manifest = JSON.parse(readFileSync(path.join(hostDist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** The built file of a chunk by its manifest key: the test fails if the split that made it is undone. */
function chunkFile(match: (key: string) => boolean, what: string): string {
  const key = Object.keys(manifest).find(match);
  if (!key) throw new Error(`the host build has no chunk for ${what}: is it still loaded on demand?`);
  return manifest[key]!.file;
}

/** Chunks the logon page must not load (read from the build's manifest). */
const HEAVY = {
  signedInShell: chunkFile((key) => key === 'src/routes/RootRoute.tsx', 'the signed-in layout'),
  formPage: chunkFile((key) => key === 'src/routes/FormPage.tsx', 'the form page'),
  grid: chunkFile((key) => key === 'src/forms/search-results-grid.ts', 'the search grid'),
  stepPage: chunkFile((key) => key === 'src/routes/StepPage.tsx', 'the process step page'),
  flowHome: chunkFile((key) => key === 'src/routes/FlowHomePage.tsx', 'the flow home page'),
  dashboard: chunkFile((key) => key === 'src/routes/DashboardPage.tsx', 'the dashboard page'),
  charts: chunkFile((key) => key.endsWith('packages/forms-react/src/charts.ts'), 'the charts'),
  // react-aria's combobox and list box with the picker's search: loaded on the first focus of a picker.
  pickerComboBox: chunkFile(
    (key) => key.endsWith('packages/forms-react/src/fields/PickerComboBox.tsx'),
    "the picker's combobox",
  ),
  // The full v1 client (every resource's schemas): the logon page builds only `session` (api-session.ts).
  v1Client: chunkFile((key) => key.startsWith('_api-') && !manifest[key]?.src, 'the full v1 client'),
  processRunner: chunkFile(
    (key) => key.endsWith('packages/process-react/src/runner-engine.tsx'),
    "process-react's step runner",
  ),
};

/** A fresh context of the given size (axe needs CSP bypassed) that records the scripts it loads. */
async function openAt(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({
    baseURL: env.server.url,
    viewport: { width, height },
    bypassCSP: true,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname.slice(1));
  });
  return { context, page, pageErrors, scripts };
}

/** Logs on at `/logon` and waits for the home page (its navigation may be behind the menu). */
async function logOnAt(page: Page, userName: string) {
  await page.goto('/logon');
  await logOn(page, { userName, password: DEMO_PASSWORD });
  await page.waitForURL((url) => url.pathname === '/');
  await page.locator('.procedo-Dashboard, .procedo-HomePage, main h1').first().waitFor();
}

/** The page does not scroll sideways: nothing is wider than the window. */
async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

/** The label of the record form's Country field and its input. */
async function nameLabelAndInput(page: Page) {
  await page.goto('/form?WebTemplateNo=102&UGoToItemNo=1');
  const form = formByTitle(page, 'Supplier');
  const input = form.getByLabel('Country', { exact: true });
  await input.waitFor();
  const id = await input.getAttribute('id');
  return { label: await box(form.locator(`label[for="${id}"]`)), input: await box(input) };
}

/** A search of suppliers whose rows open in a dialog, and the dialog of its first row. */
async function openRowDialog(page: Page) {
  await page.goto('/form?WebTemplateNo=101&a_rowtarget=supplier_dialog');
  const search = formByTitle(page, 'Suppliers');
  await search.getByLabel('Name', { exact: true }).fill('a');
  await search.getByLabel('Name', { exact: true }).press('Enter');
  const grid = search.getByRole('grid');
  const first = grid.locator('[role="gridcell"][aria-colindex="1"]').getByRole('link').first();
  await first.waitFor();
  return { grid, first };
}

describe('reference host: narrow screens and the route split', () => {
  it('on a phone (390 px): the logon page loads no heavy chunk, the navigation is a menu, labels stand above fields, and nothing is wider than the screen', async () => {
    const { context, page, pageErrors, scripts } = await openAt(env.browser, 390, 844);
    await page.goto('/logon');
    await page.getByRole('button', { name: 'Log on', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = [...scripts];
    for (const [part, file] of Object.entries(HEAVY)) expect(loaded, part).not.toContain(file);
    await expectNoSeriousAxeViolations(page);

    await logOnAt(page, 'supervisor');
    const menu = page.getByRole('button', { name: 'Menu' });
    const navigation = profileNavigation(page);
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await navigation.isVisible()).toBe(false);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);

    // Keyboard: Enter opens the menu and moves focus into it; Escape closes it and returns focus.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    await navigation.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('nav')?.ariaLabel)).toBe(
      'Profile navigation',
    );
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await navigation.isVisible()).toBe(false);

    // …and Tab through it to a form: the page changes and the menu closes.
    await page.keyboard.press('Enter');
    await navigation.waitFor();
    for (let presses = 0; presses < 40; presses++) {
      const text = await page.evaluate(() => document.activeElement?.textContent?.trim());
      if (text === 'Suppliers') break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/form' && url.searchParams.get('WebTemplateNo') === '101',
    );
    await formByTitle(page, 'Suppliers').waitFor();
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');

    // A record form (its own page load): each label stands above its field; no grid, chart,
    // process runner code (the runner loads when a process is first started or run) or picker
    // combobox (it loads on the first focus of a picker).
    scripts.clear();
    const { label, input } = await nameLabelAndInput(page);
    expect(label.y + label.height).toBeLessThanOrEqual(input.y + 1);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);
    const recordScripts = [...scripts];
    expect(recordScripts).not.toContain(HEAVY.grid);
    expect(recordScripts).not.toContain(HEAVY.charts);
    expect(recordScripts).not.toContain(HEAVY.processRunner);
    expect(recordScripts).not.toContain(HEAVY.pickerComboBox);

    // A search form: its grid scrolls sideways inside itself, never the page; a row's dialog fits.
    const { grid, first } = await openRowDialog(page);
    const scroller = await grid.evaluate((element) => ({
      scrollWidth: element.closest('.procedo-DataGrid')?.scrollWidth ?? 0,
      clientWidth: element.closest('.procedo-DataGrid')?.clientWidth ?? 0,
    }));
    expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);
    const name = (await first.textContent())?.trim() ?? '';
    await first.click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    const dialogBox = await box(dialog);
    expect(dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(390);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('on a tablet (820 px): the navigation stands beside the page, labels beside their fields, and nothing is wider than the screen', async () => {
    const { context, page, pageErrors } = await openAt(env.browser, 820, 1180);
    await logOnAt(page, 'supervisor');
    const navigation = profileNavigation(page);
    await navigation.getByRole('link').first().waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    const nav = await box(navigation);
    const main = await box(page.getByRole('main'));
    expect(nav.x + nav.width).toBeLessThanOrEqual(main.x + 1);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);

    const { label, input } = await nameLabelAndInput(page);
    expect(label.x + label.width).toBeLessThanOrEqual(input.x + 1);
    expect(label.y).toBeLessThan(input.y + input.height);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);

    const { first } = await openRowDialog(page);
    await expectNoHorizontalOverflow(page);
    const name = (await first.textContent())?.trim() ?? '';
    await first.click();
    const dialogBox = await box(page.getByRole('dialog', { name }));
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(820);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
