import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { v1 } from '../api';

/** `/?cmd=logout_kill`: ends the server session, then shows the logon page. */
export function SignOutPage() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development: sign out once.
    if (started.current) return;
    started.current = true;
    document.title = 'Procedo';
    v1.session
      .logout()
      // Already signed out (or the session expired): the logon page is still the right place.
      .catch((cause: unknown) => console.error(cause))
      .finally(() => navigate('/logon', { replace: true }));
  }, [navigate]);

  return (
    <main className="procedo-SignOutPage">
      <p role="status">Signing out…</p>
    </main>
  );
}
