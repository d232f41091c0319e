import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { BookmarkList } from '../bookmarks/BookmarkList';
import { HOME_DASHBOARD_ID } from '../dashboards/dashboard-id';
import { LazyDashboardPanel } from '../dashboards/LazyDashboardPanel';
import { ProcessList } from '../processes/ProcessList';
import {
  MalformedTimepoint,
  ProcessTimeTravelBar,
  useProcessTimeTravel,
} from '../processes/process-time-travel';
import { StartProcessPanel } from '../processes/StartProcessPanel';
import { useSignedIn } from '../shell/signed-in-context';

/** The default page `/`: a dashboard of the signed-in user's session, their processes and the commands they can start. */
export function HomePage() {
  const { context } = useSignedIn();
  const { User: user } = context;
  // The navigation's 'Start a process' links to `/#start-a-process`: the router does not scroll to it.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  // The process list is business data: it follows the page's timepoint like every other list.
  const timeTravel = useProcessTimeTravel();
  if (timeTravel.malformedTimepoint !== null)
    return <MalformedTimepoint title="Home" timeTravel={timeTravel} />;
  return (
    <>
      <h1>Home</h1>
      <ProcessTimeTravelBar timeTravel={timeTravel} />
      <LazyDashboardPanel dashboardId={HOME_DASHBOARD_ID} timeTravel={timeTravel} />
      <BookmarkList headingId="home-bookmarks" href={timeTravel.href} />
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
      <StartProcessPanel id="start-a-process" headingId="home-start" />
      <ProcessList headingId="home-processes" isSupervisor={context.WebUserIsSupervisor} />
    </>
  );
}

function formatMinutes(minutes: number): string {
  if (minutes >= 1) return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} minutes`;
  return `${Math.round(minutes * 60)} seconds`;
}
