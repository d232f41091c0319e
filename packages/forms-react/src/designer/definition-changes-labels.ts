import type { DefinitionKind } from '@procedo/client-api/designer';

/** Texts of the definitions' audit trail (`DefinitionChanges`); override any through `labels`. */
export interface DefinitionChangesLabels {
  title: string;
  kind: string;
  allKinds: string;
  kinds: Record<DefinitionKind, string>;
  caption: string;
  when: string;
  what: string;
  version: string;
  who: string;
  note: string;
  loading: string;
  empty: string;
  more: string;
  failed: (message: string) => string;
  retry: string;
  /** A link's accessible name: the definition and version it opens. */
  open: (name: string, version: number) => string;
}

export const DEFINITION_CHANGES_LABELS: DefinitionChangesLabels = Object.freeze({
  title: 'Definition changes',
  kind: 'Kind',
  allKinds: 'All kinds',
  kinds: { form: 'Form', command: 'Process command', navigation: 'Navigation', datasource: 'Datasource' },
  caption: 'Every published version, newest first',
  when: 'When (UTC)',
  what: 'Definition',
  version: 'Version',
  who: 'By',
  note: 'Change note',
  loading: 'Loading…',
  empty: 'No changes.',
  more: 'Show more',
  failed: (message: string) => `The changes could not be read: ${message}`,
  retry: 'Try again',
  open: (name: string, version: number) => `Open ${name} (version ${version})`,
});
