import type { Database } from '@procedo/client-api';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { applySessionTimeout, sessionApi } from '../api-session';
import { scheduleLogonFieldClearing } from '../logon/field-clearing';
import { safeReturnUrl } from '../logon/return-url';
import { userMessage } from '../user-message';

/** The logon page `/logon`: database list, user name and password (spec §2). */
export function LogonPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [databases, setDatabases] = useState<Database[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const userNameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const touched = useRef({ userName: false, password: false });
  const errorId = useId();

  useEffect(() => {
    document.title = 'Procedo';
    let isCurrent = true;
    sessionApi
      .databases()
      .then((list) => {
        if (isCurrent) setDatabases(list);
      })
      .catch((cause: unknown) => {
        console.error(cause);
        if (isCurrent) setLoadError(userMessage(cause));
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  // spec §9: browser autofill can arrive late, so the fields are cleared again a few times.
  useEffect(
    () =>
      scheduleLogonFieldClearing({
        timers: window,
        fields: [
          {
            clear: () => {
              if (userNameRef.current) userNameRef.current.value = '';
            },
            isTouched: () => touched.current.userName,
          },
          {
            clear: () => {
              if (passwordRef.current) passwordRef.current.value = '';
            },
            isTouched: () => touched.current.password,
          },
        ],
      }),
    [],
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const context = await sessionApi.logon({
        Database: String(data.get('Database') ?? ''),
        UserName: String(data.get('UserName') ?? ''),
        Password: String(data.get('Password') ?? ''),
      });
      applySessionTimeout(context.SessionTimeoutMinutes);
      navigate(safeReturnUrl(searchParams.get('returnUrl')), { replace: true });
    } catch (cause) {
      console.error(cause);
      setError(userMessage(cause));
      setPending(false);
      // The user name stays; the password is typed again.
      if (passwordRef.current) {
        passwordRef.current.value = '';
        passwordRef.current.focus();
      }
    }
  }

  return (
    <div className="procedo-LogonPage">
      <header className="procedo-TitleBar">
        <span className="procedo-TitleBar-product">Procedo</span>
      </header>
      <main className="procedo-LogonPage-main">
        <form className="procedo-LogonForm" onSubmit={onSubmit} aria-labelledby="logon-heading" noValidate>
          <h1 id="logon-heading">Log on</h1>
          {loadError ? (
            <p className="procedo-LogonForm-error" role="alert">
              {loadError}
            </p>
          ) : null}
          <div className="procedo-Field">
            <label htmlFor="logon-database">Database</label>
            <select id="logon-database" name="Database" required disabled={databases === null}>
              {(databases ?? []).map((database) => (
                <option key={database.Id} value={database.Id}>
                  {database.Name}
                </option>
              ))}
            </select>
          </div>
          <div className="procedo-Field">
            <label htmlFor="logon-username">User name</label>
            <input
              id="logon-username"
              name="UserName"
              ref={userNameRef}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              aria-describedby={error ? errorId : undefined}
              onFocus={() => {
                touched.current.userName = true;
              }}
            />
          </div>
          <div className="procedo-Field">
            <label htmlFor="logon-password">Password</label>
            <input
              id="logon-password"
              name="Password"
              type="password"
              ref={passwordRef}
              autoComplete="current-password"
              required
              aria-describedby={error ? errorId : undefined}
              onFocus={() => {
                touched.current.password = true;
              }}
            />
          </div>
          <p id={errorId} className="procedo-LogonForm-error" role="alert">
            {error}
          </p>
          <button type="submit" className="procedo-Button" disabled={isPending || databases === null}>
            Log on
          </button>
        </form>
      </main>
    </div>
  );
}
