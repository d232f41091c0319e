import {
  type FormPermissions,
  FormPermissionsSchema,
  type PermissionHistoryPage,
  PermissionHistoryPageSchema,
  type PermissionOverview,
  PermissionOverviewSchema,
  type PermissionOwners,
  PermissionOwnersSchema,
  type PermissionOwnerType,
  type SavePermissionsRequest,
} from './permission-schemas';
import type { V1Request } from './request';

/** Query of {@link PermissionsApi.history}. */
export interface PermissionHistoryQuery {
  /** Only the changes of this form. @default every form */
  webTemplateNo?: number;
  /** Changes older than this id (the previous page's `NextBeforeId`). @default the newest */
  beforeId?: number;
  /** Changes per page, at most 500. @default 100 */
  limit?: number;
  signal?: AbortSignal;
}

/**
 * The element permissions resource of the v1 API (users with the `permission-design` role;
 * others get 403 `FORBIDDEN`). A save at a timepoint is refused (409 `READ_ONLY_TIMEPOINT`).
 */
export interface PermissionsApi {
  /** Every permission row, by form, owner and element. */
  overview(options?: { signal?: AbortSignal }): Promise<PermissionOverview>;
  /** The users and profiles an editor can choose as the owner. */
  owners(options?: { signal?: AbortSignal }): Promise<PermissionOwners>;
  /** A form's elements with Hidden and Locked for one owner. */
  get(
    webTemplateNo: number,
    owner: { ownerType: PermissionOwnerType; ownerId: number },
    options?: { signal?: AbortSignal },
  ): Promise<FormPermissions>;
  /** Stores a batch of changes for one owner (all or nothing); answers the form's elements as saved. */
  save(webTemplateNo: number, body: SavePermissionsRequest): Promise<FormPermissions>;
  /** The audited changes, newest first. */
  history(query?: PermissionHistoryQuery): Promise<PermissionHistoryPage>;
}

/** Builds the permissions resource on a {@link V1Request}. */
export function createPermissionsApi(request: V1Request): PermissionsApi {
  const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});
  return {
    overview: (options = {}) => request(PermissionOverviewSchema, 'permissions', signalOf(options.signal)),
    owners: (options = {}) => request(PermissionOwnersSchema, 'permissions/owners', signalOf(options.signal)),
    get: (no, owner, options = {}) =>
      request(FormPermissionsSchema, `permissions/forms/${encodeURIComponent(no)}`, {
        searchParams: { ownerType: owner.ownerType, ownerId: owner.ownerId },
        ...signalOf(options.signal),
      }),
    save: (no, body) =>
      request(FormPermissionsSchema, `permissions/forms/${encodeURIComponent(no)}`, {
        method: 'PUT',
        json: body,
      }),
    history(query = {}) {
      const params = new URLSearchParams();
      if (query.webTemplateNo !== undefined) params.set('webTemplateNo', String(query.webTemplateNo));
      if (query.beforeId !== undefined) params.set('beforeId', String(query.beforeId));
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      return request(PermissionHistoryPageSchema, 'permissions/history', {
        searchParams: params,
        ...signalOf(query.signal),
      });
    },
  };
}
