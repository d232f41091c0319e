// @vitest-environment jsdom
import type { FileRef, FormDefinition } from '@procedo/client-api';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormRenderer } from '../form/components/FormRenderer';
import { defaultFieldRegistry } from '../form/default-registry';
import { createFieldRegistry } from '../form/registry';
import { createFormStore } from '../form/state/form-store';
import { createFileElement } from './file-element';
import { loadPickerComboBox } from './PickerField';
import { createPickerElement, type PickerElementSearch } from './picker-element';

const definition: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 104,
  Name: 'batch',
  Title: 'Batch',
  Entity: 'batch',
  Kind: 'record',
  Elements: [
    { Kind: 'picker', Name: 'Supplier', Label: 'Supplier', Source: 'suppliers' },
    {
      Kind: 'picker',
      Name: 'Product',
      Label: 'Product',
      Source: 'products',
      DependsOn: ['Supplier'],
      MinLength: 2,
    },
    { Kind: 'file', Name: 'Certificate', Label: 'Certificate', MaxBytes: 4 },
    { Kind: 'file', Name: 'Report', Label: 'Report' },
  ],
};

describe('createPickerElement and createFileElement', () => {
  // A picker's ComboBox is loaded on its first focus (PickerField-load.test.tsx); loaded here
  // beforehand, as after any first use, since that first load takes longer than the fake timers wait.
  beforeAll(async () => {
    await loadPickerComboBox();
  }, 30_000);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("searches with the form's number, the element and the values of the elements it depends on", async () => {
    const searches: Omit<PickerElementSearch, 'signal'>[] = [];
    const registry = createFieldRegistry({
      base: defaultFieldRegistry,
      components: {
        picker: createPickerElement({
          search: async ({ signal: _signal, ...input }) => {
            searches.push(input);
            return { Items: [{ Id: '9', Text: 'Aspirin' }], HasMore: false };
          },
        }),
      },
    });
    const store = createFormStore({ definition, initialValues: { Supplier: { Id: '5', Text: 'Atlas' } } });
    render(<FormRenderer store={store} registry={registry} />);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByLabelText('Product'));
    await user.keyboard('as');
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    expect(searches).toEqual([
      {
        element: definition.Elements[1],
        text: 'as',
        deps: { Supplier: { Id: '5', Text: 'Atlas' } },
        webTemplateNo: 104,
      },
    ]);
    await user.click(await screen.findByRole('option', { name: 'Aspirin' }));
    expect(store.getField('Product').value).toEqual({ Id: '9', Text: 'Aspirin' });
  });

  it("uploads through the given call, with the element's MaxBytes over the global limit", async () => {
    const uploaded: string[] = [];
    const upload = async (file: File): Promise<FileRef> => {
      uploaded.push(file.name);
      return { Id: `f${uploaded.length}`, FileName: file.name, Size: file.size, ContentType: file.type };
    };
    const registry = createFieldRegistry({
      base: defaultFieldRegistry,
      components: { file: createFileElement({ upload, supportedExtensions: ['pdf'], maxBytes: 100 }) },
    });
    const store = createFormStore({ definition });
    render(<FormRenderer store={store} registry={registry} />);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.upload(screen.getByLabelText('Certificate'), new File(['%PDF-1'], 'big.pdf'));
    await user.upload(screen.getByLabelText('Report'), new File(['%PDF-1'], 'small.pdf'));
    await act(async () => {
      await Promise.resolve();
    });
    expect(uploaded).toEqual(['small.pdf']);
    expect(store.getField('Report').value).toMatchObject({ Id: 'f1', FileName: 'small.pdf' });
    expect(store.getField('Certificate').value).toBeNull();
  });
});
