import { useSearchParams } from 'react-router';
import { DashboardPanel } from '../dashboards/DashboardPanel';
import {
  MalformedTimepoint,
  ProcessTimeTravelBar,
  useProcessTimeTravel,
} from '../processes/process-time-travel';

/** `/dashboard?id=…`: one dashboard, following the page's Timepoint like the other business pages. */
export function DashboardPage() {
  const [params] = useSearchParams();
  const timeTravel = useProcessTimeTravel();
  const text = params.get('id') ?? '';
  const id = /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
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
