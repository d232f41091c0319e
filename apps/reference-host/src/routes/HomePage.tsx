import { useSignedIn } from '../shell/signed-in-context';

/** The default page `/`: a dashboard of the signed-in user's session. */
export function HomePage() {
  const { context } = useSignedIn();
  const { User: user } = context;
  return (
    <>
      <h1>Home</h1>
      <section aria-labelledby="home-session" className="procedo-Dashboard-card">
        <h2 id="home-session">Your session</h2>
        <dl>
          <dt>User</dt>
          <dd>
            {user.legalName} ({user.name})
          </dd>
          <dt>Job title</dt>
          <dd>{user.jobTitle}</dd>
          <dt>Department</dt>
          <dd>
            {user.department}, {user.region}
          </dd>
          <dt>Database</dt>
          <dd>{context.WebDatabaseName}</dd>
          <dt>Role</dt>
          <dd>{context.WebUserIsSupervisor ? 'Supervisor' : 'User'}</dd>
          <dt>Session timeout</dt>
          <dd>{formatMinutes(context.SessionTimeoutMinutes)} without activity</dd>
        </dl>
      </section>
    </>
  );
}

function formatMinutes(minutes: number): string {
  if (minutes >= 1) return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} minutes`;
  return `${Math.round(minutes * 60)} seconds`;
}
