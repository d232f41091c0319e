import { useSearchParams } from 'react-router';
import { DashboardPanel } from '../dashboards/DashboardPanel';
import { dashboardIdOf } from '../dashboards/dashboard-id';
import {
  MalformedTimepoint,
  ProcessTimeTravelBar,
  useProcessTimeTravel,
} from '../processes/process-time-travel';

/** `/dashboard?id=…`: one dashboard, following the page's Timepoint like the other business pages. */
export function DashboardPage() {
  const [params] = useSearchParams();
  const timeTravel = useProcessTimeTravel();
  const id = dashboardIdOf(params.get('id'));
  if (timeTravel.malformedTimepoint !== null)
    return <MalformedTimepoint title="Dashboard" timeTravel={timeTravel} />;
  return (
    <>
      <h1>Dashboard</h1>
      <ProcessTimeTravelBar timeTravel={timeTravel} />
      {id === null ? (
        <p role="alert">Name a dashboard by its number: /dashboard?id=1.</p>
      ) : (
        <DashboardPanel dashboardId={id} timeTravel={timeTravel} />
      )}
    </>
  );
}
