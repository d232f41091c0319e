// The English texts of the session notice and lock (`@procedo/session/react`). Framework-free: the
// React hook that lays a `ProcedoTexts` provider's overrides over them is in react.ts.

/** The wording of the session notice and lock (the lock heading is the spec §8 message). */
export interface SessionTextCatalogue {
  warning: string;
  warningButton: string;
  /** Spec §8: 'Your session has expired.' */
  expired: string;
  userName: string;
  database: string;
  password: string;
  loginButton: string;
  /** The lock's error when the failed logon gave no message of its own. */
  loginFailed: string;
  secondsLeft: (seconds: number) => string;
}

declare module '@procedo/texts' {
  interface ProcedoTextCatalogues {
    session: SessionTextCatalogue;
  }
}

/** The English {@link SessionTextCatalogue}; override through `<ProcedoTexts texts={{ session: { … } }}>`. */
export const SESSION_TEXTS: Readonly<SessionTextCatalogue> = Object.freeze({
  warning: 'Your session is about to expire.',
  warningButton: 'Log in',
  expired: 'Your session has expired.',
  userName: 'User name',
  database: 'Database',
  password: 'Password',
  loginButton: 'Login',
  loginFailed: 'Login failed.',
  secondsLeft: (seconds: number) => (seconds === 1 ? '1 second left.' : `${seconds} seconds left.`),
});
