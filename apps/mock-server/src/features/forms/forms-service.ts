import {
  type ApiIssue,
  type CreateRecordRequestSchema,
  type DeleteRecordRequestSchema,
  type ElementPermission,
  type FieldValue,
  type FieldValues,
  FORM_SCHEMA_VERSION,
  type FormDefinition,
  FormDefinitionSchema,
  type FormElement,
  type FormResponse,
  flattenElements,
  isEmptyValue,
  isValueElement,
  type LeafElement,
  type PickerValue,
  type RecordVersion,
  type UpdateRecordRequestSchema,
  ValidationCode,
  type ValueElement,
  validateValues,
} from '@procedo/client-api';
import type { z } from 'zod';
import type { DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../http/errors';
import { indexFields, PICKER_SOURCES } from '../records/entities';
import type { RecordFilter, RecordVersionRecord } from '../records/records-store';
import type { AuthContext } from '../session/session-service';

/** Global settings every form response carries. */
export interface FormSettings {
  supportedFileExtensions: string[];
  maxUploadBytes: number;
}

/** The defaults of the global settings when a database has none stored. */
export const DEFAULT_SETTINGS: FormSettings = {
  supportedFileExtensions: ['pdf', 'png', 'jpg', 'jpeg', 'txt', 'csv', 'docx', 'xlsx'],
  maxUploadBytes: 5 * 1024 * 1024,
};

/** Rows a picker search answers at most. */
export const PICKER_LIMIT = 20;

/** A picker search request. */
export interface PickerQuery {
  source: string;
  text: string;
  /** `dep.{Name}` values: the ids of the pickers this one depends on. */
  deps: Record<string, string>;
  /** The form and picker element asking, for its MinLength and permissions. */
  webTemplateNo?: number;
  element?: string;
}

/** A search-form request: the text, one page, and `{Name}` filters. */
export interface SearchQuery {
  text: string;
  page: number;
  pageSize?: number;
  filters: Record<string, string>;
}

/** Effective permission of each element for the signed-in user. */
type PermissionMap = Map<string, { hidden: boolean; locked: boolean }>;

/** Forms and their records: definitions, reads, versioned writes with every server-side rule. */
export interface FormsService {
  getForm(auth: AuthContext, webTemplateNo: number): Promise<FormResponse>;
  readRecord(auth: AuthContext, webTemplateNo: number, id: number, version?: number): Promise<RecordVersion>;
  search(
    auth: AuthContext,
    webTemplateNo: number,
    query: SearchQuery,
  ): Promise<{ Rows: { Id: number; Values: FieldValues }[]; Page: number; PageSize: number; Total: number }>;
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
  pickerSearch(auth: AuthContext, query: PickerQuery): Promise<{ Items: PickerValue[]; HasMore: boolean }>;
  /** `Tab.Select`: remembers the tab; false when it is not a visible tab of a form. */
  selectTab(auth: AuthContext, webTemplateNo: number, tabName: string): Promise<boolean>;
  /** The remembered tab of a form, if any. */
  selectedTab(auth: AuthContext, webTemplateNo: number): Promise<string | null>;
  /** `Template.CacheRefresh`: forget every cached definition; the next read loads from the database. */
  refreshCache(): void;
  getSettings(database: DatabaseEntry): Promise<FormSettings>;
}

const notFound = (message: string) => new AppError({ status: 404, code: 'NOT_FOUND', message });

// Canonical JSON (sorted keys) so equal values compare equal whatever their key order.
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** Whether a write changes a value: two empty values are the same; otherwise compared canonically. */
export function valueChanged(before: FieldValue | undefined, after: FieldValue | undefined): boolean {
  if (isEmptyValue(before) && isEmptyValue(after)) return false;
  return canonical(before ?? null) !== canonical(after ?? null);
}

/** The legal-name comparison of the audit invariant: trimmed, case-insensitive. */
export const sameSigner = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');

/** Creates the {@link FormsService}. */
export function createFormsService(options: { now: () => number }): FormsService {
  const { now } = options;
  // Parsed definitions per database id; Template.CacheRefresh empties it.
  let cache = new Map<string, Map<number, FormDefinition>>();

  async function loadDefinition(database: DatabaseEntry, webTemplateNo: number): Promise<FormDefinition> {
    const forDatabase = cache.get(database.id) ?? new Map<number, FormDefinition>();
    cache.set(database.id, forDatabase);
    const cached = forDatabase.get(webTemplateNo);
    if (cached) return cached;
    const stored = await database.stores.forms.getDefinition(webTemplateNo);
    if (!stored) throw notFound(`Unknown form ${webTemplateNo}`);
    // A definition this server cannot read is a server fault (500, logged), never a crash.
    if (stored.schemaVersion !== FORM_SCHEMA_VERSION) {
      throw new Error(
        `Form ${webTemplateNo} in database ${database.id} has schemaVersion ${stored.schemaVersion}; this server reads ${FORM_SCHEMA_VERSION}`,
      );
    }
    const parsed = FormDefinitionSchema.safeParse(JSON.parse(stored.json));
    if (!parsed.success || parsed.data.WebTemplateNo !== webTemplateNo) {
      throw new Error(`Form ${webTemplateNo} in database ${database.id} is not a valid definition`, {
        cause: parsed.error,
      });
    }
    forDatabase.set(webTemplateNo, parsed.data);
    return parsed.data;
  }

  async function getSettings(database: DatabaseEntry): Promise<FormSettings> {
    const stored = await database.stores.forms.getSettings();
    const extensions = stored.SupportedFileExtensions?.split(',')
      .map((entry) => entry.trim().replace(/^\./, '').toLowerCase())
      .filter(Boolean);
    const maxBytes = Number(stored.MaxUploadBytes);
    return {
      supportedFileExtensions: extensions ?? DEFAULT_SETTINGS.supportedFileExtensions,
      maxUploadBytes: Number.isInteger(maxBytes) && maxBytes > 0 ? maxBytes : DEFAULT_SETTINGS.maxUploadBytes,
    };
  }

  /**
   * Spec §3 element permissions of the user on a form: a user-level row overrides the profile's
   * for the same element; a hidden or locked tab strip or tab passes it on to its elements.
   */
  async function permissionsOf(auth: AuthContext, definition: FormDefinition): Promise<PermissionMap> {
    const rows = await auth.database.stores.forms.listPermissions(definition.WebTemplateNo, {
      userId: auth.user.id,
      profileId: auth.user.profileId,
    });
    const direct: PermissionMap = new Map();
    for (const row of [...rows].sort((a, b) =>
      a.ownerType === b.ownerType ? 0 : a.ownerType === 'profile' ? -1 : 1,
    )) {
      direct.set(row.elementName, { hidden: row.hidden, locked: row.locked });
    }
    const effective: PermissionMap = new Map(direct);
    for (const element of definition.Elements) {
      if (element.Kind !== 'tabs') continue;
      const strip = direct.get(element.Name);
      for (const tab of element.Tabs) {
        const own = direct.get(tab.Name);
        const inherited = {
          hidden: Boolean(strip?.hidden || own?.hidden),
          locked: Boolean(strip?.locked || own?.locked),
        };
        if (!inherited.hidden && !inherited.locked) continue;
        for (const child of tab.Elements) {
          const mine = effective.get(child.Name);
          effective.set(child.Name, {
            hidden: inherited.hidden || Boolean(mine?.hidden),
            locked: inherited.locked || Boolean(mine?.locked),
          });
        }
      }
    }
    return effective;
  }

  const stripHidden = (values: FieldValues, permissions: PermissionMap): FieldValues =>
    Object.fromEntries(Object.entries(values).filter(([name]) => !permissions.get(name)?.hidden));

  const toWire = (record: RecordVersionRecord, permissions: PermissionMap): RecordVersion => ({
    Id: record.id,
    Entity: record.entity,
    Version: record.version,
    IsDeleted: record.isDeleted,
    Values: stripHidden(record.values, permissions),
    UpdatedBy: record.updatedBy,
    UpdatedAt: record.updatedAt,
  });

  const valueElements = (definition: FormDefinition) => {
    const map = new Map<string, ValueElement>();
    for (const element of flattenElements(definition))
      if (isValueElement(element)) map.set(element.Name, element);
    return map;
  };

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

  function conflict(record: RecordVersionRecord, permissions: PermissionMap): AppError {
    return new AppError({
      status: 409,
      code: 'VERSION_CONFLICT',
      message: `The record was changed by ${record.updatedBy} at ${record.updatedAt} (now version ${record.version}${record.isDeleted ? ', deleted' : ''}). Review the current values and save again.`,
      extra: { Current: toWire(record, permissions) },
    });
  }

  /** 403 when a write changes an element the user may not change (hidden, locked or read-only). */
  function checkPermissions(options: {
    fields: Map<string, ValueElement>;
    permissions: PermissionMap;
    before: FieldValues;
    after: FieldValues;
    names: Iterable<string>;
    includeReadOnly: boolean;
  }): void {
    const issues: ApiIssue[] = [];
    for (const name of options.names) {
      const element = options.fields.get(name);
      if (!element) continue;
      const permission = options.permissions.get(name);
      const reason = permission?.hidden
        ? 'hidden'
        : permission?.locked
          ? 'locked'
          : options.includeReadOnly && element.IsReadOnly
            ? 'read-only'
            : null;
      if (reason && valueChanged(options.before[name], options.after[name])) {
        issues.push({
          code: `element_${reason.replace('-', '_')}`,
          path: ['Values', name],
          message: `You may not change ${element.Label}: the field is ${reason} for you.`,
        });
      }
    }
    if (issues.length > 0) {
      throw new AppError({
        status: 403,
        code: 'ELEMENT_PERMISSION',
        message: `Permission denied: ${issues.map((issue) => issue.path.at(-1)).join(', ')} cannot be changed by you.`,
        issues,
      });
    }
  }

  /** The audit invariant (CONTRACT): a change to an IsAudit field needs the signer's legal name and a reason. */
  function checkAudit(options: {
    auth: AuthContext;
    fields: Map<string, ValueElement>;
    before: FieldValues;
    after: FieldValues;
    audit: { AuditDataChangeESig: string; AuditDataChangeReason: string } | undefined;
  }): void {
    const changed = [...options.fields.values()].filter(
      (element) => element.IsAudit && valueChanged(options.before[element.Name], options.after[element.Name]),
    );
    if (changed.length === 0) return;
    if (!options.audit) {
      throw new AppError({
        status: 400,
        code: 'AUDIT_SIGNATURE_REQUIRED',
        message: `A change to ${changed.map((element) => element.Label).join(', ')} needs your electronic signature (your legal name) and a reason.`,
        issues: changed.map((element) => ({
          code: 'audit_signature_required',
          path: ['Values', element.Name],
          message: 'This change needs your electronic signature and a reason.',
        })),
      });
    }
    if (!sameSigner(options.audit.AuditDataChangeESig, options.auth.user.legalName)) {
      throw new AppError({
        status: 403,
        code: 'AUDIT_SIGNATURE_MISMATCH',
        message: 'The electronic signature does not match your legal name.',
        issues: [
          {
            code: 'audit_signature_mismatch',
            path: ['Audit', 'AuditDataChangeESig'],
            message: 'Sign with your legal name.',
          },
        ],
      });
    }
  }

  function validationFailure(issues: ApiIssue[]): AppError {
    const detail = issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    return new AppError({ status: 400, code: 'VALIDATION', message: `Invalid request: ${detail}`, issues });
  }

  /** File values must name an uploaded file; they are replaced by the server's metadata of it. */
  async function resolveFiles(
    database: DatabaseEntry,
    fields: Map<string, ValueElement>,
    values: FieldValues,
  ): Promise<FieldValues> {
    const resolved: FieldValues = { ...values };
    const issues: ApiIssue[] = [];
    for (const [name, value] of Object.entries(values)) {
      if (fields.get(name)?.Kind !== 'file' || isEmptyValue(value)) continue;
      const ref = value as { Id: string };
      const file = await database.stores.files.get(ref.Id);
      if (!file) {
        issues.push({
          code: 'file_not_found',
          path: ['Values', name],
          message: 'The file was not found; upload it again.',
        });
        continue;
      }
      resolved[name] = {
        Id: file.id,
        FileName: file.originalName,
        Size: file.size,
        ContentType: file.contentType,
      };
    }
    if (issues.length > 0) throw validationFailure(issues);
    return resolved;
  }

  /** The common rules of a create or an update; answers the values to store. */
  async function prepareWrite(options: {
    auth: AuthContext;
    definition: FormDefinition;
    permissions: PermissionMap;
    before: FieldValues;
    changes: FieldValues;
    partial: boolean;
    audit: { AuditDataChangeESig: string; AuditDataChangeReason: string } | undefined;
  }): Promise<FieldValues> {
    const { auth, definition, permissions, before, changes } = options;
    if (definition.Kind !== 'record') {
      throw new AppError({
        status: 400,
        code: 'VALIDATION',
        message: `Form ${definition.WebTemplateNo} is a search form; records are written through their record form.`,
      });
    }
    const fields = valueElements(definition);
    const settings = await getSettings(auth.database);
    const issues = validateValues(definition, changes, {
      supportedFileExtensions: settings.supportedFileExtensions,
      maxUploadBytes: settings.maxUploadBytes,
      partial: options.partial,
    });
    const unknown = issues.filter((issue) => issue.code === ValidationCode.unknownElement);
    if (unknown.length > 0) throw validationFailure(unknown);
    const after: FieldValues = { ...before, ...changes };
    checkPermissions({
      fields,
      permissions,
      before,
      after,
      names: Object.keys(changes),
      includeReadOnly: true,
    });
    // A hidden or locked mandatory field the user cannot fill is not the user's error on create.
    const own = issues.filter((issue) => {
      const name = String(issue.path[1]);
      const permission = permissions.get(name);
      return !(
        issue.code === ValidationCode.mandatory &&
        !Object.hasOwn(changes, name) &&
        (permission?.hidden || permission?.locked)
      );
    });
    if (own.length > 0) throw validationFailure(own);
    checkAudit({ auth, fields, before, after, audit: options.audit });
    return resolveFiles(auth.database, fields, after);
  }

  const byUser = (
    auth: AuthContext,
    audit?: { AuditDataChangeESig: string; AuditDataChangeReason: string },
  ) => ({
    updatedBy: auth.user.name,
    updatedAt: new Date(now()).toISOString(),
    auditESig: audit?.AuditDataChangeESig.trim() ?? null,
    auditReason: audit?.AuditDataChangeReason.trim() ?? null,
  });

  function searchFilter(element: ValueElement, raw: string): RecordFilter | ApiIssue {
    const issue = (message: string): ApiIssue => ({ code: 'invalid_filter', path: [element.Name], message });
    switch (element.Kind) {
      case 'text':
      case 'textarea':
      case 'phone':
      case 'brackets':
        return { name: element.Name, value: raw, mode: 'contains' };
      case 'number': {
        const value = Number(raw);
        return Number.isFinite(value)
          ? { name: element.Name, value, mode: 'equals' }
          : issue('Enter a number.');
      }
      case 'checkbox':
        return raw === 'true' || raw === 'false'
          ? { name: element.Name, value: raw === 'true', mode: 'equals' }
          : issue('Use true or false.');
      case 'picker':
        return { name: `${element.Name}.Id`, value: raw, mode: 'equals' };
      case 'file':
        return issue('Files cannot be searched.');
      default:
        return { name: element.Name, value: raw, mode: 'equals' };
    }
  }

  return {
    getSettings,

    async getForm(auth, webTemplateNo) {
      const definition = await loadDefinition(auth.database, webTemplateNo);
      const permissions = await permissionsOf(auth, definition);
      const settings = await getSettings(auth.database);
      const list: ElementPermission[] = [...permissions].map(([name, p]) => ({
        NAME: name,
        ElementHidden: p.hidden,
        ElementLocked: p.locked,
      }));
      return {
        Definition: definition,
        Permissions: list,
        SupportedFileExtensions: settings.supportedFileExtensions,
        MaxUploadBytes: settings.maxUploadBytes,
      };
    },

    async readRecord(auth, webTemplateNo, id, version) {
      const definition = await loadDefinition(auth.database, webTemplateNo);
      const permissions = await permissionsOf(auth, definition);
      const current = await loadRecord(auth, definition, id);
      if (version === undefined || version === current.version) return toWire(current, permissions);
      const old = await auth.database.stores.records.getVersion(id, version);
      if (!old) throw notFound(`Record ${id} has no version ${version}`);
      return toWire(old, permissions);
    },

    async search(auth, webTemplateNo, query) {
      const definition = await loadDefinition(auth.database, webTemplateNo);
      const permissions = await permissionsOf(auth, definition);
      const fields = valueElements(definition);
      const results = flattenElements(definition).find(
        (element): element is Extract<LeafElement, { Kind: 'results' }> => element.Kind === 'results',
      );
      const filters: RecordFilter[] = [];
      const issues: ApiIssue[] = [];
      for (const [name, raw] of Object.entries(query.filters)) {
        const element = fields.get(name);
        if (!element || permissions.get(name)?.hidden) {
          issues.push({
            code: ValidationCode.unknownElement,
            path: [name],
            message: 'This form has no such field.',
          });
          continue;
        }
        if (raw.trim() === '') continue;
        const filter = searchFilter(element, raw);
        if ('mode' in filter) filters.push(filter);
        else issues.push(filter);
      }
      if (issues.length > 0) throw validationFailure(issues);
      const pageSize = query.pageSize ?? results?.PageSize ?? 25;
      // Columns hidden on the search form or on the form results open in are never sent.
      let hidden = permissions;
      if (results?.OpenWebTemplateNo) {
        const target = await loadDefinition(auth.database, results.OpenWebTemplateNo);
        hidden = new Map([...(await permissionsOf(auth, target)), ...permissions]);
      }
      const columns = results ? new Set(results.Columns.map((column) => column.Name)) : null;
      const { rows, total } = await auth.database.stores.records.search({
        entity: definition.Entity,
        text: query.text,
        filters,
        offset: query.page * pageSize,
        limit: pageSize,
      });
      return {
        Rows: rows.map((row) => ({
          Id: row.id,
          Values: stripHidden(
            columns
              ? Object.fromEntries(Object.entries(row.values).filter(([name]) => columns.has(name)))
              : row.values,
            hidden,
          ),
        })),
        Page: query.page,
        PageSize: pageSize,
        Total: total,
      };
    },

    async createRecord(auth, webTemplateNo, body) {
      const definition = await loadDefinition(auth.database, webTemplateNo);
      const permissions = await permissionsOf(auth, definition);
      const values = await prepareWrite({
        auth,
        definition,
        permissions,
        before: {},
        changes: body.Values,
        partial: false,
        audit: body.Audit,
      });
      const created = await auth.database.stores.records.create(definition.Entity, {
        values,
        isDeleted: false,
        index: indexFields(definition.Entity, values),
        ...byUser(auth, body.Audit),
      });
      return toWire(created, permissions);
    },

    async updateRecord(auth, webTemplateNo, id, body) {
      const definition = await loadDefinition(auth.database, webTemplateNo);
      const permissions = await permissionsOf(auth, definition);
      const current = await loadRecord(auth, definition, id);
      if (current.version !== body.Version || current.isDeleted) throw conflict(current, permissions);
      const values = await prepareWrite({
        auth,
        definition,
        permissions,
        before: current.values,
        changes: body.Values,
        partial: true,
        audit: body.Audit,
      });
      const result = await auth.database.stores.records.append(id, body.Version, {
        values,
        isDeleted: false,
        index: indexFields(definition.Entity, values),
        ...byUser(auth, body.Audit),
      });
      if (result.ok) return toWire(result.record, permissions);
      if (result.reason === 'stale') throw conflict(result.current, permissions);
      throw notFound(`Form ${webTemplateNo} has no record ${id}`);
    },

    async deleteRecord(auth, webTemplateNo, id, body) {
      const definition = await loadDefinition(auth.database, webTemplateNo);
      const permissions = await permissionsOf(auth, definition);
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
        ...byUser(auth, body.Audit),
      });
      if (result.ok) return toWire(result.record, permissions);
      if (result.reason === 'stale') throw conflict(result.current, permissions);
      throw notFound(`Form ${webTemplateNo} has no record ${id}`);
    },

    async pickerSearch(auth, query) {
      const source = PICKER_SOURCES[query.source];
      if (!Object.hasOwn(PICKER_SOURCES, query.source) || !source)
        throw notFound(`Unknown picker source '${query.source}'`);
      let minLength = 1;
      if (query.webTemplateNo !== undefined && query.element !== undefined) {
        const definition = await loadDefinition(auth.database, query.webTemplateNo);
        const element = flattenElements(definition).find(
          (candidate: FormElement | LeafElement) => candidate.Name === query.element,
        );
        if (element?.Kind !== 'picker' || element.Source !== query.source) {
          throw validationFailure([
            {
              code: 'invalid_element',
              path: ['Element'],
              message: `No picker ${query.element} over ${query.source} on form ${query.webTemplateNo}`,
            },
          ]);
        }
        if ((await permissionsOf(auth, definition)).get(element.Name)?.hidden) {
          throw new AppError({
            status: 403,
            code: 'ELEMENT_PERMISSION',
            message: `The field ${element.Label} is hidden for you.`,
          });
        }
        minLength = element.MinLength ?? 1;
      }
      const issues: ApiIssue[] = [];
      if (query.text.trim().length < minLength) {
        issues.push({ code: 'too_short', path: ['text'], message: `Type at least ${minLength} characters.` });
      }
      let parentId: number | undefined;
      for (const [name, raw] of Object.entries(query.deps)) {
        if (name !== source.dependsOn) {
          issues.push({
            code: 'unknown_dependency',
            path: [`dep.${name}`],
            message: `${query.source} cannot be filtered by ${name}`,
          });
        } else if (raw !== '' && !/^\d{1,15}$/.test(raw)) {
          issues.push({ code: 'invalid_dependency', path: [`dep.${name}`], message: 'Expected a record id' });
        } else if (raw !== '') {
          parentId = Number(raw);
        }
      }
      if (issues.length > 0) throw validationFailure(issues);
      const { items, hasMore } = await auth.database.stores.records.searchTitles({
        entity: source.entity,
        text: query.text,
        parentId,
        limit: PICKER_LIMIT,
      });
      return { Items: items.map((item) => ({ Id: String(item.id), Text: item.title })), HasMore: hasMore };
    },

    async selectTab(auth, webTemplateNo, tabName) {
      let definition: FormDefinition;
      try {
        definition = await loadDefinition(auth.database, webTemplateNo);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return false;
        throw error;
      }
      const permissions = await permissionsOf(auth, definition);
      const visible = definition.Elements.some(
        (element) =>
          element.Kind === 'tabs' &&
          !permissions.get(element.Name)?.hidden &&
          element.Tabs.some((tab) => tab.Name === tabName && !permissions.get(tab.Name)?.hidden),
      );
      if (!visible) return false;
      await auth.database.stores.forms.saveTabSelection({
        userId: auth.user.id,
        webTemplateNo,
        tabName,
        at: new Date(now()).toISOString(),
      });
      return true;
    },

    async selectedTab(auth, webTemplateNo) {
      return auth.database.stores.forms.getTabSelection(auth.user.id, webTemplateNo);
    },

    refreshCache() {
      cache = new Map();
    },
  };
}
