// @vitest-environment jsdom
import {
  HttpStatusError,
  type UserAccount,
  type UserChoices,
  UserConflictError,
  type UsersApi,
} from '@procedo/client-api';
import { ProcedoTexts } from '@procedo/texts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FORMS_TEXTS_DE } from '../locales/de';
import { UserEditDialog } from './UserEditDialog';
import { UsersAdmin } from './UsersAdmin';

const translator: UserAccount = {
  id: 3,
  name: 'translator',
  legalName: 'Tess Translator',
  preferences: { ui: 'modern', language: 'en' },
  profileId: 2,
  profileName: 'Operators',
  isSupervisor: false,
  department: 'Documentation',
  region: 'DACH',
  mobileTel: '+49 151 23456789',
  emailBusiness: 'tess.translator@procedo.example',
  emailPrivate: '',
  jobTitle: 'Technical Translator',
  isDisabled: false,
  roles: ['translation-admin'],
  version: 4,
};

const choices: UserChoices = {
  Profiles: [
    { Id: 2, Name: 'Operators' },
    { Id: 1, Name: 'Quality supervisors' },
  ],
  Languages: ['en'],
  Roles: ['design', 'navigation-design', 'permission-design', 'translation-admin', 'user-admin'],
};

function fakeApi(overrides: Partial<UsersApi> = {}): UsersApi {
  return {
    list: vi.fn(async () => ({ Users: [translator], NextCursor: null })),
    get: vi.fn(async () => ({
      User: translator,
      History: [
        {
          Id: 1,
          UserId: 3,
          Field: 'profileId',
          OldValue: '1',
          NewValue: '2',
          ChangedBy: 'supervisor',
          ChangedAt: '2026-11-24T10:00:00.000Z',
        },
      ],
    })),
    choices: vi.fn(async () => choices),
    update: vi.fn(async () => translator),
    create: vi.fn(async () => translator),
    disable: vi.fn(async () => ({ ...translator, isDisabled: true, version: 5 })),
    enable: vi.fn(async () => translator),
    me: vi.fn(async () => ({ User: translator, Languages: ['en'] })),
    ...overrides,
  };
}

const badRequest = (issues: { path: string[]; message: string }[]) => {
  const body = {
    Message: 'Invalid request: …',
    Code: 'VALIDATION',
    Issues: issues.map((i) => ({ code: 'x', ...i })),
  };
  return new HttpStatusError({
    status: 400,
    method: 'PATCH',
    url: 'http://h/api/v1/users/3',
    bodyText: JSON.stringify(body),
    body,
  });
};

const inputValue = (element: HTMLElement) => (element as HTMLInputElement).value;

async function openDialog(api: UsersApi) {
  render(<UserEditDialog api={api} userId={3} choices={choices} onSaved={() => {}} onClose={() => {}} />);
  await waitFor(() => expect(inputValue(screen.getByLabelText('User name'))).toBe('translator'));
}

describe('UserEditDialog', () => {
  it('keeps every edit on screen and marks the field when the server refuses a rule (400 per field)', async () => {
    const update = vi.fn(async () => {
      throw badRequest([{ path: ['name'], message: 'Another user already has this name' }]);
    });
    const api = fakeApi({ update });
    await openDialog(api);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('User name'));
    await user.type(screen.getByLabelText('User name'), 'SUPERVISOR');
    await user.clear(screen.getByLabelText('Job title'));
    await user.type(screen.getByLabelText('Job title'), 'Lead translator');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(update).toHaveBeenCalledWith(3, { Version: 4, name: 'SUPERVISOR', jobTitle: 'Lead translator' });
    expect(await screen.findByText('Another user already has this name')).toBeTruthy();
    expect(inputValue(screen.getByLabelText('User name'))).toBe('SUPERVISOR');
    expect(screen.getByLabelText('User name').getAttribute('aria-invalid')).toBe('true');
    expect(inputValue(screen.getByLabelText('Job title'))).toBe('Lead translator');
    expect(screen.getByRole('alert').textContent).toContain('Some fields need a change');
  });

  it('checks the shared field rules before sending: a bad e-mail address is marked and nothing is sent', async () => {
    const api = fakeApi();
    await openDialog(api);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Business e-mail'));
    await user.type(screen.getByLabelText('Business e-mail'), 'tess-at-example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an e-mail address such as name@example.com')).toBeTruthy();
    expect(inputValue(screen.getByLabelText('Business e-mail'))).toBe('tess-at-example');
    expect(api.update).not.toHaveBeenCalled();
  });

  it('says a stale edit was not saved and offers the current values', async () => {
    const current = { ...translator, region: 'Nordics', version: 5 };
    const conflict = new UserConflictError({
      error: new HttpStatusError({
        status: 409,
        method: 'PATCH',
        url: 'http://h/api/v1/users/3',
        bodyText: '',
      }),
      current,
    });
    const api = fakeApi({
      update: vi.fn(async () => {
        throw conflict;
      }),
    });
    await openDialog(api);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Region'));
    await user.type(screen.getByLabelText('Region'), 'APAC');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Someone else changed this user');
    expect(inputValue(screen.getByLabelText('Region'))).toBe('APAC');
    await user.click(screen.getByRole('button', { name: 'Show their current values' }));
    expect(inputValue(screen.getByLabelText('Region'))).toBe('Nordics');
  });

  it('shows the user’s history, profile changes by name', async () => {
    await openDialog(fakeApi());
    const history = screen.getByRole('table');
    expect(within(history).getByText('Quality supervisors')).toBeTruthy();
    expect(within(history).getByText('Operators')).toBeTruthy();
    expect(within(history).getByText('2026-11-24 10:00:00')).toBeTruthy();
  });

  it('disables a user only after the confirmation', async () => {
    const api = fakeApi();
    await openDialog(api);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Disable user' }));
    expect(api.disable).not.toHaveBeenCalled();
    expect(screen.getByText(/Disable translator\? They cannot sign on/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(api.disable).toHaveBeenCalledWith(3);
  });
});

describe('UsersAdmin', () => {
  it('lists the users in the grid and opens one from their name', async () => {
    const api = fakeApi();
    render(<UsersAdmin api={api} />);
    const grid = await screen.findByRole('grid', { name: 'Users' });
    expect(await within(grid).findByText('Tess Translator')).toBeTruthy();
    expect(within(grid).getByText('Operators')).toBeTruthy();
    await userEvent.setup().click(within(grid).getByRole('button', { name: 'translator' }));
    expect(await screen.findByRole('dialog', { name: 'User translator' })).toBeTruthy();
  });

  it('searches by the text typed', async () => {
    const api = fakeApi();
    render(<UsersAdmin api={api} />);
    await screen.findByRole('grid', { name: 'Users' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Find users'), 'dach{Enter}');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'dach' })));
  });
});

describe('users administration texts', () => {
  const dialog = (labels?: { editTitle: (name: string) => string }) => (
    <UserEditDialog
      api={fakeApi()}
      userId={3}
      choices={choices}
      onSaved={() => {}}
      onClose={() => {}}
      {...(labels ? { labels } : {})}
    />
  );

  it('takes the dialog’s title from the catalogue, and its own labels prop wins over it', async () => {
    const texts = { forms: { usersAdmin: { editTitle: (name: string) => `Account ${name}` } } };
    const { unmount } = render(<ProcedoTexts texts={texts}>{dialog()}</ProcedoTexts>);
    expect(await screen.findByRole('dialog', { name: 'Account translator' })).toBeTruthy();
    unmount();
    render(<ProcedoTexts texts={texts}>{dialog({ editTitle: (name) => `Person ${name}` })}</ProcedoTexts>);
    expect(await screen.findByRole('dialog', { name: 'Person translator' })).toBeTruthy();
  });

  it('speaks German with the German catalogue', async () => {
    render(<ProcedoTexts texts={{ forms: FORMS_TEXTS_DE }}>{dialog()}</ProcedoTexts>);
    expect(await screen.findByRole('dialog', { name: 'Benutzer translator' })).toBeTruthy();
    await waitFor(() => expect(inputValue(screen.getByLabelText('Benutzername'))).toBe('translator'));
  });
});
