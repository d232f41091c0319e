// @vitest-environment jsdom
import { ProcedoTexts } from '@procedo/texts';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock';
import { SESSION_TEXTS_DE } from './locales/de';
import { SessionLockOverlay, SessionProvider } from './react';
import { createSessionManager } from './session-manager';

const T0 = Date.UTC(2024, 0, 15, 9, 0, 0);

function lockedPage(texts: Parameters<typeof ProcedoTexts>[0]['texts']) {
  const clock = createManualClock({ now: T0 });
  const manager = createSessionManager({
    timeoutMinutes: 20,
    readDeadline: () => T0 + 20 * 60_000 + 5000,
    keepAlive: async () => {},
    clock,
    timers: clock,
  });
  render(
    <ProcedoTexts texts={texts}>
      <SessionProvider manager={manager}>
        <SessionLockOverlay userName="supervisor" databaseName="Demo" onLogin={async () => {}} />
      </SessionProvider>
    </ProcedoTexts>,
  );
  act(() => manager.markLoggedOut());
}

describe('ProcedoTexts over the session lock', () => {
  it('titles the lock dialog and names its button in German', () => {
    lockedPage({ session: SESSION_TEXTS_DE });
    expect(screen.getByRole('alertdialog', { name: 'Ihre Sitzung ist abgelaufen.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByLabelText('Kennwort')).toBeTruthy();
  });

  it('keeps English for the texts an override leaves out', () => {
    lockedPage({ session: { loginButton: 'Sign in' } });
    expect(screen.getByRole('alertdialog', { name: 'Your session has expired.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
