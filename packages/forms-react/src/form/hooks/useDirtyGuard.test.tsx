// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recordDefinition } from '../state/fixtures';
import { createFormStore, type FormStore } from '../state/form-store';
import { useDirtyGuard } from './useDirtyGuard';

function Guarded({ store }: { store: FormStore }) {
  useDirtyGuard(store);
  return null;
}

const leave = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useDirtyGuard', () => {
  it('asks before leaving only while the form is dirty', () => {
    const store = createFormStore({ definition: recordDefinition });
    const view = render(<Guarded store={store} />);
    expect(leave()).toBe(false);
    act(() => {
      store.setValue('Phone', '1');
    });
    expect(leave()).toBe(true);
    act(() => store.markSaved());
    expect(leave()).toBe(false);
    act(() => {
      store.setValue('Phone', '12');
    });
    view.unmount();
    expect(leave()).toBe(false);
  });
});
