import type { NavigationLinkKind } from '@procedo/client-api';

/** The navigation designer's texts (English); a host passes its own through `labels`. */
export const NAVIGATION_DESIGNER_LABELS = {
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
  } satisfies Record<NavigationLinkKind | 'none', string>,
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
};
export type NavigationDesignerLabels = typeof NAVIGATION_DESIGNER_LABELS;
