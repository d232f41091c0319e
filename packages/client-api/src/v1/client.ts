import { type AuditApi, createAuditApi } from './audit';
import { type BookmarksApi, createBookmarksApi } from './bookmarks';
import { createV1Request, type V1ClientOptions } from './create-request';
import { createDashboardsApi, type DashboardsApi } from './dashboards';
import { createFiltersApi, type FiltersApi } from './filters';
import { createFormDatasourceApi, type FormDatasourceApi } from './form-datasource';
import { createFormsApi, type FormsApi } from './forms';
import { createLanguagesApi, type LanguagesApi } from './languages';
import { createPermissionsApi, type PermissionsApi } from './permissions';
import { createProcessesApi, type ProcessesApi } from './processes';
import { createRecordsApi, type RecordsApi } from './records';
import type { V1Request } from './request';
import { createSecurityEventsApi, type SecurityEventsApi } from './security-events';
import { createSessionApi, type SessionApi } from './session';
import { createUsersApi, type UsersApi } from './users';

/** The v1 JSON client. */
export interface V1Client {
  /** The core request function, for resources not wrapped yet. */
  request: V1Request;
  /** `session/…`: databases, logon, session context, keep-alive, logout, preferences. */
  session: SessionApi;
  /** `forms/{no}`, `pickers/…`, `files`: definitions, pickers and uploads (its record calls are deprecated). */
  forms: FormsApi;
  /** `forms/{no}/records…`, `forms/{no}/search`: records now, at a version or a timepoint, their audit trail, writes and search. */
  records: RecordsApi;
  /** `user/system/user-processes/…`: processes, steps, runs, completions and resets. */
  processes: ProcessesApi;
  /** `audit`: the supervisors' search across every record's audit events. */
  audit: AuditApi;
  /** `security-events`: failed signature attempts and signing blocks (supervisors only). */
  securityEvents: SecurityEventsApi;
  /** `dashboards`: tiles and charts computed from the business data, now or at a timepoint. */
  dashboards: DashboardsApi;
  /** `forms/{no}/filters…`: the filter editor's saved filters (own and shared). */
  filters: FiltersApi;
  /** `bookmarks`: the user's bookmarked records, and whether one record is bookmarked. */
  bookmarks: BookmarksApi;
  /** `users…`: user administration (form 901, the `user-admin` role) and the user's own account. */
  users: UsersApi;
  /** `permissions…`: the element permissions editor, its overview and history (permission-design role). */
  permissions: PermissionsApi;
  /** `languages`: the database's languages (translations, the language preference). */
  languages: LanguagesApi;
  /**
   * `forms/{no}/datasource`: the datasource columns a search form's user may add to its grid. The
   * designers' resources (`designer/…`) are `createDesignerClient`'s (`@procedo/client-api/designer`).
   */
  datasources: FormDatasourceApi;
}

/** Creates the v1 JSON client (ky + zod): every answer is checked against its schema. */
export function createV1Client(options: V1ClientOptions = {}): V1Client {
  const request = createV1Request(options);
  const records = createRecordsApi(request);
  return {
    request,
    session: createSessionApi(request, options.serverTimeout),
    forms: createFormsApi(request, records),
    records,
    processes: createProcessesApi(request),
    audit: createAuditApi(request),
    securityEvents: createSecurityEventsApi(request),
    dashboards: createDashboardsApi(request),
    filters: createFiltersApi(request),
    bookmarks: createBookmarksApi(request),
    users: createUsersApi(request),
    permissions: createPermissionsApi(request),
    languages: createLanguagesApi(request),
    datasources: createFormDatasourceApi(request),
  };
}
