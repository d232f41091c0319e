import { type FormDefinition, ValidationMessages } from '@procedo/client-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordDefinition } from './fixtures';
import { createFormStore, DIRTY_CLEAR_DELAY_MS } from './form-store';

const permissions = [
  { NAME: 'Secret', ElementHidden: true, ElementLocked: false },
  { NAME: 'Owner', ElementHidden: false, ElementLocked: true },
];

const make = () =>
  createFormStore({
    definition: recordDefinition,
    permissions,
    initialValues: { SupplierName: 'Acme', Secret: 'hidden', Owner: 'olive', Rating: 3 },
  });

describe('createFormStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts with the loaded values and empty values of each kind for the rest', () => {
    const store = make();
    expect(store.getField('SupplierName').value).toBe('Acme');
    expect(store.getField('Email').value).toBe('');
    expect(store.getField('Rating').value).toBe(3);
    expect(store.getField('Critical').value).toBe(false);
    expect(store.getFormSnapshot()).toEqual({ dirty: 0, errorCount: 0, isSubmitting: false });
  });

  it('refuses a definition of a schema version it does not know', () => {
    const definition = { ...recordDefinition, schemaVersion: 2 } as unknown as typeof recordDefinition;
    expect(() => createFormStore({ definition })).toThrow(/schemaVersion 2 is not supported/);
  });

  it('gives a hidden element no value and never returns it', () => {
    const store = make();
    expect(store.getField('Secret')).toMatchObject({ value: undefined, isHidden: true });
    expect(store.setValue('Secret', 'x')).toBe(false);
    expect(store.getValues()).not.toHaveProperty('Secret');
    expect(store.changedValues()).not.toHaveProperty('Secret');
    expect(store.setServerErrors([{ path: ['Values', 'Secret'], message: 'no' }])).toHaveLength(1);
  });

  it('refuses to change locked and read-only fields', () => {
    const store = make();
    expect(store.getField('Owner').isLocked).toBe(true);
    expect(store.setValue('Owner', 'sam')).toBe(false);
    expect(store.setValue('Code', 'X')).toBe(false);
    expect(store.getField('Owner').value).toBe('olive');
    expect(store.getFormSnapshot().dirty).toBe(0);
  });

  it('sets the dirty flag on a change and returns only changed values', () => {
    const store = make();
    expect(store.setValue('Phone', '+44')).toBe(true);
    expect(store.getFormSnapshot().dirty).toBe(1);
    expect(store.getField('Phone').isDirty).toBe(true);
    expect(store.changedValues()).toEqual({ Phone: '+44' });
    store.setValue('Phone', '');
    expect(store.changedValues()).toEqual({});
    expect(store.getFormSnapshot().dirty).toBe(1);
  });

  it('does not set the dirty flag for an element with TrackDirty false', () => {
    const store = make();
    store.setValue('Scratch', 'note');
    expect(store.getFormSnapshot().dirty).toBe(0);
    expect(store.changedValues()).toEqual({ Scratch: 'note' });
  });

  it('clears the dirty flag 200 ms after load, not before', () => {
    const store = make();
    store.setValue('Phone', '1');
    store.clearDirtyAfterLoad();
    vi.advanceTimersByTime(DIRTY_CLEAR_DELAY_MS - 1);
    expect(store.getFormSnapshot().dirty).toBe(1);
    vi.advanceTimersByTime(1);
    expect(store.getFormSnapshot().dirty).toBe(0);
    expect(DIRTY_CLEAR_DELAY_MS).toBeGreaterThanOrEqual(100);
    expect(DIRTY_CLEAR_DELAY_MS).toBeLessThanOrEqual(300);
  });

  it('keeps the flag when the clear is cancelled', () => {
    const store = make();
    const cancel = store.clearDirtyAfterLoad();
    store.setValue('Phone', '1');
    cancel();
    vi.advanceTimersByTime(1000);
    expect(store.getFormSnapshot().dirty).toBe(1);
  });

  it('resets the flag and the loaded values after a successful save', () => {
    const store = make();
    store.setValue('Phone', '123');
    store.setServerErrors([{ path: ['Values', 'Phone'], message: 'Taken' }]);
    store.markSaved({ Phone: '0123' });
    expect(store.getFormSnapshot()).toEqual({ dirty: 0, errorCount: 0, isSubmitting: false });
    expect(store.getField('Phone')).toMatchObject({ value: '0123', error: null, isDirty: false });
    expect(store.changedValues()).toEqual({});
  });

  it('shows server issues on their fields and returns the ones that name no field', () => {
    const store = make();
    const rest = store.setServerErrors([
      { path: ['Values', 'Phone'], message: 'Bad phone' },
      { path: ['Email'], message: 'Bad email' },
      { path: ['Version'], message: 'Stale' },
    ]);
    expect(store.getField('Phone').error).toBe('Bad phone');
    expect(store.getField('Email').error).toBe('Bad email');
    expect(rest).toEqual([{ path: ['Version'], message: 'Stale' }]);
    expect(store.getFormSnapshot().errorCount).toBe(2);
  });

  it('replaces the errors of an earlier server answer', () => {
    const store = make();
    store.setServerErrors([{ path: ['Values', 'Phone'], message: 'Bad phone' }]);
    store.setServerErrors([{ path: ['Values', 'Email'], message: 'Bad email' }]);
    expect(store.getField('Phone').error).toBeNull();
    expect(store.getField('Email').error).toBe('Bad email');
    expect(store.getFormSnapshot().errorCount).toBe(1);
  });

  it('clears a shown error as the value is corrected', () => {
    const store = make();
    store.setValue('Phone', '12a');
    expect(store.validateField('Phone')).toBe(ValidationMessages.invalidPhone);
    store.setValue('Phone', '12');
    expect(store.getField('Phone').error).toBeNull();
  });

  it('validates every visible editable field on submit', () => {
    const store = make();
    store.setValue('SupplierName', '');
    store.setValue('Rating', 9);
    const issues = store.validate();
    expect(issues.map((issue) => issue.path[1])).toEqual(['SupplierName', 'Rating']);
    expect(store.getFormSnapshot().errorCount).toBe(2);
  });

  it('notifies only the changed field and keeps other snapshots identical', () => {
    const store = make();
    const phone = vi.fn();
    const email = vi.fn();
    store.subscribeField('Phone', phone);
    store.subscribeField('Email', email);
    const emailBefore = store.getField('Email');
    store.setValue('Phone', '1');
    expect(phone).toHaveBeenCalledTimes(1);
    expect(email).not.toHaveBeenCalled();
    expect(store.getField('Email')).toBe(emailBefore);
    expect(store.getField('Phone')).toBe(store.getField('Phone'));
  });

  it('notifies form listeners only when the form snapshot changes', () => {
    const store = make();
    const listener = vi.fn();
    store.subscribeForm(listener);
    store.setValue('Phone', '1');
    store.setValue('Phone', '12');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('createFormStore with dependent pickers', () => {
  const definition: FormDefinition = {
    schemaVersion: 1,
    WebTemplateNo: 104,
    Name: 'Batch',
    Title: 'Batch',
    Entity: 'batch',
    Kind: 'record',
    Elements: [
      { Kind: 'picker', Name: 'Supplier', Label: 'Supplier', Source: 'suppliers' },
      { Kind: 'picker', Name: 'Product', Label: 'Product', Source: 'products', DependsOn: ['Supplier'] },
      { Kind: 'picker', Name: 'ReworkOf', Label: 'Rework of', Source: 'batches', DependsOn: ['Product'] },
      { Kind: 'picker', Name: 'Locked', Label: 'Locked', Source: 'batches', DependsOn: ['Supplier'] },
      { Kind: 'text', Name: 'BatchNo', Label: 'Batch number' },
    ],
  };
  const loaded = {
    Supplier: { Id: '1', Text: 'Atlas' },
    Product: { Id: '2', Text: 'Aspirin' },
    ReworkOf: { Id: '3', Text: 'B-3' },
    Locked: { Id: '4', Text: 'B-4' },
    BatchNo: 'B-9',
  };
  const make = () =>
    createFormStore({
      definition,
      permissions: [{ NAME: 'Locked', ElementHidden: false, ElementLocked: true }],
      initialValues: loaded,
    });

  it('clears the pickers that depend on a changed picker, and theirs in turn', () => {
    const store = make();
    store.setValue('Supplier', { Id: '7', Text: 'Beta' });
    expect(store.getField('Product').value).toBeNull();
    expect(store.getField('ReworkOf').value).toBeNull();
    expect(store.getField('BatchNo').value).toBe('B-9');
    expect(store.changedValues()).toEqual({
      Supplier: { Id: '7', Text: 'Beta' },
      Product: null,
      ReworkOf: null,
    });
  });

  it('leaves locked dependents and the dependents of an unchanged value alone', () => {
    const store = make();
    store.setValue('Supplier', { Id: '1', Text: 'Atlas' });
    expect(store.getField('Product').value).toEqual(loaded.Product);
    store.setValue('Supplier', null);
    expect(store.getField('Locked').value).toEqual(loaded.Locked);
    expect(store.getField('Product').value).toBeNull();
  });

  it('clears only what is below the changed picker', () => {
    const store = make();
    store.setValue('Product', { Id: '8', Text: 'Ibuprofen' });
    expect(store.getField('Supplier').value).toEqual(loaded.Supplier);
    expect(store.getField('ReworkOf').value).toBeNull();
  });
});

describe('createFormStore with tabs', () => {
  it('hides the fields of a tab hidden by permission, with no value sent', () => {
    const store = createFormStore({
      definition: {
        ...recordDefinition,
        Elements: [
          {
            Kind: 'tabs',
            Name: 'Sections',
            Label: 'Sections',
            Tabs: [
              {
                Name: 'General',
                Label: 'General',
                Elements: [{ Kind: 'text', Name: 'Title', Label: 'Title' }],
              },
              { Name: 'Costs', Label: 'Costs', Elements: [{ Kind: 'number', Name: 'Cost', Label: 'Cost' }] },
            ],
          },
        ],
      },
      permissions: [{ NAME: 'Costs', ElementHidden: true, ElementLocked: false }],
      initialValues: { Title: 'T', Cost: 12 },
    });
    expect(store.isHidden('Cost')).toBe(true);
    expect(store.getValues()).toEqual({ Title: 'T' });
    expect(store.setValue('Cost', 1)).toBe(false);
  });

  it('locks the fields of a locked tab strip, as the server enforces it', () => {
    const store = createFormStore({
      definition: {
        ...recordDefinition,
        Elements: [
          {
            Kind: 'tabs',
            Name: 'Sections',
            Label: 'Sections',
            Tabs: [
              { Name: 'Costs', Label: 'Costs', Elements: [{ Kind: 'number', Name: 'Cost', Label: 'Cost' }] },
            ],
          },
        ],
      },
      permissions: [{ NAME: 'Sections', ElementHidden: false, ElementLocked: true }],
      initialValues: { Cost: 12 },
    });
    expect(store.isLocked('Costs')).toBe(true);
    expect(store.getField('Cost').isLocked).toBe(true);
    expect(store.setValue('Cost', 1)).toBe(false);
  });
});
