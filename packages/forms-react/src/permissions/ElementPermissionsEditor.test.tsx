// @vitest-environment jsdom
import {
  type FormPermissions,
  HttpStatusError,
  type PermissionOwners,
  type PermissionsApi,
  type SavePermissionsRequest,
} from '@procedo/client-api';
import { ProcedoTexts } from '@procedo/texts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FORMS_TEXTS_DE } from '../locales/de';
import { ElementPermissionsDialog, ElementPermissionsEditor } from './ElementPermissionsEditor';

const owners: PermissionOwners = {
  Profiles: [{ OwnerType: 'profile', OwnerId: 2, Name: 'Operators', Description: 'Production staff' }],
  Users: [{ OwnerType: 'user', OwnerId: 2, Name: 'operator', Description: 'Olive Operator' }],
};

const view = (overrides: Partial<FormPermissions> = {}): FormPermissions => ({
  WebTemplateNo: 102,
  FormTitle: 'Supplier',
  Owner: owners.Profiles[0]!,
  Version: 3,
  Elements: [
    {
      Name: 'Tabs',
      Label: 'Sections',
      Kind: 'tabs',
      Depth: 0,
      Hidden: false,
      Locked: false,
      Inherited: null,
      Effective: { Hidden: false, Locked: false },
    },
    {
      Name: 'General',
      Label: 'General',
      Kind: 'tab',
      Depth: 1,
      Hidden: true,
      Locked: false,
      Inherited: null,
      Effective: { Hidden: true, Locked: false },
    },
    {
      Name: 'Email',
      Label: 'Email',
      Kind: 'text',
      Depth: 2,
      Hidden: false,
      Locked: false,
      Inherited: { Hidden: true, Locked: false, From: 'General' },
      Effective: { Hidden: true, Locked: false },
    },
    {
      Name: 'Rating',
      Label: 'Rating',
      Kind: 'number',
      Depth: 0,
      Hidden: false,
      Locked: true,
      Inherited: null,
      Effective: { Hidden: false, Locked: true },
    },
  ],
  ...overrides,
});

function fakeApi(save: PermissionsApi['save'] = async () => view()) {
  return {
    owners: vi.fn(async () => owners),
    get: vi.fn(async () => view()),
    save: vi.fn(save),
  };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('ElementPermissionsEditor', () => {
  it('lists the elements in form order with their flags, what a tab passes on and what is in force', async () => {
    const api = fakeApi();
    render(
      <ElementPermissionsEditor
        api={api}
        webTemplateNo={102}
        owner={{ ownerType: 'profile', ownerId: 2 }}
        onOwnerChange={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => row.getAttribute('data-name'))).toEqual([
      'Tabs',
      'General',
      'Email',
      'Rating',
    ]);
    expect(checkbox('Hidden: General (General)').checked).toBe(true);
    expect(checkbox('Locked: Rating (Rating)').checked).toBe(true);
    const email = rows.find((row) => row.getAttribute('data-name') === 'Email')!;
    expect(within(email).getByText('Hidden by General')).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith(102, { ownerType: 'profile', ownerId: 2 }, expect.anything());
  });

  it('saves only the changed elements with the version read, and shows the saved state', async () => {
    const api = fakeApi(async () => view({ Version: 4 }));
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(
      <ElementPermissionsEditor
        api={api}
        webTemplateNo={102}
        owner={{ ownerType: 'profile', ownerId: 2 }}
        onOwnerChange={vi.fn()}
        onCancel={vi.fn()}
        onSaved={onSaved}
      />,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Hidden: Email (Email)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.save).toHaveBeenCalledWith(102, {
      OwnerType: 'profile',
      OwnerId: 2,
      Version: 3,
      Changes: [{ Name: 'Email', Hidden: true, Locked: false }],
    } satisfies SavePermissionsRequest);
    expect(screen.getByRole('status').textContent).toBe('The permissions were saved.');
  });

  it('keeps the user’s choices on a refusal and says what is wrong on the element’s row', async () => {
    const refusal = new HttpStatusError({
      status: 400,
      method: 'PUT',
      url: '/api/v1/permissions/forms/102',
      bodyText: '',
      body: {
        Message: 'Invalid request: Changes.0.Name: The form has no element Rating',
        Code: 'VALIDATION',
        Issues: [
          {
            code: 'unknown_element',
            path: ['Changes', 0, 'Name'],
            message: 'The form has no element Rating',
          },
        ],
      },
    });
    const api = fakeApi(async () => {
      throw refusal;
    });
    const user = userEvent.setup();
    render(
      <ElementPermissionsEditor
        api={api}
        webTemplateNo={102}
        owner={{ ownerType: 'profile', ownerId: 2 }}
        onOwnerChange={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Locked: Rating (Rating)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The form has no element Rating');
    const locked = checkbox('Locked: Rating (Rating)');
    expect(locked.checked).toBe(false); // the choice stays
    expect(locked.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(locked.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('The form has no element Rating');
  });

  it('lets the owner be chosen from the users and profiles, by keyboard', async () => {
    const api = fakeApi();
    const onOwnerChange = vi.fn();
    const user = userEvent.setup();
    render(
      <ElementPermissionsEditor
        api={api}
        webTemplateNo={102}
        owner={null}
        onOwnerChange={onOwnerChange}
        onCancel={vi.fn()}
      />,
    );
    const picker = screen.getByRole('combobox', { name: 'For' });
    await screen.findByRole('option', { name: 'operator (Olive Operator)' });
    expect(api.get).not.toHaveBeenCalled();
    await user.selectOptions(picker, 'operator (Olive Operator)');
    expect(onOwnerChange).toHaveBeenCalledWith({ ownerType: 'user', ownerId: 2 });
  });

  it('changes nothing while a past timepoint is viewed', async () => {
    const api = fakeApi();
    render(
      <ElementPermissionsEditor
        api={api}
        webTemplateNo={102}
        owner={{ ownerType: 'profile', ownerId: 2 }}
        onOwnerChange={vi.fn()}
        onCancel={vi.fn()}
        isReadOnly
      />,
    );
    expect(
      ((await screen.findByRole('checkbox', { name: 'Hidden: Email (Email)' })) as HTMLInputElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/permissions cannot be changed/)).toBeTruthy();
  });

  it('as a dialog: titled by the form, focus on the right-clicked element, Escape cancels', async () => {
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(
      <ElementPermissionsDialog
        formTitle="Supplier"
        api={fakeApi()}
        webTemplateNo={102}
        owner={{ ownerType: 'profile', ownerId: 2 }}
        onOwnerChange={vi.fn()}
        onCancel={onCancel}
        focusElement="Email"
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Element permissions: Supplier' })).toBeTruthy();
    const hidden = await screen.findByRole('checkbox', { name: 'Hidden: Email (Email)' });
    await waitFor(() => expect(document.activeElement).toBe(hidden));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('ElementPermissionsEditor texts', () => {
  const editor = (labels?: { save: string }) => (
    <ElementPermissionsEditor
      api={fakeApi()}
      webTemplateNo={102}
      owner={{ ownerType: 'profile', ownerId: 2 }}
      onOwnerChange={vi.fn()}
      onCancel={vi.fn()}
      {...(labels ? { labels } : {})}
    />
  );

  it('takes Save from the catalogue, and its own labels prop wins over it', async () => {
    const { unmount } = render(
      <ProcedoTexts texts={{ forms: { permissions: { save: 'Apply' } } }}>{editor()}</ProcedoTexts>,
    );
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    unmount();
    render(
      <ProcedoTexts texts={{ forms: { permissions: { save: 'Apply' } } }}>
        {editor({ save: 'Store' })}
      </ProcedoTexts>,
    );
    expect(await screen.findByRole('button', { name: 'Store' })).toBeTruthy();
  });

  it('speaks German with the German catalogue, the dialog’s title and the flags included', async () => {
    render(
      <ProcedoTexts texts={{ forms: FORMS_TEXTS_DE }}>
        <ElementPermissionsDialog
          api={fakeApi()}
          webTemplateNo={102}
          owner={{ ownerType: 'profile', ownerId: 2 }}
          onOwnerChange={vi.fn()}
          onCancel={vi.fn()}
        />
      </ProcedoTexts>,
    );
    expect(screen.getByRole('dialog', { name: 'Elementberechtigungen: Formular 102' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Speichern' })).toBeTruthy();
    expect(checkbox('Ausgeblendet: General (General)').checked).toBe(true);
  });
});
