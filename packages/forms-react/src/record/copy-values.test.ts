import type { FormDefinition } from '@procedo/client-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordDefinition } from '../form/state/fixtures';
import { createFormStore, DIRTY_CLEAR_DELAY_MS } from '../form/state/form-store';
import { copyRecordValues } from './copy-values';

const definition: FormDefinition = {
  ...recordDefinition,
  Elements: [...recordDefinition.Elements, { Kind: 'file', Name: 'Certificate', Label: 'Certificate' }],
};

describe('a new record based on another (a_BasedOnTemplateNo)', () => {
  it('copies the values of same-named elements the user can edit, and the form becomes dirty', () => {
    const store = createFormStore({
      definition,
      permissions: [
        { NAME: 'Secret', ElementHidden: true, ElementLocked: false },
        { NAME: 'Owner', ElementHidden: false, ElementLocked: true },
      ],
    });
    const copied = copyRecordValues(store, {
      SupplierName: 'Atlas Pharma',
      Rating: 4,
      Critical: true,
      Status: 'blocked',
      Secret: 'never copied into a hidden element',
      Owner: 'never into a locked one',
      Code: 'nor a read-only one',
      Certificate: { Id: 'f1', FileName: 'gmp.pdf', Size: 10, ContentType: 'application/pdf' },
      Unknown: 'nor an element this form lacks',
      Notes: null,
    });
    expect(copied.sort()).toEqual(['Critical', 'Rating', 'Status', 'SupplierName']);
    expect(store.getValues()).toMatchObject({
      SupplierName: 'Atlas Pharma',
      Rating: 4,
      Critical: true,
      Status: 'blocked',
      Owner: '',
      Code: '',
      Certificate: null,
    });
    expect(store.getValues()).not.toHaveProperty('Secret');
    expect(store.getFormSnapshot().dirty).toBe(1);
  });

  describe('while the page loads', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('keeps the form dirty after the after-load clear, whether the copy arrives before it or after', () => {
      vi.useFakeTimers();
      for (const arrivesAfterMs of [0, DIRTY_CLEAR_DELAY_MS - 1, DIRTY_CLEAR_DELAY_MS + 50]) {
        const store = createFormStore({ definition });
        store.clearDirtyAfterLoad();
        vi.advanceTimersByTime(arrivesAfterMs);
        copyRecordValues(store, { SupplierName: 'Atlas Pharma' });
        vi.advanceTimersByTime(1000);
        expect(store.getFormSnapshot().dirty, `copy after ${arrivesAfterMs} ms`).toBe(1);
      }
    });

    it('keeps the form dirty when the copy comes before the page asks for the after-load clear', () => {
      vi.useFakeTimers();
      const store = createFormStore({ definition });
      copyRecordValues(store, { SupplierName: 'Atlas Pharma' });
      store.clearDirtyAfterLoad();
      vi.advanceTimersByTime(1000);
      expect(store.getFormSnapshot().dirty).toBe(1);
      // Saved, the copy is a record like any other: the flag resets and typing sets it again.
      store.markSaved();
      expect(store.getFormSnapshot().dirty).toBe(0);
      store.clearDirtyAfterLoad();
      store.setValue('Rating', 3);
      vi.advanceTimersByTime(DIRTY_CLEAR_DELAY_MS);
      expect(store.getFormSnapshot().dirty).toBe(0);
    });

    it('leaves the loading noise to the clear when nothing tracked changed', () => {
      vi.useFakeTimers();
      const store = createFormStore({ definition });
      store.clearDirtyAfterLoad();
      store.setValue('Rating', 2);
      // Scratch does not track dirtiness, and an empty SupplierName equals the one on screen.
      expect(copyRecordValues(store, { Scratch: 'note', SupplierName: '' }).sort()).toEqual([
        'Scratch',
        'SupplierName',
      ]);
      vi.advanceTimersByTime(DIRTY_CLEAR_DELAY_MS);
      expect(store.getFormSnapshot().dirty).toBe(0);
    });
  });
});
