import { useEffect } from 'react';
import type { FormStore } from '../state/form-store';
import { useFormSnapshot } from './useFormSnapshot';

/**
 * Asks the browser to confirm leaving the page while the form's §4 dirty flag is 1 (a
 * `beforeunload` guard); the host adds its router's blocker for in-app navigation.
 */
export function useDirtyGuard(store: FormStore): void {
  const { dirty } = useFormSnapshot(store);
  useEffect(() => {
    if (dirty !== 1) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
