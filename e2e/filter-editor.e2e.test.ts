import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  logOnAndWaitForHome,
  openPage,
  startServerAndBrowser,
} from './harness';

const env = startServerAndBrowser();

// Form 103 (deviations): its date field OccurredOn is what a malformed date is typed into.
const EDITOR =
  '/filter-editor?WebTemplateNo=103&EntityViewName=Deviations&EntityViewId=deviations&EntityViewFilterIdListControl=DeviationFilters';

describe('reference host: the filter editor', () => {
  it('says which condition has a bad date, saves once fixed, and hands the picked filter to its opener', async () => {
    const { context, page, pageErrors } = await openPage(env.browser, env.server.url, { bypassCSP: true });
    await logOnAndWaitForHome(page, 'supervisor');
    // The opener: what the grid's useFilterEditorResult would receive.
    await page.evaluate(() => {
      const received: unknown[] = [];
      (window as unknown as { received: unknown[] }).received = received;
      window.addEventListener('message', (event) => received.push(event.data));
    });
    const [editor] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate((url) => void window.open(url, '_blank', 'width=800,height=400'), EDITOR),
    ]);
    await editor.getByRole('heading', { name: 'Filters: Deviations' }).waitFor();

    const first = editor.getByRole('group', { name: 'Condition 1' });
    await editor.getByRole('button', { name: 'Add condition' }).click();
    const second = editor.getByRole('group', { name: 'Condition 2' });
    await first.getByLabel('Value').fill('leak');
    await second.getByLabel('Field').selectOption({ label: 'Occurred on' });
    await second.getByLabel('Comparison').selectOption({ label: 'after' });
    await second.getByLabel('Value').fill('2026-02-30');
    await editor.getByLabel('Name').fill('Recent leaks');
    await editor.getByRole('button', { name: 'Save filter' }).click();

    await second.getByText('Enter a date as yyyy-MM-dd.').waitFor();
    expect(await second.getByLabel('Value').getAttribute('aria-invalid')).toBe('true');
    expect(await first.getByText('Enter a date as yyyy-MM-dd.').count()).toBe(0);
    expect(await second.getByLabel('Value').inputValue()).toBe('2026-02-30');
    await expectNoSeriousAxeViolations(editor);

    await second.getByLabel('Value').fill('2026-02-28');
    await editor.getByRole('button', { name: 'Save filter' }).click();
    await editor.getByText('Saved “Recent leaks”.').waitFor();

    // The list after a reload comes from the server.
    await editor.reload();
    const saved = editor
      .getByRole('region', { name: 'Saved filters' })
      .getByRole('checkbox', { name: 'Recent leaks' });
    await saved.check();
    const id = await editor.evaluate(() =>
      fetch('/api/v1/forms/103/filters', { credentials: 'same-origin' })
        .then((r) => r.json())
        .then(
          (list: { Items: { Id: number; Name: string }[] }) =>
            list.Items.find((f) => f.Name === 'Recent leaks')?.Id,
        ),
    );
    const closed = editor.waitForEvent('close');
    // The popup closes itself under the click, which then reports the page gone: the close is the check.
    await editor
      .getByRole('button', { name: 'Apply' })
      .click()
      .catch(() => {});
    await closed;
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received))
      .toContainEqual({
        type: 'procedo.filters',
        control: 'DeviationFilters',
        ids: [id],
        viewId: 'deviations',
      });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
