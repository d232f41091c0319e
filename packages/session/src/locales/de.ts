import type { SessionTextCatalogue } from '../texts';

/**
 * The German session notice and lock texts. Load on demand (`import('@procedo/session/locales/de')`)
 * and give them to `ProcedoTexts` as `session` (`@procedo/texts`).
 */
export const SESSION_TEXTS_DE: Readonly<SessionTextCatalogue> = Object.freeze<SessionTextCatalogue>({
  warning: 'Ihre Sitzung läuft gleich ab.',
  warningButton: 'Anmelden',
  expired: 'Ihre Sitzung ist abgelaufen.',
  userName: 'Benutzername',
  database: 'Datenbank',
  password: 'Kennwort',
  loginButton: 'Anmelden',
  loginFailed: 'Die Anmeldung ist fehlgeschlagen.',
  secondsLeft: (seconds: number) => (seconds === 1 ? 'Noch 1 Sekunde.' : `Noch ${seconds} Sekunden.`),
});
