import type { FormDefinition, SessionContext } from '@procedo/client-api';
import { I18nProvider } from '@procedo/forms-react';
import { DeveloperBar } from '@procedo/forms-react/developer';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

// Fixed data, so the stories read the same whenever they run.
const context: SessionContext = {
  WebUserId: 1,
  WebUserIsSupervisor: true,
  WebUserPreferenceId: 101,
  WebProfileId: 1,
  WebTaskId: null,
  WebFormId: null,
  WebFormSearchBtnName: null,
  SessionId: '00000000-0000-4000-8000-000000000001',
  WebDatabaseId: 'demo',
  WebDatabaseName: 'Demo',
  DesignMode: { CanDesign: true, CanDesignNavigation: true },
  Roles: ['design', 'permission-design'],
  Profiles: [
    { Id: 1, Name: 'Quality supervisors' },
    { Id: 2, Name: 'Operators' },
  ],
  User: {
    id: 1,
    name: 'supervisor',
    legalName: 'Sam Supervisor',
    preferences: { ui: 'modern', language: 'en' },
    profileId: 1,
    isSupervisor: true,
    department: 'Quality Assurance',
    region: 'EMEA',
    mobileTel: '',
    emailBusiness: '',
    emailPrivate: '',
    jobTitle: 'Head of Quality Assurance',
  },
  SessionTimeoutMinutes: 20,
  SessionExpiresAt: '2026-06-01T10:00:00.000Z',
};

const definition = {
  schemaVersion: 1,
  WebTemplateNo: 102,
  Name: 'Supplier',
  Title: 'Supplier',
  Entity: 'supplier',
  Kind: 'record',
  Elements: [
    { Kind: 'text', Name: 'Name', Label: 'Name' },
    { Kind: 'text', Name: 'InternalNotes', Label: 'Internal notes' },
  ],
} as FormDefinition;

const meta = {
  title: 'forms-react/Developer/DeveloperBar',
  component: DeveloperBar,
  args: {
    context,
    formInfo: {
      definition,
      definitionUpdatedAt: '2026-05-01T08:00:00.000Z',
      permissions: [{ NAME: 'InternalNotes', ElementHidden: false, ElementLocked: true }],
      webFormId: 7,
    },
    links: { classic: '#classic', system: '#system', signOut: '#sign-out' },
    onNavigate: fn(),
    onRefreshCache: fn(async () => {}),
    reload: fn(),
    onSwitchProfile: fn(async () => {}),
  },
} satisfies Meta<typeof DeveloperBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A record form open: the form info, and a profile menu (the user has two profiles). */
export const WithForm: Story = {};

/** A page without a form. */
export const WithoutForm: Story = { args: { formInfo: null } };

/** One profile only: shown, not offered for a switch. */
export const OneProfile: Story = {
  args: { context: { ...context, Profiles: [{ Id: 1, Name: 'Quality supervisors' }] } },
};

/** Refresh page cache fails: the bar says so and nothing reloads. */
export const RefreshFails: Story = {
  args: { onRefreshCache: fn(async () => Promise.reject(new Error('The server is not available.'))) },
};

/** Without the design-mode permission nothing is rendered. */
export const NoDesignPermission: Story = {
  args: { context: { ...context, DesignMode: { CanDesign: false, CanDesignNavigation: false } } },
};

/** Right-to-left locale. */
export const RightToLeft: Story = {
  decorators: [
    (Story) => (
      <I18nProvider locale="ar-EG">
        <div dir="rtl">
          <Story />
        </div>
      </I18nProvider>
    ),
  ],
};
