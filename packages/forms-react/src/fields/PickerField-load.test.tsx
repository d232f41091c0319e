// @vitest-environment jsdom
import type { PickerValue } from '@procedo/client-api';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  loadPickerComboBox as LoadPickerComboBox,
  PickerField as PickerFieldComponent,
} from './PickerField';
import type { PickerSearchResult } from './usePickerSearch';

/** One load of the ComboBox's module, held back until the test lets it through or fails it. */
interface HeldLoad {
  arrive(): void;
  fail(): void;
}

// Each test takes the picker's module afresh, as on a page where no picker has been used yet, and
// holds back every load of the ComboBox's module (the `import()` a picker's first use starts).
let loads: HeldLoad[];
let PickerField: typeof PickerFieldComponent;
let loadPickerComboBox: typeof LoadPickerComboBox;

const SUPPLIERS: PickerValue[] = [
  { Id: 's1', Text: 'Acme Ltd' },
  { Id: 's3', Text: 'Borealis Pharma' },
];
const ACME = SUPPLIERS[0] as PickerValue;

function Harness({
  initial = null,
  isMandatory,
  changes,
  searched,
}: {
  initial?: PickerValue | null;
  isMandatory?: boolean;
  changes: (PickerValue | null)[];
  searched: string[];
}) {
  const [value, setValue] = useState<PickerValue | null>(initial);
  const [product, setProduct] = useState<PickerValue | null>(null);
  const search = async (text: string): Promise<PickerSearchResult> => {
    searched.push(text);
    const needle = text.toLowerCase();
    return { Items: SUPPLIERS.filter((s) => s.Text.toLowerCase().includes(needle)), HasMore: false };
  };
  return (
    <>
      <PickerField
        label="Supplier"
        value={value}
        isMandatory={isMandatory}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        search={search}
      />
      <PickerField label="Product" value={product} onChange={setProduct} search={search} />
      <button type="button">Next</button>
    </>
  );
}

/** Lets the held-back load through (or fails it) and waits until the page has taken it. */
async function settle(load: HeldLoad | undefined, outcome: 'arrive' | 'fail') {
  if (!load) throw new Error('no load was started');
  await act(async () => {
    const loading = loadPickerComboBox();
    load[outcome]();
    await loading.catch(() => undefined);
  });
}

const standIn = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const comboBox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;

describe('PickerField while its ComboBox loads', () => {
  beforeAll(async () => {
    // The first load of the real module takes seconds here; later loads in the tests are quick.
    await vi.importActual('./PickerComboBox');
  }, 30_000);
  beforeEach(async () => {
    vi.resetModules();
    loads = [];
    vi.doMock('./PickerComboBox', async (importOriginal) => {
      await new Promise<void>((resolve, reject) => {
        loads.push({
          arrive: resolve,
          fail: () => reject(new Error('Failed to fetch dynamically imported module')),
        });
      });
      return importOriginal();
    });
    ({ PickerField, loadPickerComboBox } = await import('./PickerField'));
  });

  it('keeps the stand-in focused and editable, and hands the typed text and caret to the ComboBox when it arrives', async () => {
    const user = userEvent.setup();
    const searched: string[] = [];
    render(<Harness changes={[]} searched={searched} />);
    await user.click(standIn('Supplier'));
    expect(loads).toHaveLength(1);
    await user.keyboard('bor{ArrowLeft}');
    expect(standIn('Supplier').value).toBe('bor');
    expect(document.activeElement).toBe(standIn('Supplier'));
    expect(screen.queryByRole('combobox')).toBeNull();

    await settle(loads[0], 'arrive');
    const supplier = comboBox('Supplier');
    expect(document.activeElement).toBe(supplier);
    expect(supplier.value).toBe('bor');
    expect([supplier.selectionStart, supplier.selectionEnd]).toEqual([2, 2]);
    // The carried text is searched as if typed here.
    expect(await screen.findByRole('option', { name: 'Borealis Pharma' })).toBeTruthy();
    expect(searched).toEqual(['bor']);
    await user.keyboard('e');
    expect(supplier.value).toBe('boer');
  });

  it('takes no focus back when it moved on before the ComboBox arrived, and swaps at the next focus', async () => {
    const user = userEvent.setup();
    const changes: (PickerValue | null)[] = [];
    render(<Harness initial={ACME} isMandatory changes={changes} searched={[]} />);
    await user.click(standIn('Supplier'));
    await user.keyboard('x');
    expect(standIn('Supplier').value).toBe('Acme Ltdx');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // A mandatory picker left with a text that matches no item shows its value's text again.
    expect(standIn('Supplier').value).toBe('Acme Ltd');

    await settle(loads[0], 'arrive');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next' }));
    await user.click(standIn('Supplier'));
    expect(document.activeElement).toBe(comboBox('Supplier'));
    expect(comboBox('Supplier').value).toBe('Acme Ltd');
    expect(changes).toEqual([]);
    expect(loads).toHaveLength(1);
  });

  it('clears a non-mandatory picker left with a typed text before the ComboBox arrived', async () => {
    const user = userEvent.setup();
    const changes: (PickerValue | null)[] = [];
    render(<Harness initial={ACME} changes={changes} searched={[]} />);
    await user.click(standIn('Supplier'));
    await user.keyboard('x');
    await user.tab();
    expect(standIn('Supplier').value).toBe('');
    expect(changes).toEqual([null]);
  });

  it('stays a usable text input when the load fails, and loads again on the next focus', async () => {
    const user = userEvent.setup();
    const searched: string[] = [];
    render(<Harness changes={[]} searched={searched} />);
    await user.click(standIn('Supplier'));
    await user.keyboard('co');
    await settle(loads[0], 'fail');
    expect(document.activeElement).toBe(standIn('Supplier'));
    await user.keyboard('b');
    expect(standIn('Supplier').value).toBe('cob');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(loads).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(standIn('Supplier'));
    expect(loads).toHaveLength(2);
    await user.keyboard('bor');
    await settle(loads[1], 'arrive');
    expect(document.activeElement).toBe(comboBox('Supplier'));
    expect(comboBox('Supplier').value).toBe('bor');
    expect(await screen.findByRole('option', { name: 'Borealis Pharma' })).toBeTruthy();
    expect(searched).toEqual(['bor']);
  });

  it('starts the load when the pointer enters a picker, and once loaded swaps every picker in at once', async () => {
    const user = userEvent.setup();
    render(<Harness changes={[]} searched={[]} />);
    await user.hover(standIn('Supplier'));
    expect(loads).toHaveLength(1);
    expect(screen.queryByRole('combobox')).toBeNull();
    await settle(loads[0], 'arrive');
    // Loaded but not focused: still the stand-in.
    expect(screen.queryByRole('combobox')).toBeNull();

    await user.click(standIn('Supplier'));
    expect(document.activeElement).toBe(comboBox('Supplier'));
    await user.click(standIn('Product'));
    expect(document.activeElement).toBe(comboBox('Product'));
    expect(loads).toHaveLength(1);
  });
});
