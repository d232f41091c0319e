/** Texts of {@link DefinitionVersionsPanel} (`@procedo/forms-react/designer`); override any through `labels`. */
export interface DefinitionVersionsLabels {
  versions: string;
  loading: string;
  version: string;
  versionLabel: (version: number, by: string, at: string) => string;
  noNote: string;
  compareHint: string;
  diffTitle: (from: number, to: number) => string;
  noChanges: string;
  publishAgain: string;
  revertNote: (version: number) => string;
  reverting: string;
  confirmBreaking: string;
  cancel: string;
}

export const DEFINITION_VERSIONS_LABELS: DefinitionVersionsLabels = Object.freeze({
  versions: 'Versions',
  loading: 'Loading…',
  version: 'Version',
  versionLabel: (version: number, by: string, at: string) => `Version ${version}, ${by}, ${at}`,
  noNote: '(no note)',
  compareHint: 'Select two versions to see what changed between them.',
  diffTitle: (from: number, to: number) => `Changes from version ${from} to version ${to}`,
  noChanges: 'No changes.',
  publishAgain: 'Publish this version again',
  revertNote: (version: number) => `Revert to version ${version}`,
  reverting: 'Publishing…',
  confirmBreaking: 'Publish anyway',
  cancel: 'Cancel',
});
