import {
  type FormPermissions,
  HttpStatusError,
  type PermissionOwners,
  type PermissionsApi,
} from '@procedo/client-api';
import { I18nProvider } from '@procedo/forms-react';
import { ElementPermissionsDialog, ElementPermissionsEditor } from '@procedo/forms-react/permissions';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

// Fixed data (the supplier form for the operators' profile), so runs compare.
const owners: PermissionOwners = {
  Profiles: [
    {
      OwnerType: 'profile',
      OwnerId: 1,
      Name: 'Quality supervisors',
      Description: 'Quality assurance management',
    },
    { OwnerType: 'profile', OwnerId: 2, Name: 'Operators', Description: 'Production and laboratory staff' },
  ],
  Users: [{ OwnerType: 'user', OwnerId: 2, Name: 'operator', Description: 'Olive Operator' }],
};

const off = { Hidden: false, Locked: false };
const supplier: FormPermissions = {
  WebTemplateNo: 102,
  FormTitle: 'Supplier',
  Owner: owners.Profiles[1]!,
  Version: 4,
  Elements: [
    {
      Name: 'SupplierTabs',
      Label: 'Supplier',
      Kind: 'tabs',
      Depth: 0,
      ...off,
      Inherited: null,
      Effective: off,
    },
    { Name: 'General', Label: 'General', Kind: 'tab', Depth: 1, ...off, Inherited: null, Effective: off },
    { Name: 'Name', Label: 'Name', Kind: 'text', Depth: 2, ...off, Inherited: null, Effective: off },
    { Name: 'Email', Label: 'Email', Kind: 'text', Depth: 2, ...off, Inherited: null, Effective: off },
    {
      Name: 'Quality',
      Label: 'Quality',
      Kind: 'tab',
      Depth: 1,
      Hidden: false,
      Locked: true,
      Inherited: null,
      Effective: { Hidden: false, Locked: true },
    },
    {
      Name: 'Rating',
      Label: 'Rating (1–5)',
      Kind: 'number',
      Depth: 2,
      Hidden: false,
      Locked: true,
      Inherited: { Hidden: false, Locked: true, From: 'Quality' },
      Effective: { Hidden: false, Locked: true },
    },
    {
      Name: 'InternalNotes',
      Label: 'Internal notes',
      Kind: 'textarea',
      Depth: 2,
      Hidden: true,
      Locked: false,
      Inherited: { Hidden: false, Locked: true, From: 'Quality' },
      Effective: { Hidden: true, Locked: true },
    },
    { Name: 'Save', Label: 'Save', Kind: 'button', Depth: 0, ...off, Inherited: null, Effective: off },
  ],
};

const api = (
  save: PermissionsApi['save'] = async () => supplier,
): Pick<PermissionsApi, 'get' | 'save' | 'owners'> => ({
  owners: async () => owners,
  get: async () => supplier,
  save,
});

const meta = {
  title: 'forms-react/Permissions/ElementPermissionsEditor',
  component: ElementPermissionsEditor,
  args: {
    api: api(),
    webTemplateNo: 102,
    owner: { ownerType: 'profile', ownerId: 2 },
    onOwnerChange: fn(),
    onCancel: fn(),
    onSaved: fn(),
  },
} satisfies Meta<typeof ElementPermissionsEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The supplier form for the operators' profile: a locked tab passes Locked on to its elements. */
export const Default: Story = {};

/** No owner chosen yet: the picker only. */
export const NoOwner: Story = { args: { owner: null } };

/** Viewing a past timepoint: nothing can be changed. */
export const ReadOnlyAtTimepoint: Story = { args: { isReadOnly: true } };

/** The server refuses an element (tick a box and press Save): the choice stays, the row says why. */
export const ServerRefuses: Story = {
  args: {
    api: api(async () => {
      throw new HttpStatusError({
        status: 400,
        method: 'PUT',
        url: '/api/v1/permissions/forms/102',
        bodyText: '',
        body: {
          Message: 'Invalid request: Changes.0.Name: The form has no element Email',
          Code: 'VALIDATION',
          Issues: [
            {
              code: 'unknown_element',
              path: ['Changes', 0, 'Name'],
              message: 'The form has no element Email',
            },
          ],
        },
      });
    }),
  },
};

/** Saving takes a while: the button says "Saving…" (tick a box and press Save). */
export const Saving: Story = { args: { api: api(() => new Promise<FormPermissions>(() => {})) } };

/** Loading: the rows have not arrived. */
export const Loading: Story = {
  args: {
    api: {
      owners: async () => owners,
      get: () => new Promise<FormPermissions>(() => {}),
      save: async () => supplier,
    },
  },
};

/** As the dialog the host opens over the form, with the right-clicked element's row focused. */
export const AsDialog: Story = {
  render: (args) => <ElementPermissionsDialog {...args} formTitle="Supplier" focusElement="Email" />,
};

/** Right to left. */
export const RightToLeft: Story = {
  render: (args) => (
    <I18nProvider locale="ar-EG">
      <div dir="rtl">
        <ElementPermissionsEditor {...args} />
      </div>
    </I18nProvider>
  ),
};
