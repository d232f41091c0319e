/** The fixed texts of the permissions menu and editor; see {@link PERMISSIONS_LABELS}. */
export interface PermissionsLabels {
  /** The context menu's accessible name. */
  menu: (elementName: string) => string;
  /** The menu entry that opens the editor. */
  menuPermissions: string;
  editorTitle: (formTitle: string) => string;
  /** The edited form's name in the dialog's title until its definition has loaded. */
  formNumber: (webTemplateNo: number) => string;
  owner: string;
  chooseOwner: string;
  profiles: string;
  users: string;
  element: string;
  hidden: string;
  locked: string;
  inherited: string;
  inForce: string;
  /** What a tab or strip passes on, e.g. "Hidden by General". */
  inheritedText: (passed: { Hidden: boolean; Locked: boolean; From: string }) => string;
  inForceText: (flags: { Hidden: boolean; Locked: boolean }) => string;
  hiddenOf: (element: string) => string;
  lockedOf: (element: string) => string;
  save: string;
  saving: string;
  cancel: string;
  saved: string;
  noChanges: string;
  loading: string;
  /** Shown while a past timepoint is viewed: nothing can be changed. */
  readOnly: string;
  /** A save failed for a reason the server did not explain. */
  saveFailed: string;
  loadFailed: string;
}

const flagsText = (flags: { Hidden: boolean; Locked: boolean }) =>
  [flags.Hidden ? 'Hidden' : null, flags.Locked ? 'Locked' : null].filter(Boolean).join(', ');

/** The default (English) texts of the permissions menu and editor. */
export const PERMISSIONS_LABELS: PermissionsLabels = {
  menu: (elementName) => `Element ${elementName}`,
  menuPermissions: 'Permissions…',
  editorTitle: (formTitle) => `Element permissions: ${formTitle}`,
  formNumber: (webTemplateNo) => `form ${webTemplateNo}`,
  owner: 'For',
  chooseOwner: 'Choose a user or a profile',
  profiles: 'Profiles',
  users: 'Users',
  element: 'Element',
  hidden: 'Hidden',
  locked: 'Locked',
  inherited: 'Passed on by a tab',
  inForce: 'In force',
  inheritedText: (passed) => `${flagsText(passed)} by ${passed.From}`,
  inForceText: (flags) => flagsText(flags) || 'Shown',
  hiddenOf: (element) => `Hidden: ${element}`,
  lockedOf: (element) => `Locked: ${element}`,
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  saved: 'The permissions were saved.',
  noChanges: 'Nothing has changed.',
  loading: 'Loading the permissions…',
  readOnly: 'You are viewing the data as it was at a past time: permissions cannot be changed.',
  saveFailed: 'The permissions could not be saved.',
  loadFailed: 'The permissions could not be loaded.',
};
