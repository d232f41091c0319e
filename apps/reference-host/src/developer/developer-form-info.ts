import type { FormDefinition, FormResponse } from '@procedo/client-api';
import type { DeveloperFormInfo } from '@procedo/forms-react/developer';
import { useEffect, useMemo, useSyncExternalStore } from 'react';

// One page, one shell: the form the page shows, for the shell's developer bar. A store outside
// React so neither the shell nor the page wraps the other in a provider.
let current: DeveloperFormInfo | null = null;
const listeners = new Set<() => void>();

function publish(info: DeveloperFormInfo | null): void {
  current = info;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows `info` (keep it memoised) in the developer bar while the calling page is on screen. */
export function usePublishDeveloperFormInfo(info: DeveloperFormInfo | null): void {
  useEffect(() => {
    publish(info);
    return () => {
      if (current === info) publish(null);
    };
  }, [info]);
}

/** The form the page shows, or null. */
export function useDeveloperFormInfo(): DeveloperFormInfo | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/**
 * The form page's info for the developer bar: WebFormId is the id of the stored record the page
 * shows (`UGoToItemNo`, or the record just created); none for a new record or a search form.
 */
export function usePublishFormPageInfo(
  definition: FormDefinition,
  form: FormResponse | null,
  recordId: number | null,
): void {
  const info = useMemo<DeveloperFormInfo>(
    () => ({
      definition,
      definitionUpdatedAt: form?.DefinitionUpdatedAt ?? null,
      permissions: form?.Permissions ?? [],
      webFormId: definition.Kind === 'record' ? recordId : null,
    }),
    [definition, form, recordId],
  );
  usePublishDeveloperFormInfo(info);
}
