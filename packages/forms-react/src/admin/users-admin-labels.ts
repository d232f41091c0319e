import type { Role, UserFieldName } from '@procedo/client-api';

/** Texts of the users administration (form 901); override any through the `labels` prop. */
export interface UsersAdminLabels {
  title: string;
  search: string;
  grid: string;
  newUser: string;
  fields: Record<UserFieldName | 'password' | 'isDisabled' | 'created', string>;
  roles: Record<Role, string>;
  yes: string;
  no: string;
  enabled: string;
  disabled: string;
  state: string;
  editTitle: (name: string) => string;
  createTitle: string;
  save: string;
  create: string;
  close: string;
  disable: string;
  enable: string;
  confirmDisable: (name: string) => string;
  confirmEnable: (name: string) => string;
  confirm: string;
  cancel: string;
  saved: string;
  invalid: string;
  conflict: string;
  showCurrent: string;
  history: string;
  noHistory: string;
  historyWhen: string;
  historyWho: string;
  historyField: string;
  historyOld: string;
  historyNew: string;
  loading: string;
}

export const USERS_ADMIN_LABELS: UsersAdminLabels = Object.freeze({
  title: 'Users',
  search: 'Find users',
  grid: 'Users',
  newUser: 'New user',
  fields: {
    name: 'User name',
    legalName: 'Legal name',
    jobTitle: 'Job title',
    department: 'Department',
    region: 'Region',
    mobileTel: 'Mobile',
    emailBusiness: 'Business e-mail',
    emailPrivate: 'Private e-mail',
    profileId: 'Profile',
    isSupervisor: 'Supervisor',
    language: 'Language',
    roles: 'Roles',
    password: 'Initial password',
    isDisabled: 'Disabled',
    created: 'Created',
  },
  roles: {
    design: 'Design forms',
    'navigation-design': 'Design navigation',
    'permission-design': 'Edit element permissions',
    'translation-admin': 'Translate',
    'user-admin': 'Manage users',
  },
  yes: 'Yes',
  no: 'No',
  enabled: 'Enabled',
  disabled: 'Disabled',
  state: 'State',
  editTitle: (name: string) => `User ${name}`,
  createTitle: 'New user',
  save: 'Save',
  create: 'Create',
  close: 'Close',
  disable: 'Disable user',
  enable: 'Enable user',
  confirmDisable: (name: string) =>
    `Disable ${name}? They cannot sign on, and every session of theirs ends now.`,
  confirmEnable: (name: string) => `Enable ${name}? They can sign on again.`,
  confirm: 'Confirm',
  cancel: 'Cancel',
  saved: 'Saved.',
  invalid: 'Some fields need a change: see the messages below them. Nothing was saved.',
  conflict: 'Someone else changed this user since you opened them. Nothing was saved.',
  showCurrent: 'Show their current values',
  history: 'Changes',
  noHistory: 'No changes yet.',
  historyWhen: 'When (UTC)',
  historyWho: 'By',
  historyField: 'Field',
  historyOld: 'Before',
  historyNew: 'After',
  loading: 'Loading…',
});
