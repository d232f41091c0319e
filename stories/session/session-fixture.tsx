/// <reference types="vite/client" />
import { createManualClock, createSessionManager, type SessionManager } from '@procedo/session';
import { SessionProvider } from '@procedo/session/react';
import { type ReactNode, useState } from 'react';
import '@procedo/session/styles.css';

/** The fixed "now" of every session story, so each renders the same on every run. */
export const FIXED_NOW = Date.UTC(2024, 0, 15, 9, 0, 0);
const TIMEOUT_MINUTES = 20;

export interface FixedSessionOptions {
  /** Milliseconds from the fixed now to the stored deadline. */
  msUntilLock: number;
  /** Lock at once, as after a NOT_LOGGED_ON answer. */
  isLocked?: boolean;
  /** Called when the notice's 'Log in' extends the session. */
  onKeepAlive?: () => void;
}

/**
 * A session manager on a manual clock that never moves by itself: the countdown stays where the
 * story puts it. A keep-alive or a login writes a deadline 20 min 5 s after the fixed now.
 */
export function createFixedSession({ msUntilLock, isLocked = false, onKeepAlive }: FixedSessionOptions) {
  const clock = createManualClock({ now: FIXED_NOW });
  let deadline = FIXED_NOW + msUntilLock;
  const serverCall = () => {
    deadline = clock.now() + TIMEOUT_MINUTES * 60_000 + 5000;
  };
  const manager = createSessionManager({
    timeoutMinutes: TIMEOUT_MINUTES,
    readDeadline: () => deadline,
    keepAlive: async () => {
      onKeepAlive?.();
      serverCall();
    },
    clock,
    timers: clock,
  });
  // Evaluate once now, so the very first render already shows the story's state.
  manager.check();
  if (isLocked) manager.markLoggedOut();
  return { manager, serverCall };
}

/** The page the notice and the lock sit on: a half-filled form, to show it survives a lock. */
export function DemoPage({ manager, children }: { manager: SessionManager; children: ReactNode }) {
  const [note, setNote] = useState('Deliver before noon, gate 4');
  return (
    <SessionProvider manager={manager}>
      <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 480 }}>
        <h1 style={{ fontSize: 18 }}>Order 10452</h1>
        <label style={{ display: 'grid', gap: 4 }}>
          Delivery note
          <input value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
      </main>
      {children}
    </SessionProvider>
  );
}
