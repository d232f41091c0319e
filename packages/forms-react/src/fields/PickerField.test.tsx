// @vitest-environment jsdom
import { HttpStatusError, type PickerValue } from '@procedo/client-api';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPickerComboBox, PickerField, type PickerFieldProps } from './PickerField';
import type { PickerSearchResult } from './usePickerSearch';

const SUPPLIERS: PickerValue[] = [
  { Id: 's1', Text: 'Acme Ltd' },
  { Id: 's2', Text: 'Acme Labs' },
  { Id: 's3', Text: 'Borealis Pharma' },
  { Id: 's4', Text: 'Cobalt Chemicals' },
];

interface SearchCall {
  text: string;
  signal: AbortSignal;
  resolve(result: PickerSearchResult): void;
}

/** An in-memory server list; `manual` leaves each answer pending until the test resolves it. */
function fakeSearch({ manual = false } = {}) {
  const calls: SearchCall[] = [];
  const search = (text: string, signal: AbortSignal) =>
    new Promise<PickerSearchResult>((resolve) => {
      calls.push({ text, signal, resolve });
      if (!manual) {
        const needle = text.toLowerCase();
        resolve({ Items: SUPPLIERS.filter((s) => s.Text.toLowerCase().includes(needle)), HasMore: false });
      }
    });
  return { search, calls };
}

function Harness({
  initial = null,
  changes,
  ...props
}: Omit<PickerFieldProps, 'label' | 'value' | 'onChange'> & {
  initial?: PickerValue | null;
  changes: (PickerValue | null)[];
}) {
  const [value, setValue] = useState<PickerValue | null>(initial);
  return (
    <>
      <PickerField
        label="Supplier"
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        {...props}
      />
      <button type="button">Next</button>
    </>
  );
}

const ACME = SUPPLIERS[0] as PickerValue;

/** A parent that clears the picker itself, as the renderer does for dependent fields. */
function ClearableFromOutside({ search }: { search: PickerFieldProps['search'] }) {
  const [value, setValue] = useState<PickerValue | null>(ACME);
  return (
    <>
      <PickerField label="Supplier" value={value} onChange={setValue} search={search} />
      <button type="button" onClick={() => setValue(null)}>
        Clear
      </button>
    </>
  );
}

function setup() {
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

async function elapse(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('PickerField', () => {
  // The ComboBox's module is loaded on a picker's first focus (PickerField-load.test.tsx tests
  // that); here it is loaded before the tests, as after any first use, so a focused picker swaps
  // it in at once. (Loading it the first time takes seconds here, longer than a test's waits.)
  beforeAll(async () => {
    await loadPickerComboBox();
  }, 30_000);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // Testing Library drains with a setTimeout(0) and advances it only when it sees Jest's fake
    // timers; this lets it see Vitest's.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('renders a plain labelled input with the picked text until first focused', () => {
    const { search, calls } = fakeSearch();
    render(<Harness initial={ACME} changes={[]} search={search} />);
    const input = screen.getByLabelText('Supplier') as HTMLInputElement;
    expect(input.value).toBe('Acme Ltd');
    expect(input.getAttribute('role')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('swaps in the combobox on focus, keeping focus and the next typed character', async () => {
    const user = setup();
    const { search } = fakeSearch();
    render(<Harness initial={ACME} changes={[]} search={search} />);
    await user.tab();
    const combobox = screen.getByRole('combobox', { name: 'Supplier' }) as HTMLInputElement;
    expect(document.activeElement).toBe(combobox);
    expect(combobox.value).toBe('Acme Ltd');
    await user.keyboard('s');
    expect(combobox.value).toBe('Acme Ltds');
  });

  it('carries a first character that reached the placeholder before the swap, and searches it', async () => {
    const { search, calls } = fakeSearch();
    render(<Harness changes={[]} search={search} />);
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: 'b' } });
    const combobox = screen.getByRole('combobox', { name: 'Supplier' }) as HTMLInputElement;
    expect(combobox.value).toBe('b');
    expect(document.activeElement).toBe(combobox);
    await elapse(150);
    expect(calls.map((c) => c.text)).toEqual(['b']);
    expect(await screen.findByRole('option', { name: 'Borealis Pharma' })).toBeTruthy();
  });

  it('closes the list on Escape and puts back the picked text, without searching it again', async () => {
    const user = setup();
    const { search, calls } = fakeSearch();
    const changes: (PickerValue | null)[] = [];
    render(<Harness initial={ACME} changes={changes} search={search} />);
    await user.click(screen.getByLabelText('Supplier'));
    await user.keyboard('{Control>}a{/Control}bor');
    await elapse(150);
    expect(await screen.findByRole('option', { name: 'Borealis Pharma' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await elapse(300);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Supplier' }) as HTMLInputElement).value).toBe('Acme Ltd');
    expect(calls.map((c) => c.text)).toEqual(['bor']);
    expect(changes).toEqual([]);
  });

  it('searches once, 150 ms after the last keystroke', async () => {
    const user = setup();
    const { search, calls } = fakeSearch();
    render(<Harness changes={[]} search={search} />);
    await user.click(screen.getByLabelText('Supplier'));
    await user.keyboard('acm');
    await elapse(149);
    expect(calls).toHaveLength(0);
    await elapse(1);
    expect(calls.map((c) => c.text)).toEqual(['acm']);
  });

  it('does not search while the text is shorter than the minimum length', async () => {
    const user = setup();
    const { search, calls } = fakeSearch();
    render(<Harness changes={[]} search={search} minLength={3} />);
    await user.click(screen.getByLabelText('Supplier'));
    await user.keyboard('ac');
    await elapse(500);
    expect(calls).toHaveLength(0);
    expect(screen.getByText('Type at least 3 characters to search.')).toBeTruthy();
    await user.keyboard('m');
    await elapse(150);
    expect(calls.map((c) => c.text)).toEqual(['acm']);
  });

  it('aborts the running search when the text changes and ignores its late answer', async () => {
    const user = setup();
    const { search, calls } = fakeSearch({ manual: true });
    render(<Harness changes={[]} search={search} />);
    await user.click(screen.getByLabelText('Supplier'));
    await user.keyboard('co');
    await elapse(150);
    expect(calls).toHaveLength(1);
    await user.keyboard('b');
    expect(calls[0]?.signal.aborted).toBe(true);
    await elapse(150);
    expect(calls.map((c) => c.text)).toEqual(['co', 'cob']);
    await act(async () => {
      calls[0]?.resolve({ Items: [{ Id: 'late', Text: 'Stale answer' }], HasMore: false });
      calls[1]?.resolve({ Items: [SUPPLIERS[3] as PickerValue], HasMore: true });
    });
    expect(screen.getByRole('option', { name: 'Cobalt Chemicals' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Stale answer' })).toBeNull();
    expect(screen.getByText('More matches exist: type more to narrow the list.')).toBeTruthy();
  });

  it('says so when the search fails', async () => {
    const user = setup();
    const search = () => Promise.reject(new Error('HTTP 500'));
    render(<Harness changes={[]} search={search} />);
    await user.click(screen.getByLabelText('Supplier'));
    await user.keyboard('ac');
    await elapse(150);
    expect(await screen.findByText('The search failed. Try again.')).toBeTruthy();
  });

  it('shows the server’s message for a refused search (stopped at the time limit) and keeps the typed text', async () => {
    const user = setup();
    const message =
      'The search was stopped after 2 s before it found a match. Type more of the name (its beginning is found fastest) and search again.';
    const body = { Message: message, Code: 'SEARCH_TIME_LIMIT' };
    const search = () =>
      Promise.reject(
        new HttpStatusError({
          status: 422,
          method: 'GET',
          url: '/api/v1/pickers/suppliers?text=zz',
          bodyText: JSON.stringify(body),
          body,
        }),
      );
    render(<Harness changes={[]} search={search} />);
    await user.click(screen.getByLabelText('Supplier'));
    await user.keyboard('zz');
    await elapse(150);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('The search failed. Try again.')).toBeNull();
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('zz');
  });

  it('calls onChange with the picked item and shows its text', async () => {
    const user = setup();
    const changes: (PickerValue | null)[] = [];
    const { search } = fakeSearch();
    render(<Harness changes={changes} search={search} />);
    const input = screen.getByLabelText('Supplier');
    await user.click(input);
    await user.keyboard('acme');
    await elapse(150);
    await user.click(await screen.findByRole('option', { name: 'Acme Labs' }));
    expect(changes).toEqual([{ Id: 's2', Text: 'Acme Labs' }]);
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('Acme Labs');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('picks an item with the keyboard', async () => {
    const user = setup();
    const changes: (PickerValue | null)[] = [];
    const { search } = fakeSearch();
    render(<Harness changes={changes} search={search} />);
    await user.tab();
    await user.keyboard('bor');
    await elapse(150);
    await screen.findByRole('option', { name: 'Borealis Pharma' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(changes).toEqual([{ Id: 's3', Text: 'Borealis Pharma' }]);
  });

  it('keeps the last valid value of a mandatory picker: garbage then blur restores its text', async () => {
    const user = setup();
    const changes: (PickerValue | null)[] = [];
    const { search } = fakeSearch();
    render(<Harness initial={ACME} changes={changes} search={search} isMandatory />);
    await user.click(screen.getByLabelText(/Supplier/));
    const combobox = screen.getByRole('combobox') as HTMLInputElement;
    await user.clear(combobox);
    await user.keyboard('zzz');
    await elapse(150);
    await user.tab();
    expect(combobox.value).toBe('Acme Ltd');
    expect(changes).toEqual([]);
  });

  it('keeps the value of a mandatory picker whose text is emptied, and restores the text on blur', async () => {
    const user = setup();
    const changes: (PickerValue | null)[] = [];
    const { search } = fakeSearch();
    render(<Harness initial={ACME} changes={changes} search={search} isMandatory />);
    await user.click(screen.getByLabelText(/Supplier/));
    const combobox = screen.getByRole('combobox') as HTMLInputElement;
    await user.clear(combobox);
    expect(changes).toEqual([]);
    await user.tab();
    expect(combobox.value).toBe('Acme Ltd');
    expect(changes).toEqual([]);
  });

  it('clears the value of a non-mandatory picker as soon as its text is emptied', async () => {
    const user = setup();
    const changes: (PickerValue | null)[] = [];
    const { search } = fakeSearch();
    render(<Harness initial={ACME} changes={changes} search={search} />);
    await user.click(screen.getByLabelText('Supplier'));
    await user.clear(screen.getByRole('combobox'));
    expect(changes).toEqual([null]);
    await user.tab();
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('');
    expect(changes).toEqual([null]);
  });

  it('clears a non-mandatory picker whose text matches no item when it loses focus', async () => {
    const user = setup();
    const changes: (PickerValue | null)[] = [];
    const { search } = fakeSearch();
    render(<Harness initial={ACME} changes={changes} search={search} />);
    await user.click(screen.getByLabelText('Supplier'));
    await user.keyboard('zz');
    await elapse(150);
    await user.tab();
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('');
    expect(changes).toEqual([null]);
  });

  it('picks the one listed item whose text was typed in full when focus leaves', async () => {
    const user = setup();
    const changes: (PickerValue | null)[] = [];
    const { search } = fakeSearch();
    render(<Harness changes={changes} search={search} isMandatory />);
    await user.click(screen.getByLabelText(/Supplier/));
    await user.keyboard('cobalt chemicals');
    await elapse(150);
    await screen.findByRole('option', { name: 'Cobalt Chemicals' });
    await user.tab();
    expect(changes).toEqual([{ Id: 's4', Text: 'Cobalt Chemicals' }]);
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('Cobalt Chemicals');
  });

  it('shows a value set from outside, such as a dependent-field clear', async () => {
    const user = setup();
    const { search } = fakeSearch();
    render(<ClearableFromOutside search={search} />);
    await user.click(screen.getByLabelText('Supplier'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('');
  });

  it('never mounts the combobox or searches when locked, and blocks typing', async () => {
    const user = setup();
    const changes: (PickerValue | null)[] = [];
    const { search, calls } = fakeSearch();
    render(<Harness initial={ACME} changes={changes} search={search} isLocked />);
    const input = screen.getByLabelText('Supplier') as HTMLInputElement;
    await user.click(input);
    await user.keyboard('xyz');
    await elapse(500);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('Acme Ltd');
    expect(calls).toHaveLength(0);
    expect(changes).toEqual([]);
  });

  it('shows the error message and description on both the placeholder and the combobox', async () => {
    const user = setup();
    const { search } = fakeSearch();
    render(
      <Harness
        changes={[]}
        search={search}
        errorMessage="Choose a value from the list."
        description="The approved supplier"
      />,
    );
    const placeholder = screen.getByLabelText('Supplier');
    expect(placeholder.getAttribute('aria-invalid')).toBe('true');
    expect(placeholder.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Choose a value from the list.')).toBeTruthy();
    await user.click(placeholder);
    const combobox = screen.getByRole('combobox', { name: 'Supplier' });
    expect(combobox.getAttribute('aria-invalid')).toBe('true');
    const describedBy = combobox.getAttribute('aria-describedby') ?? '';
    const described = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join('|');
    expect(described).toContain('Choose a value from the list.');
    expect(described).toContain('The approved supplier');
  });
});
