// @vitest-environment jsdom
import type { FormDefinition, SessionContext } from '@procedo/client-api';
import { ProcedoTexts } from '@procedo/texts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORMS_TEXTS_DE } from '../locales/de';
import { readPermissionsMode, setPermissionsMode } from '../permissions/permissions-mode';
import { DeveloperBar, type DeveloperBarProps } from './DeveloperBar';

const context = (overrides: Partial<SessionContext> = {}): SessionContext => ({
  WebUserId: 1,
  WebUserIsSupervisor: true,
  WebUserPreferenceId: 101,
  WebProfileId: 1,
  WebTaskId: null,
  WebFormId: null,
  WebFormSearchBtnName: null,
  SessionId: 'session-1',
  WebDatabaseId: 'demo',
  WebDatabaseName: 'Demo',
  DesignMode: { CanDesign: true, CanDesignNavigation: true },
  Roles: ['design'],
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
    department: '',
    region: '',
    mobileTel: '',
    emailBusiness: '',
    emailPrivate: '',
    jobTitle: '',
  },
  SessionTimeoutMinutes: 20,
  SessionExpiresAt: '2026-11-24T20:00:00.000Z',
  ...overrides,
});

const definition: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 101,
  Name: 'Supplier',
  Title: 'Supplier',
  Entity: 'supplier',
  Kind: 'record',
  Elements: [{ Kind: 'text', Name: 'Name', Label: 'Supplier name' }] as FormDefinition['Elements'],
};

const links = { classic: '/?a_ui=classic', system: '/system', signOut: '/?cmd=logout_kill' };

function renderBar(props: Partial<DeveloperBarProps> = {}) {
  return render(
    <DeveloperBar
      context={context()}
      links={links}
      onRefreshCache={async () => {}}
      reload={() => {}}
      {...props}
    />,
  );
}

/** The bar's form info as term → description. */
const infoOf = () =>
  Object.fromEntries(
    [...screen.getByRole('region', { name: 'Developer bar' }).querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]),
  );

/** A promise and the functions that settle it, so a test decides when the server answers. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('DeveloperBar', () => {
  afterEach(() => setPermissionsMode(false));

  it('is shown only to a user with the design-mode permission', () => {
    const { unmount } = renderBar({
      context: context({ DesignMode: { CanDesign: false, CanDesignNavigation: true } }),
    });
    expect(screen.queryByRole('region', { name: 'Developer bar' })).toBeNull();
    unmount();
    renderBar();
    const bar = screen.getByRole('region', { name: 'Developer bar' });
    expect(within(bar).getByRole('toolbar', { name: 'Developer tools' })).toBeTruthy();
  });

  it('shows the versions and the open form: WebTemplateNo, name, definition version and WebFormId', () => {
    renderBar({ formInfo: { definition, definitionUpdatedAt: '2026-11-01T08:00:00.000Z', webFormId: 7 } });
    expect(infoOf()).toEqual({
      Application: 'R1501',
      'Client web API': '18.01',
      WebTemplateNo: '101',
      Form: 'Supplier (definition 1, changed 2026-11-01T08:00:00.000Z)',
      WebFormId: '7',
    });
  });

  it('says when the page has no form, and that a new record has no WebFormId', () => {
    const { unmount } = renderBar();
    expect(infoOf().Form).toBe('No form on this page');
    unmount();
    renderBar({ formInfo: { definition, webFormId: null } });
    expect(infoOf().WebFormId).toBe('none');
  });

  it('toggles permissions mode: aria-pressed and the permissions cookie follow', async () => {
    const user = userEvent.setup();
    renderBar();
    const toggle = screen.getByRole('button', { name: 'Permissions' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(readPermissionsMode()).toBe(true);
    expect(document.cookie).toContain('procedo_permissions=1');
    await user.click(toggle);
    expect(readPermissionsMode()).toBe(false);
  });

  it('refreshes the page cache, shows progress, and reloads the page only once the command succeeded', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    const onRefreshCache = vi.fn(() => answer.promise);
    const reload = vi.fn();
    renderBar({ onRefreshCache, reload });
    await user.click(screen.getByRole('button', { name: 'Refresh page cache' }));
    expect(onRefreshCache).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Refreshing page cache…');
    expect(screen.getByRole('button', { name: 'Refresh page cache' }).hasAttribute('disabled')).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    answer.resolve();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('shows a failed cache refresh and does not reload', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    renderBar({ onRefreshCache: () => Promise.reject(new Error('Server: unavailable')), reload });
    await user.click(screen.getByRole('button', { name: 'Refresh page cache' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The page cache could not be refreshed: Server: unavailable',
    );
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Refresh page cache' }).hasAttribute('disabled')).toBe(false);
  });

  it('offers a switch to each other profile of the user, by keyboard', async () => {
    const user = userEvent.setup();
    const onSwitchProfile = vi.fn(async () => {});
    renderBar({ onSwitchProfile });
    const button = screen.getByRole('button', { name: 'Profile: Quality supervisors' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['Quality supervisors', 'Operators']);
    expect(items[0]!.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSwitchProfile).toHaveBeenCalledWith({ profileId: 2 });
  });

  it('shows the profile without a menu where the user has only one', () => {
    renderBar({
      onSwitchProfile: async () => {},
      context: context({ Profiles: [{ Id: 1, Name: 'Quality supervisors' }] }),
    });
    expect(screen.getByText('Profile: Quality supervisors')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Profile/ })).toBeNull();
  });

  it('says why a profile switch failed', async () => {
    const user = userEvent.setup();
    renderBar({ onSwitchProfile: () => Promise.reject(new Error('You may not use profile 2.')) });
    await user.click(screen.getByRole('button', { name: 'Profile: Quality supervisors' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Operators' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The profile could not be switched: You may not use profile 2.',
    );
  });

  it('hands plain clicks on its links to the host’s router, and keeps the addresses', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    renderBar({ onNavigate, isClassic: true });
    const classic = screen.getByRole('link', { name: 'Classic' });
    expect(classic.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'System' }).getAttribute('href')).toBe('/system');
    await user.click(screen.getByRole('link', { name: 'Sign Out' }));
    expect(onNavigate).toHaveBeenCalledWith({ href: '/?cmd=logout_kill' });
  });

  it('opens Customise Context: the web request info and the form’s elements with the permissions, read only', async () => {
    const user = userEvent.setup();
    renderBar({
      formInfo: {
        definition,
        webFormId: 7,
        permissions: [{ NAME: 'Name', ElementHidden: false, ElementLocked: true }],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Customise Context' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customise Context' });
    expect(dialog.textContent).toContain('WebFormId7');
    expect(dialog.textContent).toContain('WebProfileId1');
    const row = within(dialog).getByRole('row', { name: /Name text Supplier name/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['text', 'Supplier name', 'no', 'yes']);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Open in the form designer' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('links Customise Context to the open form in the form designer, through the host’s router', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    renderBar({
      formInfo: { definition, webFormId: 7 },
      onNavigate,
      formDesignerHref: (no) => `/designer/form?WebTemplateNo=${no}`,
    });
    await user.click(screen.getByRole('button', { name: 'Customise Context' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customise Context' });
    const link = within(dialog).getByRole('link', { name: 'Open in the form designer' });
    expect(link.getAttribute('href')).toBe('/designer/form?WebTemplateNo=101');
    await user.click(link);
    expect(onNavigate).toHaveBeenCalledWith({ href: '/designer/form?WebTemplateNo=101' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('DeveloperBar texts', () => {
  const bar = (props: Partial<DeveloperBarProps> = {}) => (
    <DeveloperBar
      context={context()}
      links={links}
      onRefreshCache={async () => {}}
      reload={() => {}}
      {...props}
    />
  );

  it('takes its button names from the catalogue, and its own labels prop wins over it', () => {
    const { unmount } = render(
      <ProcedoTexts texts={{ forms: { developerBar: { refreshCache: 'Clear page cache' } } }}>
        {bar()}
      </ProcedoTexts>,
    );
    expect(screen.getByRole('button', { name: 'Clear page cache' })).toBeTruthy();
    unmount();
    render(
      <ProcedoTexts texts={{ forms: { developerBar: { refreshCache: 'Clear page cache' } } }}>
        {bar({ labels: { refreshCache: 'Reload cache' } })}
      </ProcedoTexts>,
    );
    expect(screen.getByRole('button', { name: 'Reload cache' })).toBeTruthy();
  });

  it('speaks German with the German catalogue', () => {
    render(<ProcedoTexts texts={{ forms: FORMS_TEXTS_DE }}>{bar()}</ProcedoTexts>);
    const region = screen.getByRole('region', { name: 'Entwicklerleiste' });
    expect(within(region).getByRole('button', { name: 'Seitencache aktualisieren' })).toBeTruthy();
    expect(within(region).getByText('Kein Formular auf dieser Seite')).toBeTruthy();
  });
});
