import type { DefinitionChange, DefinitionVersionList } from '@procedo/client-api/designer';
import type { DefinitionVersionsSource } from '@procedo/forms-react/designer';
import { useMemo, useRef } from 'react';

/** The read calls of a versioned definition's designer resource (`designerV1.designer.forms`, `.commands`). */
interface VersionsApi<V> {
  versions(id: number): Promise<DefinitionVersionList>;
  diff(id: number, from: number, to: number): Promise<{ Changes: DefinitionChange[] }>;
  version(id: number, version: number): Promise<V>;
}

/**
 * The Versions panel's source over a designer resource: a revert reads the old version and
 * publishes it (`publish`) on the version the page holds at the time of the click.
 */
export function useVersionsSource<V>(
  api: VersionsApi<V>,
  id: number,
  baseVersion: number,
  publish: (
    old: V,
    request: { BaseVersion: number; ChangeNote: string; confirmBreaking: boolean },
  ) => Promise<unknown>,
): DefinitionVersionsSource {
  const base = useRef(baseVersion);
  base.current = baseVersion;
  const publishRef = useRef(publish);
  publishRef.current = publish;
  return useMemo(
    () => ({
      versions: () => api.versions(id),
      diff: (from, to) => api.diff(id, from, to),
      publishAgain: async (version, confirmBreaking, changeNote) =>
        publishRef.current(await api.version(id, version), {
          BaseVersion: base.current,
          ChangeNote: changeNote,
          confirmBreaking,
        }),
    }),
    [api, id],
  );
}
