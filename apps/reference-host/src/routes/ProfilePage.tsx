import type { OwnAccount, UiMode } from '@procedo/client-api';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { v1 } from '../api';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';
import { userMessage } from '../user-message';

/**
 * `/profile` (the user's name in the title bar): the signed-in user's own §3 fields, profile, roles
 * and preferences (`GET users/me`); the preferences (UI mode, language) are theirs to change
 * (`PATCH session/preferences`). The fields themselves are changed by a user administrator.
 */
export function ProfilePage() {
  const texts = useHostTexts().profile;
  const account = useLoad<OwnAccount>(() => v1.users.me(), []);
  return (
    <>
      <h1>{texts.title}</h1>
      {account.kind === 'loading' ? <p aria-live="polite">{texts.loading}</p> : null}
      {account.kind === 'error' ? (
        <p role="alert">
          {account.message}{' '}
          <button type="button" onClick={account.reload}>
            {texts.tryAgain}
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
  const texts = useHostTexts().profile;
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
      setStatus({ text: texts.saved, isError: false });
    } catch (error) {
      setStatus({ text: userMessage(error), isError: true });
    } finally {
      setSaving(false);
    }
  };

  const rows: [string, string][] = [
    [texts.fields.name, user.name],
    [texts.fields.legalName, user.legalName],
    [texts.fields.jobTitle, user.jobTitle],
    [texts.fields.department, user.department],
    [texts.fields.region, user.region],
    [texts.fields.mobileTel, user.mobileTel],
    [texts.fields.emailBusiness, user.emailBusiness],
    [texts.fields.emailPrivate, user.emailPrivate],
    [texts.fields.profile, user.profileName],
    [texts.fields.isSupervisor, user.isSupervisor ? texts.yes : texts.no],
    [texts.fields.roles, user.roles.map((role) => texts.roles[role] ?? role).join(', ') || texts.none],
  ];

  return (
    <>
      <section aria-labelledby={`${ids}-details`} className="procedo-Dashboard-card">
        <h2 id={`${ids}-details`}>{texts.details}</h2>
        <dl className="procedo-ProfilePage-fields">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </dl>
        <p>{texts.changedByAdmin}</p>
      </section>
      <section aria-labelledby={`${ids}-preferences`} className="procedo-Dashboard-card">
        <h2 id={`${ids}-preferences`}>{texts.preferences}</h2>
        <form onSubmit={save}>
          <fieldset>
            <legend>{texts.ui}</legend>
            {(['modern', 'classic'] as const).map((mode) => (
              <label key={mode}>
                <input
                  type="radio"
                  name="ui"
                  value={mode}
                  checked={ui === mode}
                  onChange={() => setUi(mode)}
                />{' '}
                {mode === 'modern' ? texts.modern : texts.classic}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${ids}-language`}>{texts.language}</label>{' '}
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
            {texts.save}
          </button>
          <p role={status?.isError ? 'alert' : 'status'}>{status?.text}</p>
        </form>
      </section>
    </>
  );
}
