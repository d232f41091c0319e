import type { AuditSearchItem, AuditSearchPage } from '@procedo/client-api';
import { AppError } from '../../errors/app-error';
import { formAccessOf } from '../forms/form-access';
import type { FormsService } from '../forms/forms-service';
import type { AuthContext } from '../session/session-service';
import type { AuditSearchKey } from './audit-store';

/** What the supervisors' audit search filters by (parsed by the route). */
export interface AuditSearchQuery {
  userName?: string;
  entity?: string;
  webTemplateNo?: number;
  fromIso?: string;
  toIso?: string;
  /** The events as recorded up to this instant (time travel). */
  atIso?: string;
  cursor?: string;
  limit: number;
}

/** The supervisors' search across every record's audit events. */
export interface AuditSearchService {
  search(auth: AuthContext, query: AuditSearchQuery): Promise<AuditSearchPage>;
}

/** Where each entity's records are opened: the lowest record form, and what its forms show. */
interface EntityView {
  webTemplateNo: number;
  /** The elements any record form of the entity shows the user (the union: each is reachable). */
  visible: Set<string>;
}

const badCursor = () =>
  new AppError({
    status: 400,
    code: 'VALIDATION',
    message:
      'Invalid request: cursor: not a cursor of this search (pass the NextCursor of the previous page)',
    issues: [{ code: 'invalid_cursor', path: ['cursor'], message: 'Not a cursor' }],
  });

/** An opaque keyset position: the last event of a page. */
export function encodeCursor(key: AuditSearchKey): string {
  return Buffer.from(JSON.stringify([key.atUtc, key.recordId, key.seq])).toString('base64url');
}

/** The position {@link encodeCursor} wrote; 400 naming `cursor` for anything else. */
export function decodeCursor(cursor: string): AuditSearchKey {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    typeof value[0] !== 'string' ||
    Number.isNaN(Date.parse(value[0])) ||
    !Number.isSafeInteger(value[1]) ||
    !Number.isSafeInteger(value[2])
  ) {
    throw badCursor();
  }
  return { atUtc: value[0], recordId: value[1], seq: value[2] };
}

/** Creates the {@link AuditSearchService} over the forms' definitions and permissions. */
export function createAuditSearchService(options: { forms: FormsService }): AuditSearchService {
  const { forms } = options;

  /** The entities whose records the user may open through a record form, with what those forms show. */
  async function entityViews(auth: AuthContext, webTemplateNo?: number): Promise<Map<string, EntityView>> {
    const views = new Map<string, EntityView>();
    const add = (entity: string, no: number, visible: ReadonlySet<string>) => {
      const view = views.get(entity) ?? { webTemplateNo: no, visible: new Set<string>() };
      view.webTemplateNo = Math.min(view.webTemplateNo, no);
      for (const name of visible) view.visible.add(name);
      views.set(entity, view);
    };
    if (webTemplateNo !== undefined) {
      // 404 for an unknown form, 403 for one the user may not open, as on the record's own route.
      const { definition, visible } = await forms.openForm(auth, webTemplateNo);
      add(definition.Entity, webTemplateNo, visible);
      return views;
    }
    const mayOpen = await formAccessOf(auth.database, auth.user.profileId);
    for (const stored of await auth.database.stores.forms.listDefinitions()) {
      if (!mayOpen(stored.webTemplateNo)) continue;
      const { definition, visible } = await forms.openForm(auth, stored.webTemplateNo);
      // A search form's columns are a view of another form's values: the record forms decide.
      if (definition.Kind !== 'record') continue;
      add(definition.Entity, definition.WebTemplateNo, visible);
    }
    return views;
  }

  return {
    async search(auth, query) {
      if (!auth.user.isSupervisor) {
        throw new AppError({
          status: 403,
          code: 'FORBIDDEN',
          message: 'Only supervisors may search the audit trail across records.',
        });
      }
      const views = await entityViews(auth, query.webTemplateNo);
      const entities = [...views.keys()].filter((entity) => !query.entity || entity === query.entity);
      // Time travel: nothing recorded after the timepoint existed yet.
      const toIso =
        query.atIso !== undefined && (query.toIso === undefined || query.atIso < query.toIso)
          ? query.atIso
          : query.toIso;
      const rows = await auth.database.stores.audit.search({
        ...(query.userName ? { userName: query.userName } : {}),
        entities,
        ...(query.fromIso ? { fromIso: query.fromIso } : {}),
        ...(toIso ? { toIso } : {}),
        ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        Items: page.map((event) => {
          const view = views.get(event.entity)!;
          return {
            RecordId: event.recordId,
            Entity: event.entity,
            WebTemplateNo: view.webTemplateNo,
            Seq: event.seq,
            Kind: event.kind,
            Version: event.version,
            UserName: event.userName,
            LegalName: event.legalName,
            AtUtc: event.atUtc,
            // Hidden elements stay hidden here too, as on the record's own trail (CONTRACT).
            // (the stored changes are field values: the write validated them)
            Changes: event.changes.filter((change) =>
              view.visible.has(change.Name),
            ) as AuditSearchItem['Changes'],
            Reason: event.reason,
            Signature: event.signature,
            Hash: event.hash,
          };
        }),
        NextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ atUtc: last.atUtc, recordId: last.recordId, seq: last.seq })
            : null,
      };
    },
  };
}
