/** The texts of the developer bar and its Customise Context dialog; see {@link DEVELOPER_BAR_LABELS}. */
export interface DeveloperBarLabels {
  /** The bar's region name. */
  bar: string;
  /** The name of the bar's group of controls. */
  tools: string;
  applicationVersion: string;
  clientWebApiVersion: string;
  webTemplateNo: string;
  form: string;
  /** The form's definition version: its format (`schemaVersion`) and the stored change stamp. */
  definitionVersion: (event: { schemaVersion: number; updatedAt: string | null }) => string;
  webFormId: string;
  /** WebFormId when the page shows no stored record (a new record, a search form). */
  noWebFormId: string;
  noForm: string;
  profile: string;
  /** The profile menu button: the current profile's name. */
  profileButton: (name: string) => string;
  switchingProfile: string;
  profileSwitchFailed: (message: string) => string;
  classic: string;
  customiseContext: string;
  system: string;
  signOut: string;
  refreshCache: string;
  refreshingCache: string;
  refreshCacheFailed: (message: string) => string;
  permissions: string;
  contextTitle: string;
  contextIntro: string;
  openInDesigner: string;
  requestInfo: string;
  formElements: (formName: string) => string;
  elementName: string;
  elementKind: string;
  elementLabel: string;
  hidden: string;
  locked: string;
  yes: string;
  no: string;
  definitionJson: string;
  close: string;
}

/** The default (English) {@link DeveloperBarLabels}. */
export const DEVELOPER_BAR_LABELS: Readonly<DeveloperBarLabels> = Object.freeze<DeveloperBarLabels>({
  bar: 'Developer bar',
  tools: 'Developer tools',
  applicationVersion: 'Application',
  clientWebApiVersion: 'Client web API',
  webTemplateNo: 'WebTemplateNo',
  form: 'Form',
  definitionVersion: ({ schemaVersion, updatedAt }) =>
    updatedAt ? `definition ${schemaVersion}, changed ${updatedAt}` : `definition ${schemaVersion}`,
  webFormId: 'WebFormId',
  noWebFormId: 'none',
  noForm: 'No form on this page',
  profile: 'Profile',
  profileButton: (name) => `Profile: ${name}`,
  switchingProfile: 'Switching profile…',
  profileSwitchFailed: (message) => `The profile could not be switched: ${message}`,
  classic: 'Classic',
  customiseContext: 'Customise Context',
  system: 'System',
  signOut: 'Sign Out',
  refreshCache: 'Refresh page cache',
  refreshingCache: 'Refreshing page cache…',
  refreshCacheFailed: (message) => `The page cache could not be refreshed: ${message}`,
  permissions: 'Permissions',
  contextTitle: 'Customise Context',
  contextIntro:
    'The context of this page, read only: the web request info and the open form’s elements with your permissions on them. Element permissions are changed in permissions mode.',
  openInDesigner: 'Open in the form designer',
  requestInfo: 'Web request info',
  formElements: (formName) => `Elements of ${formName}`,
  elementName: 'Name',
  elementKind: 'Kind',
  elementLabel: 'Label',
  hidden: 'Hidden',
  locked: 'Locked',
  yes: 'yes',
  no: 'no',
  definitionJson: 'Definition (JSON)',
  close: 'Close',
});
