import { TIMEPOINT_HEADER } from '../http';
import { TIMEPOINT_PARAM, type TimepointInput, timepointText } from '../time/timepoint';
import { type AuditSearchPage, AuditSearchPageSchema } from './audit-schemas';
import type { V1Request } from './request';

/** Query of {@link AuditApi.search}. Every filter is optional; empty texts are not sent. */
export interface AuditSearchQuery {
  /** Events by this user (user name, case-insensitive). */
  userName?: string;
  /** Events of this entity's records (e.g. `deviation`). */
  entity?: string;
  /** Events of the records of this record form (its entity; its hidden elements). */
  webTemplateNo?: number;
  /** Events at or after this instant (ISO 8601 with `Z`, or `yyyy-MM-dd HH:mm` UTC). */
  from?: string;
  /** Events at or before this instant. */
  to?: string;
  /** The previous page's `NextCursor`. @default the newest page */
  cursor?: string;
  /** Events per page, at most 500. @default 50 */
  limit?: number;
  /** The events as recorded up to this instant (time travel). @default now */
  timepoint?: TimepointInput;
  signal?: AbortSignal;
}

/** The supervisors' audit resource of the v1 API. */
export interface AuditApi {
  /**
   * `GET audit`: one page of every record's audit events, newest first, filtered; supervisors only
   * (403 `FORBIDDEN` for others). Hidden elements are left out of each change as on the record's form.
   */
  search(query?: AuditSearchQuery): Promise<AuditSearchPage>;
}

/** Builds the audit resource on a {@link V1Request}. */
export function createAuditApi(request: V1Request): AuditApi {
  return {
    async search(query = {}) {
      const params = new URLSearchParams();
      const put = (name: string, value: string | number | undefined) => {
        if (value !== undefined && value !== '') params.set(name, String(value));
      };
      put('UserName', query.userName?.trim());
      put('Entity', query.entity?.trim());
      put('WebTemplateNo', query.webTemplateNo);
      put('From', query.from?.trim());
      put('To', query.to?.trim());
      put('cursor', query.cursor);
      put('limit', query.limit);
      const timepoint = query.timepoint === undefined ? undefined : timepointText(query.timepoint);
      if (timepoint !== undefined) params.set(TIMEPOINT_PARAM, timepoint);
      return request(AuditSearchPageSchema, 'audit', {
        searchParams: params,
        ...(timepoint === undefined ? {} : { headers: { [TIMEPOINT_HEADER]: timepoint } }),
        ...(query.signal ? { signal: query.signal } : {}),
      });
    },
  };
}
