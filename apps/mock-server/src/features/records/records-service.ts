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

  async function formOf(auth: AuthContext, webTemplateNo: number) {
    const definition = await forms.loadDefinition(auth.database, webTemplateNo);
    const permissions = await forms.permissionsOf(auth, definition);
    return { definition, permissions };
  }

  return {
    async readRecord(auth, webTemplateNo, id, version) {
      const { definition, permissions } = await formOf(auth, webTemplateNo);
      const current = await loadRecord(auth, definition, id);
      if (version === undefined || version === current.version) return toWire(current, permissions);
      const old = await auth.database.stores.records.getVersion(id, version);
      if (!old) throw notFound(`Record ${id} has no version ${version}`);
      return toWire(old, permissions);
    },

    search(auth, webTemplateNo, query) {
      return searchRecords(forms, auth, webTemplateNo, query);
    },

    async createRecord(auth, webTemplateNo, body) {
      const { definition, permissions } = await formOf(auth, webTemplateNo);
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
      return toWire(created, permissions);
    },

    async updateRecord(auth, webTemplateNo, id, body) {
      const { definition, permissions } = await formOf(auth, webTemplateNo);
      const current = await loadRecord(auth, definition, id);
      if (current.version !== body.Version || current.isDeleted) throw conflict(current, permissions);
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
      if (result.ok) return toWire(result.record, permissions);
      if (result.reason === 'stale') throw conflict(result.current, permissions);
      throw notFound(`Form ${webTemplateNo} has no record ${id}`);
    },

    async deleteRecord(auth, webTemplateNo, id, body) {
      const { definition, permissions } = await formOf(auth, webTemplateNo);
      const current = await loadRecord(auth, definition, id);
      if (current.version !== body.Version || current.isDeleted) throw conflict(current, permissions);
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
      });
      checkAudit({ auth, fields, before: current.values, after: cleared, audit: body.Audit });
      const result = await auth.database.stores.records.append(id, body.Version, {
        values: current.values,
        isDeleted: true,
        index: indexFields(definition.Entity, current.values),
        ...byUser(auth, now, body.Audit),
      });
      if (result.ok) return toWire(result.record, permissions);
      if (result.reason === 'stale') throw conflict(result.current, permissions);
      throw notFound(`Form ${webTemplateNo} has no record ${id}`);
    },
  };
}
