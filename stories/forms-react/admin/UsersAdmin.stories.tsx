import {
  HttpStatusError,
  type UserAccount,
  type UserChoices,
  type UserDetail,
  type UsersApi,
} from '@procedo/client-api';
import { I18nProvider } from '@procedo/forms-react';
import { UserEditDialog, UsersAdmin } from '@procedo/forms-react/admin';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

// Fixed data, so runs compare.
const user = (id: number, name: string, extra: Partial<UserAccount> = {}): UserAccount => ({
  id,
  name,
  legalName: `${name[0]!.toUpperCase()}${name.slice(1)} Example`,
  preferences: { ui: 'modern', language: 'en' },
  profileId: 2,
  profileName: 'Operators',
  isSupervisor: false,
  department: 'Manufacturing',
  region: 'EMEA',
  mobileTel: '+44 7700 900456',
  emailBusiness: `${name}@procedo.example`,
  emailPrivate: '',
  jobTitle: 'Production Operator',
  isDisabled: false,
  roles: [],
  version: 1,
  ...extra,
});

const users = [
  user(2, 'operator'),
  user(1, 'supervisor', {
    profileId: 1,
    profileName: 'Quality supervisors',
    isSupervisor: true,
    roles: ['user-admin'],
  }),
  user(3, 'translator', { region: 'DACH', roles: ['translation-admin'], isDisabled: true }),
];

const choices: UserChoices = {
  Profiles: [
    { Id: 2, Name: 'Operators' },
    { Id: 1, Name: 'Quality supervisors' },
  ],
  Languages: ['de', 'en'],
  Roles: ['design', 'navigation-design', 'permission-design', 'translation-admin', 'user-admin'],
};

const detail: UserDetail = {
  User: users[0]!,
  History: [
    {
      Id: 2,
      UserId: 2,
      Field: 'jobTitle',
      OldValue: 'Operator',
      NewValue: 'Production Operator',
      ChangedBy: 'supervisor',
      ChangedAt: '2026-03-02T09:30:00.000Z',
    },
    {
      Id: 1,
      UserId: 2,
      Field: 'profileId',
      OldValue: '1',
      NewValue: '2',
      ChangedBy: 'supervisor',
      ChangedAt: '2026-03-01T09:00:00.000Z',
    },
  ],
};

const refused = new HttpStatusError({
  status: 400,
  method: 'PATCH',
  url: '/api/v1/users/2',
  bodyText: '',
  body: {
    Message: 'Invalid request',
    Code: 'VALIDATION',
    Issues: [{ code: 'name_taken', path: ['name'], message: 'Another user already has this name' }],
  },
});

function api(overrides: Partial<UsersApi> = {}): UsersApi {
  return {
    list: fn(async () => ({ Users: users, NextCursor: null })),
    get: fn(async () => detail),
    choices: fn(async () => choices),
    update: fn(async () => users[0]!),
    create: fn(async () => users[0]!),
    disable: fn(async () => ({ ...users[0]!, isDisabled: true })),
    enable: fn(async () => users[0]!),
    me: fn(async () => ({ User: users[0]!, Languages: ['en'] })),
    ...overrides,
  };
}

const meta = {
  title: 'forms-react/Administration/UsersAdmin',
  component: UsersAdmin,
  args: { api: api(), height: 240 },
} satisfies Meta<typeof UsersAdmin>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = { args: { api: api({ list: () => new Promise(() => {}) }) } };

export const LoadFailed: Story = {
  args: { api: api({ list: async () => Promise.reject(new Error('The rows could not be loaded.')) }) },
};

export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <UsersAdmin {...args} />
      </div>
    </I18nProvider>
  ),
};

/** The edit dialog of one user (save refused on the name, so Save shows the per-field error). */
export const EditDialog: StoryObj<typeof UserEditDialog> = {
  render: (args) => <UserEditDialog {...args} />,
  args: {
    api: api({ update: async () => Promise.reject(refused) }),
    userId: 2,
    choices,
    onSaved: fn(),
    onClose: fn(),
  },
};

export const NewUserDialog: StoryObj<typeof UserEditDialog> = {
  render: (args) => <UserEditDialog {...args} />,
  args: { api: api(), userId: null, choices, onSaved: fn(), onClose: fn() },
};
