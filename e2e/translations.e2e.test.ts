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

/** `PATCH session/preferences` from the page, as a language picker would. */
async function preferLanguage(page: Page, language: string): Promise<number> {
  return page.evaluate(async (lang) => {
    const csrf = /(?:^|; )procedo_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch('/api/v1/session/preferences', {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
      body: JSON.stringify({ language: lang }),
    });
    return response.status;
  }, language);
}

describe('reference host: translations', () => {
  it('a translator translates a label and a German-preferring user sees it', async () => {
    const translator = await openPage(env.browser, env.server.url, { bypassCSP: true });
    const page = translator.page;
    await logOnAndWaitForHome(page, 'translator');
    const toggle = page.getByRole('button', { name: 'Translation mode' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');

    await page.goto('/form?WebTemplateNo=102');
    const supplier = formByTitle(page, 'Supplier');
    const translate = supplier.getByRole('button', { name: 'Translate Country' });
    await translate.focus();
    await page.keyboard.press('Enter');
    const prompt = page.getByRole('dialog', { name: 'Translate “Country”' });
    const text = prompt.getByRole('textbox', { name: 'Translation' });
    // The seeded German, read with entity.translation.get.
    await expect.poll(() => text.inputValue()).toBe('Land');
    expect(await prompt.getByLabel('Language').inputValue()).toBe('de');
    await expectNoSeriousAxeViolations(page);
    await text.fill('Herkunftsland');
    await prompt.getByRole('button', { name: 'Save' }).click();
    await prompt.waitFor({ state: 'detached' });
    // The translator reads English: their form is unchanged.
    expect(await supplier.getByLabel('Country', { exact: true }).count()).toBe(1);
    // A navigation node through the same prompt.
    await profileNavigation(page).getByRole('button', { name: 'Translate Help' }).click();
    const nodePrompt = page.getByRole('dialog', { name: 'Translate “Help”' });
    const nodeText = nodePrompt.getByRole('textbox', { name: 'Translation' });
    await expect.poll(() => nodeText.inputValue()).toBe('Hilfe');
    await nodeText.fill('Hilfe und Support');
    await nodeText.press('Enter');
    await nodePrompt.waitFor({ state: 'detached' });
    expect(translator.pageErrors).toEqual([]);
    await translator.context.close();

    const operator = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(operator.page, 'operator');
    // No translation mode for a user without translation-admin.
    expect(await operator.page.getByRole('button', { name: 'Translation mode' }).count()).toBe(0);
    expect(await preferLanguage(operator.page, 'de')).toBe(200);
    await operator.page.goto('/form?WebTemplateNo=102');
    const lieferant = formByTitle(operator.page, 'Lieferant');
    await lieferant.getByLabel('Herkunftsland', { exact: true }).waitFor();
    // The rest from the seeded German; the navigation too.
    expect(await lieferant.getByLabel('Telefon', { exact: true }).count()).toBe(1);
    await profileNavigation(operator.page).getByRole('link', { name: 'Lieferanten' }).waitFor();
    expect(await profileNavigation(operator.page).getByText('Hilfe und Support').count()).toBe(1);
    expect(await operator.page.getByRole('button', { name: /^Translate/ }).count()).toBe(0);
    await expectNoSeriousAxeViolations(operator.page);
    expect(operator.pageErrors).toEqual([]);
    await operator.context.close();
  });
});
