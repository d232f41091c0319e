import type { OwnAccount, UiMode } from '@procedo/client-api';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { v1 } from '../api';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';
import { userMessage } from '../user-message';

const ROLE_TEXT: Record<string, string> = {
  design: 'Design forms',
  'navigation-design': 'Design navigation',
  'permission-design': 'Edit element permissions',
  'translation-admin': 'Translate',
  'user-admin': 'Manage users',
};

/**
 * `/profile` (the user's name in the title bar): the signed-in user's own §3 fields, profile, roles
 * and preferences (`GET users/me`); the preferences (UI mode, language) are theirs to change
 * (`PATCH session/preferences`). The fields themselves are changed by a user administrator.
 */
export function ProfilePage() {
  const account = useLoad<OwnAccount>(() => v1.users.me(), []);
  return (
    <>
      <h1>Your profile</h1>
      {account.kind === 'loading' ? <p aria-live="polite">Loading your profile…</p> : null}
      {account.kind === 'error' ? (
        <p role="alert">
          {account.message}{' '}
          <button type="button" onClick={account.reload}>
            Try again
          </button>
        </p>
      ) : null}
      {account.kind === 'ready' ? <ProfileDetails account={account.data} /> : null}
    </>
  );
}

function ProfileDetails({ account }: { account: OwnAccount }) {
  const { User: user, Languages: languages } = account;
  const { context, onContextChange } = useSignedIn();
  const ids = useId();
  const current = context.User.preferences;
  const [ui, setUi] = useState<UiMode>(current.ui);
  const [language, setLanguage] = useState(current.language);
  const [status, setStatus] = useState<{ text: string; isError: boolean } | null>(null);
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    setUi(current.ui);
    setLanguage(current.language);
  }, [current.ui, current.language]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    try {
      const next = await v1.session.setPreferences({ ui, language });
      onContextChange(next);
      setStatus({ text: 'Your preferences are saved.', isError: false });
    } catch (error) {
      setStatus({ text: userMessage(error), isError: true });
    } finally {
      setSaving(false);
    }
  };

  const rows: [string, string][] = [
    ['User name', user.name],
    ['Legal name', user.legalName],
    ['Job title', user.jobTitle],
    ['Department', user.department],
    ['Region', user.region],
    ['Mobile', user.mobileTel],
    ['Business e-mail', user.emailBusiness],
    ['Private e-mail', user.emailPrivate],
    ['Profile', user.profileName],
    ['Supervisor', user.isSupervisor ? 'Yes' : 'No'],
    ['Roles', user.roles.map((role) => ROLE_TEXT[role] ?? role).join(', ') || 'None'],
  ];

  return (
    <>
      <section aria-labelledby={`${ids}-details`} className="procedo-Dashboard-card">
        <h2 id={`${ids}-details`}>Your details</h2>
        <dl className="procedo-ProfilePage-fields">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </dl>
        <p>A user administrator changes these details.</p>
      </section>
      <section aria-labelledby={`${ids}-preferences`} className="procedo-Dashboard-card">
        <h2 id={`${ids}-preferences`}>Preferences</h2>
        <form onSubmit={save}>
          <fieldset>
            <legend>User interface</legend>
            {(['modern', 'classic'] as const).map((mode) => (
              <label key={mode}>
                <input
                  type="radio"
                  name="ui"
                  value={mode}
                  checked={ui === mode}
                  onChange={() => setUi(mode)}
                />{' '}
                {mode === 'modern' ? 'Modern' : 'Classic'}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${ids}-language`}>Language</label>{' '}
          <select
            id={`${ids}-language`}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
          >
            {[...new Set([...languages, language])].map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>{' '}
          <button type="submit" className="procedo-Button" disabled={isSaving}>
            Save preferences
          </button>
          <p role={status?.isError ? 'alert' : 'status'}>{status?.text}</p>
        </form>
      </section>
    </>
  );
}
