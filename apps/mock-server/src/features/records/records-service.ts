import type {
  CreateRecordRequestSchema,
  DeleteRecordRequestSchema,
  FieldValues,
  FormDefinition,
  RecordVersion,
  UpdateRecordRequestSchema,
} from '@procedo/client-api';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { KeyInTransaction } from '../../http/idempotency-store';
import { type AuditChange, hashVersion, type StoredAuditEvent, verifyAuditChain } from '../audit/audit-chain';
import { writeEvents } from '../audit/audit-events';
import { notFound } from '../forms/form-errors';
import type { FormsService } from '../forms/forms-service';
import type { AuthContext } from '../session/session-service';
import type { SigningService } from '../signing/signing-service';
import { indexFields } from './entities';
import {
  type SearchKeysetPage,
  type SearchOffsetPage,
  type SearchPageQuery,
  type SearchQuery,
  searchRecords,
  searchRecordsPage,
} from './record-search';
import {
  type AuditSignOff,
  byUser,
  checkAudit,
  checkPermissions,
  conflict,
  prepareWrite,
  toWire,
  valueElements,
} from './record-writes';
import type { RecordVersionRecord } from './records-store';
import { exportSearch, type SearchExport } from './search-export';

/** One audit event as the wire carries it (CONTRACT "Audit trail"). */
export interface WireAuditEvent {
  Seq: number;
  Kind: StoredAuditEvent['kind'];
  Version: number;
  UserName: string;
  LegalName: string;
  AtUtc: string;
  Changes: AuditChange[];
  Reason: string | null;
  Signature: string | null;
  Hash: string;
}

/** One page of a record's audit trail. */
export interface AuditPage {
  Items: WireAuditEvent[];
  /** Pass as `afterSeq` for the next page; null on the last one. */
  NextAfterSeq: number | null;
}

/** An event for a reader who sees `visible`: hidden elements stay hidden in the trail too (CONTRACT). */
const toWireEvent = (event: StoredAuditEvent, visible: ReadonlySet<string>): WireAuditEvent => ({
  Seq: event.seq,
  Kind: event.kind,
  Version: event.version,
  UserName: event.userName,
  LegalName: event.legalName,
  AtUtc: event.atUtc,
  Changes: event.changes.filter((change) => visible.has(change.Name)),
  Reason: event.reason,
  Signature: event.signature,
  Hash: event.hash,
});

/** Records read and written through a form: versioned reads, search, writes with every server-side rule. */
export interface RecordsService {
  /** The current version; a stored `version`; or, with `atIso`, the version current then. */
  readRecord(
    auth: AuthContext,
    webTemplateNo: number,
    id: number,
    options?: { version?: number; atIso?: string },
  ): Promise<RecordVersion>;
  /** The record's versions, oldest first (those written at or before `atIso` when given). */
  versions(auth: AuthContext, webTemplateNo: number, id: number, atIso?: string): Promise<RecordVersion[]>;
  /** A page of the record's audit trail, oldest first; hidden fields left out of every change. */
  audit(
    auth: AuthContext,
    webTemplateNo: number,
    id: number,
    page: { afterSeq: number; limit: number; atIso?: string },
  ): Promise<AuditPage>;
  /** The record's newest signed event (as recorded up to `atIso` when given), for its manifestation. */
  lastSignature(
    auth: AuthContext,
    webTemplateNo: number,
    id: number,
    atIso?: string,
  ): Promise<{ Event: WireAuditEvent | null }>;
  /** Recomputes the record's hash chain and each event's link to its stored version. */
  verifyAudit(
    auth: AuthContext,
    webTemplateNo: number,
    id: number,
  ): Promise<{ Intact: boolean; FirstBadSeq: number | null; Events: number }>;
  search(auth: AuthContext, webTemplateNo: number, query: SearchQuery): Promise<SearchOffsetPage>;
  /** One keyset page of the search (after a cursor), counted only when asked. */
  searchPage(auth: AuthContext, webTemplateNo: number, query: SearchPageQuery): Promise<SearchKeysetPage>;
  /** The search's current view as CSV lines, page by page (checked before the first line). */
  exportSearch(
    auth: AuthContext,
    webTemplateNo: number,
    query: Omit<SearchPageQuery, 'after' | 'limit' | 'count'>,
  ): Promise<SearchExport>;
  /** Creates a record; with `key`, its `Idempotency-Key` is answered in the create's transaction. */
  createRecord(
    auth: AuthContext,
    webTemplateNo: number,
    body: z.infer<typeof CreateRecordRequestSchema>,
    origin?: WriteOrigin,
    key?: KeyInTransaction,
  ): Promise<RecordVersion>;
  updateRecord(
    auth: AuthContext,
    webTemplateNo: number,
    id: number,
    body: z.infer<typeof UpdateRecordRequestSchema>,
    origin?: WriteOrigin,
  ): Promise<RecordVersion>;
  deleteRecord(
    auth: AuthContext,
    webTemplateNo: number,
    id: number,
    body: z.infer<typeof DeleteRecordRequestSchema>,
    origin?: WriteOrigin,
  ): Promise<RecordVersion>;
}

/** Where a write came from: the client address its security events record. */
export interface WriteOrigin {
  address: string;
}

/** Creates the {@link RecordsService} over the forms' definitions and permissions. */
export function createRecordsService(options: {
  now: () => number;
  forms: FormsService;
  signing: SigningService;
}): RecordsService {
  const { now, forms, signing } = options;
  const signer =
    (auth: AuthContext, webTemplateNo: number, recordId: number | null, origin: WriteOrigin | undefined) =>
    (audit: AuditSignOff) =>
      signing.verify(auth, audit, { webTemplateNo, recordId, address: origin?.address ?? 'unknown' });

  /** The record as the form shows it at a timepoint: 404 NOT_FOUND_AT_TIMEPOINT before it existed. */
  async function loadAt(
    auth: AuthContext,
    definition: FormDefinition,
    id: number,
    atIso: string,
  ): Promise<RecordVersionRecord> {
    const record = await auth.database.stores.records.getAt(id, atIso);
    if (!record || record.entity !== definition.Entity) {
      const exists = await auth.database.stores.records.getCurrent(id);
      if (!exists || exists.entity !== definition.Entity) {
        throw notFound(`Form ${definition.WebTemplateNo} has no record ${id}`);
      }
      throw new AppError({
        status: 404,
        code: 'NOT_FOUND_AT_TIMEPOINT',
        message: `Record ${id} did not exist yet at ${atIso}: it was created later.`,
      });
    }
    return record;
  }

  const audited = (definition: FormDefinition) =>
    new Set([...valueElements(definition).values()].filter((e) => e.IsAudit).map((e) => e.Name));

  const events = (
    auth: AuthContext,
    definition: FormDefinition,
    before: FieldValues | null,
    after: FieldValues,
    isDeleted: boolean,
    signOff: { AuditDataChangeESig: string; AuditDataChangeReason: string } | undefined,
  ) =>
    writeEvents({
      before,
      after,
      isDeleted,
      user: { name: auth.user.name, legalName: auth.user.legalName },
      signed: signOff
        ? { signature: signOff.AuditDataChangeESig.trim(), reason: signOff.AuditDataChangeReason.trim() }
        : null,
      audited: audited(definition),
    });

  async function loadRecord(
    auth: AuthContext,
    definition: FormDefinition,
    id: number,
  ): Promise<RecordVersionRecord> {
    const record = await auth.database.stores.records.getCurrent(id);
    // A record of another entity is not reachable through this form.
    if (!record || record.entity !== definition.Entity) {
      throw notFound(`Form ${definition.WebTemplateNo} has no record ${id}`);
    }
    return record;
  }

  return {
    async readRecord(auth, webTemplateNo, id, { version, atIso } = {}) {
      const { definition, visible } = await forms.openForm(auth, webTemplateNo, atIso);
      if (atIso !== undefined) {
        const then = await loadAt(auth, definition, id, atIso);
        if (version === undefined || version === then.version) return toWire(then, visible);
        // A version written after the timepoint did not exist yet then.
        if (version > then.version) throw notFound(`Record ${id} had no version ${version} at ${atIso}`);
        const old = await auth.database.stores.records.getVersion(id, version);
        if (!old) throw notFound(`Record ${id} has no version ${version}`);
        return toWire(old, visible);
      }
      const current = await loadRecord(auth, definition, id);
      if (version === undefined || version === current.version) return toWire(current, visible);
      const old = await auth.database.stores.records.getVersion(id, version);
      if (!old) throw notFound(`Record ${id} has no version ${version}`);
      return toWire(old, visible);
    },

    search(auth, webTemplateNo, query) {
      return searchRecords(forms, auth, webTemplateNo, query);
    },
    searchPage(auth, webTemplateNo, query) {
      return searchRecordsPage(forms, auth, webTemplateNo, query);
    },
    exportSearch(auth, webTemplateNo, query) {
      return exportSearch(forms, auth, webTemplateNo, query);
    },

    async versions(auth, webTemplateNo, id, atIso) {
      const { definition, visible } = await forms.openForm(auth, webTemplateNo, atIso);
      if (atIso === undefined) await loadRecord(auth, definition, id);
      else await loadAt(auth, definition, id, atIso);
      const list = await auth.database.stores.records.listVersions(id, atIso);
      return list.map((record) => toWire(record, visible));
    },

    async audit(auth, webTemplateNo, id, { afterSeq, limit, atIso }) {
      const { definition, visible } = await forms.openForm(auth, webTemplateNo, atIso);
      if (atIso === undefined) await loadRecord(auth, definition, id);
      else await loadAt(auth, definition, id, atIso);
      const rows = await auth.database.stores.audit.list(id, {
        afterSeq,
        limit: limit + 1,
        ...(atIso === undefined ? {} : { atIso }),
      });
      const page = rows.slice(0, limit);
      return {
        Items: page.map((event) => toWireEvent(event, visible)),
        NextAfterSeq: rows.length > limit ? (page.at(-1)?.seq ?? null) : null,
      };
    },

    async lastSignature(auth, webTemplateNo, id, atIso) {
      const { definition, visible } = await forms.openForm(auth, webTemplateNo, atIso);
      if (atIso === undefined) await loadRecord(auth, definition, id);
      else await loadAt(auth, definition, id, atIso);
      const event = await auth.database.stores.audit.lastSigned(id, atIso);
      return { Event: event ? toWireEvent(event, visible) : null };
    },

    async verifyAudit(auth, webTemplateNo, id) {
      const { definition } = await forms.openForm(auth, webTemplateNo);
      const current = await loadRecord(auth, definition, id);
      const { audit } = auth.database.stores;
      let lastVersion = 0;
      const result = await verifyAuditChain(async (afterSeq) => {
        const slice = await audit.slice(id, afterSeq, 500);
        // An event also fails when the version it made no longer holds what it hashed.
        return slice.map(({ stored, ...event }) => {
          lastVersion = event.version;
          const now =
            stored === null
              ? ''
              : hashVersion({
                  recordId: id,
                  version: event.version,
                  entity: event.entity,
                  isDeleted: stored.isDeleted,
                  values: stored.values,
                });
          return now === event.versionHash ? event : { ...event, hash: `altered:${event.hash}` };
        });
      });
      // Events removed from the end leave a chain intact in itself that no longer reaches the
      // record's current version.
      if (result.intact && result.events > 0 && lastVersion !== current.version) {
        return { Intact: false, FirstBadSeq: result.events + 1, Events: result.events };
      }
      return { Intact: result.intact, FirstBadSeq: result.firstBadSeq, Events: result.events };
    },

    async createRecord(auth, webTemplateNo, body, origin, key) {
      const { definition, permissions, visible } = await forms.openForm(auth, webTemplateNo);
      const values = await prepareWrite({
        auth,
        definition,
        permissions,
        settings: await forms.getSettings(auth.database),
        before: {},
        changes: body.Values,
        partial: false,
        audit: body.Audit,
        verifySignature: signer(auth, webTemplateNo, null, origin),
      });
      const created = await auth.database.stores.records.create(
        definition.Entity,
        {
          values,
          isDeleted: false,
          index: indexFields(definition.Entity, values),
          ...byUser(auth, now, body.Audit),
          audit: events(auth, definition, null, values, false, body.Audit),
        },
        key && ((record) => key.created(toWire(record, visible))),
      );
      return toWire(created, visible);
    },

    async updateRecord(auth, webTemplateNo, id, body, origin) {
      const { definition, permissions, visible } = await forms.openForm(auth, webTemplateNo);
      const current = await loadRecord(auth, definition, id);
      if (current.version !== body.Version || current.isDeleted) throw conflict(current, visible);
      const values = await prepareWrite({
        auth,
        definition,
        permissions,
        settings: await forms.getSettings(auth.database),
        before: current.values,
        changes: body.Values,
        partial: true,
        audit: body.Audit,
        verifySignature: signer(auth, webTemplateNo, id, origin),
      });
      const result = await auth.database.stores.records.append(id, body.Version, {
        values,
        isDeleted: false,
        index: indexFields(definition.Entity, values),
        ...byUser(auth, now, body.Audit),
        audit: events(auth, definition, current.values, values, false, body.Audit),
      });
      if (result.ok) return toWire(result.record, visible);
      if (result.reason === 'stale') throw conflict(result.current, visible);
      throw notFound(`Form ${webTemplateNo} has no record ${id}`);
    },

    async deleteRecord(auth, webTemplateNo, id, body, origin) {
      const { definition, permissions, visible } = await forms.openForm(auth, webTemplateNo);
      const current = await loadRecord(auth, definition, id);
      if (current.version !== body.Version || current.isDeleted) throw conflict(current, visible);
      const fields = valueElements(definition);
      // A deletion takes every value out of the current record: it changes each non-empty field.
      const cleared: FieldValues = {};
      checkPermissions({
        fields,
        permissions,
        before: current.values,
        after: cleared,
        names: Object.keys(current.values),
        includeReadOnly: false,
        anyHidden: false,
      });
      if (
        checkAudit({ auth, fields, before: current.values, after: cleared, audit: body.Audit }) &&
        body.Audit
      ) {
        await signer(auth, webTemplateNo, id, origin)(body.Audit);
      }
      const result = await auth.database.stores.records.append(id, body.Version, {
        values: current.values,
        isDeleted: true,
        index: indexFields(definition.Entity, current.values),
        ...byUser(auth, now, body.Audit),
        audit: events(auth, definition, current.values, current.values, true, body.Audit),
      });
      if (result.ok) return toWire(result.record, visible);
      if (result.reason === 'stale') throw conflict(result.current, visible);
      throw notFound(`Form ${webTemplateNo} has no record ${id}`);
    },
  };
}
