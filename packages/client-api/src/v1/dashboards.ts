import { TIMEPOINT_HEADER } from '../http';
import { TIMEPOINT_PARAM, type TimepointInput, timepointText } from '../time/timepoint';
import {
  type Dashboard,
  type DashboardList,
  DashboardListSchema,
  DashboardSchema,
} from './dashboard-schemas';
import type { V1Request } from './request';

/** Options of {@link DashboardsApi.get}. */
export interface DashboardGetOptions {
  /** Computes the dashboard over the data as they were at this instant (time travel). @default now */
  timepoint?: TimepointInput;
  signal?: AbortSignal;
}

/** The dashboards resource of the v1 API. */
export interface DashboardsApi {
  /** `GET dashboards`: the dashboards the user may open. */
  list(options?: { signal?: AbortSignal }): Promise<DashboardList>;
  /**
   * `GET dashboards/{id}`: the dashboard computed for the user, now or at `timepoint`; 404
   * `NOT_FOUND` for a dashboard that does not exist or is not for the user's profile.
   */
  get(id: number, options?: DashboardGetOptions): Promise<Dashboard>;
}

/** Builds the dashboards resource on a {@link V1Request}. */
export function createDashboardsApi(request: V1Request): DashboardsApi {
  return {
    async list(options = {}) {
      return request(DashboardListSchema, 'dashboards', options.signal ? { signal: options.signal } : {});
    },
    async get(id, options = {}) {
      const timepoint = options.timepoint === undefined ? undefined : timepointText(options.timepoint);
      return request(DashboardSchema, `dashboards/${encodeURIComponent(String(id))}`, {
        ...(timepoint === undefined
          ? {}
          : { searchParams: { [TIMEPOINT_PARAM]: timepoint }, headers: { [TIMEPOINT_HEADER]: timepoint } }),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    },
  };
}
