import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountToggle } from './CountToggle';
import { countPreference, countPreferenceKey } from './count-preference';
import { createGridStore, type GridRowSource } from './grid-state';
import { memorySource, type SampleRow, sampleRows } from './test-rows';

const ON = 'Count is On.';
const OFF = 'Count is Off. Click to show a count. (large queries might take a few minutes)';

const makeStore = (source: GridRowSource<SampleRow>, withTotal = false) => {
  const store = createGridStore<SampleRow>({ source, getRowKey: (row) => row.id, columnCount: 2, withTotal });
  store.ensureRows(0, 1);
  return store;
};

const description = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;

/** An in-memory storage, so the test sees exactly what is written. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
};

describe('CountToggle', () => {
  it('is a pressed/unpressed button with the spec tooltips as title and accessible description, and shows the count', async () => {
    const store = makeStore(memorySource(sampleRows(100_000)));
    render(<CountToggle grid={store} />);
    const button = screen.getByRole('button', { name: 'Count' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('title')).toBe(OFF);
    expect(description(button)).toBe(OFF);
    expect(await screen.findByText('100+ rows')).toBeTruthy();

    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('title')).toBe(ON);
    expect(description(button)).toBe(ON);
    expect(store.getSnapshot().withTotal).toBe(true);
    store.ensureRows(0, 1);
    expect(await screen.findByText('100,000 rows')).toBeTruthy();

    fireEvent.click(button);
    expect(store.getSnapshot().withTotal).toBe(false);
    expect(button.getAttribute('title')).toBe(OFF);
  });

  it('says "more than N" when the server stopped counting (TotalIsExact false)', async () => {
    const rows = sampleRows(30);
    const source: GridRowSource<SampleRow> = {
      loadPage: async (start, count) => ({
        rows: rows.slice(start, start + count),
        hasMore: true,
        total: 10_000,
        totalIsExact: false,
      }),
    };
    render(<CountToggle grid={makeStore(source, true)} />);
    expect(await screen.findByText('more than 10,000')).toBeTruthy();
  });

  it('says "N rows" once the last page came even with the count off, and nothing before any row', async () => {
    const store = createGridStore<SampleRow>({
      source: memorySource(sampleRows(1)),
      getRowKey: (row) => row.id,
      columnCount: 2,
    });
    const { container } = render(<CountToggle grid={store} />);
    expect(container.querySelector('output')?.textContent).toBe('');
    store.ensureRows(0, 1);
    expect(await screen.findByText('1 row')).toBeTruthy();
  });

  it('remembers the choice per form under procedo.grid.count.<WebTemplateNo>', async () => {
    const storage = memoryStorage();
    const preference = countPreference(42, storage);
    expect(preference.get()).toBe(false);
    expect(preference.get(true)).toBe(true);
    const store = makeStore(memorySource(sampleRows(3)), preference.get());
    render(<CountToggle grid={store} preference={preference} />);
    fireEvent.click(screen.getByRole('button', { name: 'Count' }));
    expect(storage.items.get('procedo.grid.count.42')).toBe('on');
    expect(countPreference(42, storage).get()).toBe(true);
    expect(countPreference(43, storage).get()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Count' }));
    await waitFor(() => expect(countPreference(42, storage).get(true)).toBe(false));
  });

  it('uses window.localStorage by default and survives a storage that throws', () => {
    localStorage.removeItem(countPreferenceKey(7));
    countPreference(7).set(true);
    expect(localStorage.getItem('procedo.grid.count.7')).toBe('on');
    expect(countPreference('7').get()).toBe(true);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => countPreference(7, blocked).set(true)).not.toThrow();
    expect(countPreference(7, blocked).get(true)).toBe(true);
    localStorage.removeItem(countPreferenceKey(7));
  });
});
