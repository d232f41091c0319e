import { useCatalogue } from '@procedo/texts';

/**
 * The reference host's own texts of issue 14's parts (the narrow-screen menu, translation mode,
 * bookmarks, `/system`, `/profile`, `/permissions`, the profile switch), overridable like the
 * SDK's through `<ProcedoTexts texts={{ host: { … } }}>`; the German is `locales/de.ts`.
 */
export const HOST_TEXTS = Object.freeze({
  shell: Object.freeze({
    /** The button that shows the navigation below a tablet's width. */
    menu: 'Menu',
    yourProfile: 'Your profile',
    /** Quick find's group of matching bookmarks. */
    bookmarks: 'Bookmarks',
    loadingNavigation: 'Loading navigation…',
    translationMode: 'Translation mode',
    translateTitle: (title: string) => `Translate the title ${title}`,
  }),
  bookmarks: Object.freeze({
    title: 'Your bookmarks',
    loading: 'Loading bookmarks…',
    empty: 'No bookmarks yet. Use the star on a record to bookmark it.',
  }),
  system: Object.freeze({
    title: 'System',
    none: 'You have no administration rights.',
    users: 'Users',
    usersDescription: 'User accounts, their profiles and roles',
    permissions: 'Permissions',
    permissionsDescription: 'Hide or lock form elements for a user or a profile',
    audit: 'Audit trail',
    auditDescription: 'Signed changes across records: who, what and when',
    securityEvents: 'Security events',
    securityEventsDescription: 'Failed signature attempts and signing blocks',
    designer: 'Form designer',
    designerDescription: 'Change a form, publish it as a new version, compare and revert versions',
    navigationDesigner: 'Navigation designer',
    navigationDesignerDescription:
      "Change a profile's menu, publish it as a new version, compare and revert versions",
  }),
  profile: Object.freeze({
    title: 'Your profile',
    loading: 'Loading your profile…',
    tryAgain: 'Try again',
    details: 'Your details',
    fields: Object.freeze({
      name: 'User name',
      legalName: 'Legal name',
      jobTitle: 'Job title',
      department: 'Department',
      region: 'Region',
      mobileTel: 'Mobile',
      emailBusiness: 'Business e-mail',
      emailPrivate: 'Private e-mail',
      profile: 'Profile',
      isSupervisor: 'Supervisor',
      roles: 'Roles',
    }),
    roles: Object.freeze({
      design: 'Design forms',
      'navigation-design': 'Design navigation',
      'permission-design': 'Edit element permissions',
      'translation-admin': 'Translate',
      'user-admin': 'Manage users',
    }),
    yes: 'Yes',
    no: 'No',
    none: 'None',
    changedByAdmin: 'A user administrator changes these details.',
    preferences: 'Preferences',
    ui: 'User interface',
    modern: 'Modern',
    classic: 'Classic',
    language: 'Language',
    save: 'Save preferences',
    saved: 'Your preferences are saved.',
  }),
  permissions: Object.freeze({
    title: 'Element permissions',
    list: 'Every permission by form and owner',
    loading: 'Loading permissions…',
    empty: 'No element is hidden or locked.',
    form: 'Form',
    owner: 'For',
    element: 'Element',
    permission: 'Permission',
    hidden: 'Hidden',
    locked: 'Locked',
    profile: (name: string) => `Profile ${name}`,
    user: (name: string) => `User ${name}`,
  }),
  designer: Object.freeze({
    title: 'Form designer',
    noRight: 'You do not have the right to design forms.',
    forms: 'Forms',
    changes: 'Definition changes: every published version, who, when and why',
    loading: 'Loading…',
    form: 'Form',
    kind: 'Kind',
    version: 'Version',
    published: 'Published',
    design: (title: string) => `Design ${title}`,
    noForm: 'WebTemplateNo must be a positive whole number.',
    publishedVersion: (version: number) => `Published version ${version}`,
    commandTitle: 'Process command designer',
    noCommand: 'CommandId must be a positive whole number.',
    commands: 'Process commands',
    command: 'Command',
    steps: 'Steps',
  }),
  navigationDesigner: Object.freeze({
    title: 'Navigation designer',
    noRight: 'You do not have the right to design navigation.',
    noProfile: 'ProfileId must be a positive whole number.',
    loading: 'Loading…',
    summary: (version: number, nodes: number) => `Version ${version}, ${nodes} nodes`,
    design: (profile: string) => `Navigation of ${profile}`,
    publishedVersion: (version: number) => `Published version ${version}`,
    open: 'Navigation designer',
  }),
  designerData: Object.freeze({
    section: 'Datasources and filters',
    filters: 'Saved filters',
    filtersDescription: "Every user's saved filters of a search form: rename, share, delete",
    datasource: (entity: string) => `Datasource ${entity}`,
    datasourceTitle: (entity: string) => `Datasource ${entity}`,
    noEntity: 'Entity must name an entity (e.g. supplier).',
    form: 'Search form',
    chooseForm: 'Choose a search form.',
    publishedVersion: (version: number) => `Published version ${version}`,
  }),
  profileSwitch: Object.freeze({
    switching: 'Switching profile…',
    refused: (requested: string, current: string, reason: string) =>
      `The page could not switch to profile ${requested} and stays on profile ${current}: ${reason}`,
    notAnId: 'it is not a profile id.',
  }),
});

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: never[]) => unknown
      ? T[K]
      : Widen<T[K]>;
};

/** The host's texts, as strings rather than the English literals. */
export type HostTexts = Widen<typeof HOST_TEXTS>;

declare module '@procedo/texts' {
  interface ProcedoTextCatalogues {
    host: HostTexts;
  }
}

/** The host's texts as the nearest `ProcedoTexts` gives them (English without one). */
export function useHostTexts(): HostTexts {
  return useCatalogue('host', HOST_TEXTS);
}
