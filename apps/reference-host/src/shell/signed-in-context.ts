import type { SessionContext } from '@procedo/client-api';
import { createContext, useContext } from 'react';

/** The error handler of spec §8, as the host wires it (see `createErrorHandler`). */
export interface HostErrorHandler {
  handle(error: unknown, options?: { callerText?: string; url?: string }): void;
  /** The §8 error window with a catalogue message and the failure below it (see `ErrorHandler`). */
  showErrorWindow(message: string, options?: { detail?: string; cause?: unknown; title?: string }): void;
}

/** What every signed-in page can use. */
export interface SignedInValue {
  /** The session context of the signed-in user (replaced after a re-login or a preference change). */
  context: SessionContext;
  errorHandler: HostErrorHandler;
  /** Replaces the session context after the page changed it (a preference edit, a profile switch). */
  onContextChange: (context: SessionContext) => void;
}

export const SignedInContext = createContext<SignedInValue | null>(null);

/** The signed-in user's session context and the error handler; only inside the signed-in layout. */
export function useSignedIn(): SignedInValue {
  const value = useContext(SignedInContext);
  if (!value) throw new Error('useSignedIn() is only available on signed-in pages.');
  return value;
}
