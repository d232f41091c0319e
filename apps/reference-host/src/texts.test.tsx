import type { SessionContext } from '@procedo/client-api';
import { catalogueProblems, ProcedoTexts, type ProcedoTextsProps } from '@procedo/texts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { systemEntriesFor } from './developer/system-entries';
import { HOST_TEXTS_DE } from './locales/de';
import { SystemPage } from './routes/SystemPage';
import { loadTexts } from './shell/languages';
import { SignedInContext } from './shell/signed-in-context';
import { HOST_TEXTS } from './texts';

const supervisor = {
  Roles: ['user-admin', 'permission-design'],
  DesignMode: { CanDesign: false, CanDesignNavigation: false },
  WebUserIsSupervisor: true,
} as unknown as SessionContext;

function renderPage(page: React.ReactNode, texts?: ProcedoTextsProps['texts']) {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SignedInContext.Provider
        value={{
          context: supervisor,
          errorHandler: { handle() {}, showErrorWindow() {} },
          onContextChange() {},
        }}
      >
        <ProcedoTexts texts={texts}>{page}</ProcedoTexts>
      </SignedInContext.Provider>
    </MemoryRouter>,
  );
}

describe('the host’s German catalogue', () => {
  it('has exactly the keys of the English one, with the same arguments shown', () => {
    expect(catalogueProblems(HOST_TEXTS, HOST_TEXTS_DE)).toEqual([]);
  });

  it('would fail for a missing key', () => {
    const { menu: _menu, ...shell } = HOST_TEXTS_DE.shell;
    expect(catalogueProblems(HOST_TEXTS, { ...HOST_TEXTS_DE, shell })).toEqual(['shell.menu: missing']);
  });

  it('is loaded with the SDK’s German', async () => {
    expect((await loadTexts('de'))?.host?.bookmarks?.title).toBe('Ihre Lesezeichen');
  });
});

describe('the host’s texts on its pages', () => {
  it('shows /system in English without a provider, and in German with the German catalogue', () => {
    expect(renderPage(<SystemPage />)).toContain('<h1>System</h1>');
    expect(renderPage(<SystemPage />)).toContain('>Users</a>');
    const german = renderPage(<SystemPage />, { host: HOST_TEXTS_DE });
    expect(german).toContain('>Benutzer</a>');
    expect(german).toContain('Formularelemente für einen Benutzer oder ein Profil ausblenden oder sperren');
    expect(systemEntriesFor(supervisor, HOST_TEXTS_DE.system).map((entry) => entry.title)).toEqual([
      'Benutzer',
      'Berechtigungen',
      'Prüfpfad',
      'Sicherheitsereignisse',
    ]);
  });

  it('lets an override rename one text and leaves the others English', () => {
    const html = renderPage(<SystemPage />, { host: { system: { title: 'Administration' } } });
    expect(html).toContain('<h1>Administration</h1>');
    expect(html).toContain('>Users</a>');
  });
});
