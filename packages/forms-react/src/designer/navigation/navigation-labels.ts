import type { NavigationLinkKind } from '@procedo/client-api/designer';

/** The navigation designer's texts; override any through `labels` or `ProcedoTexts` (section `navigationDesigner`). */
export interface NavigationDesignerLabels {
  title: (profile: string) => string;
  tree: string;
  addTop: string;
  addChild: string;
  addSibling: string;
  newNode: string;
  moveUp: string;
  moveDown: string;
  moveIn: string;
  moveOut: string;
  remove: string;
  moveHint: string;
  details: string;
  noSelection: string;
  nodeTitle: string;
  description: string;
  linkKind: string;
  kinds: Record<NavigationLinkKind | 'none', string>;
  target: string;
  url: string;
  folder: string;
  unknownTarget: (value: string | number) => string;
  problemCount: (count: number) => string;
  changeNote: string;
  changeNoteRequired: string;
  publish: string;
  publishing: string;
  published: (version: number | null) => string;
  fixProblems: (count: number) => string;
  serverProblems: string;
  conflict: (version: number | null) => string;
  failed: (message: string) => string;
}

/** The navigation designer's English texts. */
export const NAVIGATION_DESIGNER_LABELS: NavigationDesignerLabels = Object.freeze({
  title: (profile: string) => `Navigation of ${profile}`,
  tree: 'Navigation',
  addTop: 'Add top-level node',
  addChild: 'Add child',
  addSibling: 'Add sibling',
  newNode: 'New node',
  moveUp: 'Move up',
  moveDown: 'Move down',
  moveIn: 'Move in',
  moveOut: 'Move out',
  remove: 'Remove',
  moveHint:
    'Alt+Arrow Up/Down moves the focused node among its siblings, Alt+Arrow Right into the node above, Alt+Arrow Left out of its folder.',
  details: 'Node',
  noSelection: 'Select a node to edit it.',
  nodeTitle: 'Title',
  description: 'Description',
  linkKind: 'Opens',
  kinds: {
    none: 'Nothing (a folder)',
    form: 'A form',
    command: 'A process command',
    dashboard: 'A dashboard',
    help: 'A help topic',
    url: 'A page of this site',
  },
  target: 'Target',
  url: 'Path',
  folder: 'Folder',
  unknownTarget: (value: string | number) => `Unknown (${value})`,
  problemCount: (count: number) => (count === 1 ? '1 problem' : `${count} problems`),
  changeNote: 'Change note',
  changeNoteRequired: 'Enter a change note',
  publish: 'Publish',
  publishing: 'Publishing…',
  published: (version: number | null) =>
    version === null
      ? 'Published. Users see it at their next page load.'
      : `Published version ${version}. Users see it at their next page load.`,
  fixProblems: (count: number) =>
    `Fix ${count === 1 ? 'the problem' : `the ${count} problems`} before publishing.`,
  serverProblems: 'The server found problems: they are shown at their nodes.',
  conflict: (version: number | null) =>
    `Another designer published ${version === null ? 'a newer version' : `version ${version}`} first: nothing was stored. Your draft is kept; open the latest version and apply your changes again.`,
  failed: (message: string) => `Publishing failed: ${message}`,
});
