import type {
  CreateRecordRequestSchema,
  DeleteRecordRequestSchema,
  FieldValues,
  FormDefinition,
  RecordVersion,
  UpdateRecordRequestSchema,
} from '@procedo/client-api';
import type { z } from 'zod';
import { notFound } from '../forms/form-errors';
import type { FormsService } from '../forms/forms-service';
import type { AuthContext } from '../session/session-service';
import { indexFields } from './entities';
import { type SearchPage, type SearchQuery, searchRecords } from './record-search';
import {
  byUser,
  checkAudit,
  checkPermissions,
  conflict,
  prepareWrite,
  toWire,
  valueElements,
} from './record-writes';
import type { RecordVersionRecord } from './records-store';

/** Records read and written through a form: versioned reads, search, writes with every server-side rule. */
export interface RecordsService {
  readRecord(auth: AuthContext, webTemplateNo: number, id: number, version?: number): Promise<RecordVersion>;
  search(auth: AuthContext, webTemplateNo: number, query: SearchQuery): Promise<SearchPage>;
  createRecord(
    auth: AuthContext,
    webTemplateNo: number,
    body: z.infer<typeof CreateRecordRequestSchema>,
  ): Promise<RecordVersion>;
  updateRecord(
    auth: AuthContext,
    webTemplateNo: number,
    id: number,
    body: z.infer<typeof UpdateRecordRequestSchema>,
  ): Promise<RecordVersion>;
  deleteRecord(
    auth: AuthContext,
    webTemplateNo: number,
    id: number,
    body: z.infer<typeof DeleteRecordRequestSchema>,
  ): Promise<RecordVersion>;
}

/** Creates the {@link RecordsService} over the forms' definitions and permissions. */
export function createRecordsService(options: { now: () => number; forms: FormsService }): RecordsService {
  const { now, forms } = options;

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
    async readRecord(auth, webTemplateNo, id, version) {
      const { definition, visible } = await forms.openForm(auth, webTemplateNo);
      const current = await loadRecord(auth, definition, id);
      if (version === undefined || version === current.version) return toWire(current, visible);
      const old = await auth.database.stores.records.getVersion(id, version);
      if (!old) throw notFound(`Record ${id} has no version ${version}`);
      return toWire(old, visible);
    },

    search(auth, webTemplateNo, query) {
      return searchRecords(forms, auth, webTemplateNo, query);
    },

    async createRecord(auth, webTemplateNo, body) {
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
      });
      const created = await auth.database.stores.records.create(definition.Entity, {
        values,
        isDeleted: false,
        index: indexFields(definition.Entity, values),
        ...byUser(auth, now, body.Audit),
      });
      return toWire(created, visible);
    },

    async updateRecord(auth, webTemplateNo, id, body) {
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
      });
      const result = await auth.database.stores.records.append(id, body.Version, {
        values,
        isDeleted: false,
        index: indexFields(definition.Entity, values),
        ...byUser(auth, now, body.Audit),
      });
      if (result.ok) return toWire(result.record, visible);
      if (result.reason === 'stale') throw conflict(result.current, visible);
      throw notFound(`Form ${webTemplateNo} has no record ${id}`);
    },

    async deleteRecord(auth, webTemplateNo, id, body) {
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
      checkAudit({ auth, fields, before: current.values, after: cleared, audit: body.Audit });
      const result = await auth.database.stores.records.append(id, body.Version, {
        values: current.values,
        isDeleted: true,
        index: indexFields(definition.Entity, current.values),
        ...byUser(auth, now, body.Audit),
      });
      if (result.ok) return toWire(result.record, visible);
      if (result.reason === 'stale') throw conflict(result.current, visible);
      throw notFound(`Form ${webTemplateNo} has no record ${id}`);
    },
  };
}
