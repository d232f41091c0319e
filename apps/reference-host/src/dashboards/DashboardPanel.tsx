import { type SearchFilter, writeSearchParams } from '@procedo/client-api';
import { DASHBOARD_LABELS, Dashboard } from '@procedo/forms-react/dashboard';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { v1 } from '../api';
import type { ProcessTimeTravel } from '../processes/process-time-travel';
import { useLoad } from '../processes/useLoad';

/** The grid of a search form's rows that `where` selects: the form page reads `where` from its address. */
export function gridHref(webTemplateNo: number, where: SearchFilter | null): string {
  const params = new URLSearchParams({ WebTemplateNo: String(webTemplateNo) });
  return `/form?${writeSearchParams(params, { where })}`;
}

/**
 * A dashboard computed by the server, at the page's timepoint: each tile and bar leads to the grid
 * of its rows, at that timepoint too.
 */
export function DashboardPanel({
  dashboardId,
  timeTravel,
  headingLevel = 2,
}: {
  dashboardId: number;
  timeTravel: ProcessTimeTravel;
  headingLevel?: 2 | 3;
}) {
  const navigate = useNavigate();
  const { timepoint, href } = timeTravel;
  const loaded = useLoad(() => v1.dashboards.get(dashboardId, timeTravel.read), [dashboardId, timepoint]);
  const hrefFor = useCallback((no: number, where: SearchFilter | null) => href(gridHref(no, where)), [href]);
  return (
    <Dashboard
      dashboard={loaded.kind === 'ready' ? loaded.data : null}
      isLoading={loaded.kind === 'loading'}
      error={loaded.kind === 'error' ? `${DASHBOARD_LABELS.error} ${loaded.message}` : null}
      hrefFor={hrefFor}
      stepsHref={href('/#home-processes')}
      onNavigate={(to) => navigate(to)}
      headingLevel={headingLevel}
    />
  );
}
