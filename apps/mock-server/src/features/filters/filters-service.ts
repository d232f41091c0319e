import {
  type ApiIssue,
  filterProblems,
  flattenElements,
  type SavedFilter,
  type SavedFilterCreate,
  type SavedFilterUpdate,
  type SearchFilter,
  SearchFilterSchema,
  type ValueElement,
} from '@procedo/client-api';
import { AppError } from '../../errors/app-error';
import { columnElement, readDatasource } from '../datasources/datasource-read';
import { notFound, validationFailure } from '../forms/form-errors';
import type { FormsService } from '../forms/forms-service';
import { valueElements } from '../records/record-writes';
import type { AuthContext } from '../session/session-service';
import { DuplicateFilterNameError, type SavedFilterRecord } from './filters-store';

/** Saved filters of the entity-view filter editor; see docs/protocol.md "Filter editor". */
export interface FiltersService {
  /** The user's own and the shared filters of a form, leaving out any that names a field hidden for them. */
  list(auth: AuthContext, webTemplateNo: number): Promise<SavedFilter[]>;
  /** One filter as {@link resolveSavedFilters} admits it. */
  get(auth: AuthContext, webTemplateNo: number, id: number): Promise<SavedFilter>;
  create(auth: AuthContext, webTemplateNo: number, body: SavedFilterCreate): Promise<SavedFilter>;
  update(auth: AuthContext, webTemplateNo: number, id: number, body: SavedFilterUpdate): Promise<SavedFilter>;
  remove(auth: AuthContext, webTemplateNo: number, id: number): Promise<SavedFilter>;
  /**
   * The filters picked for a search (`filterIds`), to be and-ed with its own conditions: 404 for an
   * id the form has no filter of, 403 `FORBIDDEN` for another user's private one or one that names a
   * field hidden for the user.
   */
  resolveSavedFilters(
    auth: AuthContext,
    webTemplateNo: number,
    ids: readonly number[],
  ): Promise<SearchFilter[]>;
}

type Fields = ReadonlyMap<string, ValueElement>;

/** 403 that names nothing of the filter: its name, fields and owner stay unseen. */
const forbidden = (id: number) =>
  new AppError({ status: 403, code: 'FORBIDDEN', message: `You may not use saved filter ${id}.` });
const mayNotChange = (id: number) =>
  new AppError({ status: 403, code: 'FORBIDDEN', message: `You may not change saved filter ${id}.` });
const onlySupervisorsShare = () =>
  new AppError({
    status: 403,
    code: 'FORBIDDEN',
    message: 'Only supervisors may share a filter with everyone.',
    issues: [{ code: 'forbidden', path: ['IsShared'], message: 'Only supervisors may share a filter.' }],
  });
const unknownFilter = (id: number) => notFound(`Unknown saved filter ${id}`);

/**
 * The value elements the user may search: shown on the form for them, and the columns of the
 * entity's datasource (issue 16) not hidden for them there.
 */
async function searchableFields(
  forms: FormsService,
  auth: AuthContext,
  webTemplateNo: number,
): Promise<Fields> {
  const { definition, permissions } = await forms.openForm(auth, webTemplateNo);
  const fields = new Map<string, ValueElement>();
  const own = valueElements(definition);
  for (const [name, element] of own) if (!permissions.get(name)?.hidden) fields.set(name, element);
  const datasource = await readDatasource(auth.database, definition.Entity);
  if (!datasource) return fields;
  // A column is filtered as the search filters it: as the element of the form the rows open.
  const results = flattenElements(definition).find((element) => element.Kind === 'results');
  const opens = results?.Kind === 'results' ? results.OpenWebTemplateNo : undefined;
  const target =
    opens === undefined ? new Map() : valueElements(await forms.loadDefinition(auth.database, opens));
  for (const column of datasource.columns) {
    if (fields.has(column.Name) || permissions.get(column.Name)?.hidden) continue;
    fields.set(column.Name, columnElement(column, own, target));
  }
  return fields;
}

/** The stored filter when every field it names is one the reader may search, else null. */
function readable(record: SavedFilterRecord, fields: Fields): SearchFilter | null {
  let json: unknown;
  try {
    json = JSON.parse(record.filterJson);
  } catch {
    return null;
  }
  const parsed = SearchFilterSchema.safeParse(json);
  if (!parsed.success) return null;
  return parsed.data.Conditions.every((condition) => fields.has(condition.Field)) ? parsed.data : null;
}

const toWire = (record: SavedFilterRecord, filter: SearchFilter, auth: AuthContext): SavedFilter => ({
  Id: record.id,
  WebTemplateNo: record.webTemplateNo,
  EntityViewName: record.entityViewName,
  Name: record.name,
  IsShared: record.isShared,
  IsOwn: record.ownerId === auth.user.id,
  OwnerName: record.ownerName,
  Filter: filter,
  Version: record.version,
  CreatedBy: record.createdBy,
  CreatedAt: record.createdAt,
  UpdatedBy: record.updatedBy,
  UpdatedAt: record.updatedAt,
});

/** 400 with each bad condition at `['Filter','Conditions',i]`, the message the editor shows there. */
function checkFilter(filter: SearchFilter, fields: Fields): void {
  const issues: ApiIssue[] = filterProblems(filter, fields).map((problem) => ({
    code: 'invalid_condition',
    path: ['Filter', 'Conditions', problem.index],
    message: problem.message,
  }));
  if (issues.length > 0) throw validationFailure(issues);
}

const duplicateName = () =>
  validationFailure([
    { code: 'duplicate_name', path: ['Name'], message: 'You have a filter of this name already.' },
  ]);

/** Creates the {@link FiltersService}. */
export function createFiltersService(options: { now: () => number; forms: FormsService }): FiltersService {
  const { now, forms } = options;
  const nowIso = () => new Date(now()).toISOString();

  /** A filter the user may read: their own or shared, of this form, naming only fields they see. */
  async function readableFilter(auth: AuthContext, webTemplateNo: number, id: number, fields: Fields) {
    const record = await auth.database.stores.savedFilters.get(id);
    if (!record || record.webTemplateNo !== webTemplateNo) throw unknownFilter(id);
    if (!record.isShared && record.ownerId !== auth.user.id) throw forbidden(id);
    const filter = readable(record, fields);
    if (!filter) throw forbidden(id);
    return { record, filter };
  }

  /** A filter the user may change: theirs, or a shared one when they are a supervisor. */
  async function changeableFilter(auth: AuthContext, webTemplateNo: number, id: number, fields: Fields) {
    const found = await readableFilter(auth, webTemplateNo, id, fields);
    const own = found.record.ownerId === auth.user.id;
    if (!own && !(found.record.isShared && auth.user.isSupervisor)) throw mayNotChange(id);
    return found;
  }

  return {
    async list(auth, webTemplateNo) {
      const fields = await searchableFields(forms, auth, webTemplateNo);
      const records = await auth.database.stores.savedFilters.listFor(webTemplateNo, auth.user.id);
      return records.flatMap((record) => {
        const filter = readable(record, fields);
        return filter ? [toWire(record, filter, auth)] : [];
      });
    },

    async get(auth, webTemplateNo, id) {
      const fields = await searchableFields(forms, auth, webTemplateNo);
      const { record, filter } = await readableFilter(auth, webTemplateNo, id, fields);
      return toWire(record, filter, auth);
    },

    async create(auth, webTemplateNo, body) {
      const fields = await searchableFields(forms, auth, webTemplateNo);
      const isShared = body.IsShared ?? false;
      if (isShared && !auth.user.isSupervisor) throw onlySupervisorsShare();
      checkFilter(body.Filter, fields);
      try {
        const record = await auth.database.stores.savedFilters.create({
          webTemplateNo,
          entityViewName: body.EntityViewName ?? '',
          ownerId: auth.user.id,
          isShared,
          name: body.Name,
          filterJson: JSON.stringify(body.Filter),
          by: auth.user.name,
          at: nowIso(),
        });
        return toWire(record, body.Filter, auth);
      } catch (error) {
        if (error instanceof DuplicateFilterNameError) throw duplicateName();
        throw error;
      }
    },

    async update(auth, webTemplateNo, id, body) {
      const fields = await searchableFields(forms, auth, webTemplateNo);
      await changeableFilter(auth, webTemplateNo, id, fields);
      const isShared = body.IsShared ?? false;
      if (isShared && !auth.user.isSupervisor) throw onlySupervisorsShare();
      checkFilter(body.Filter, fields);
      let changed: SavedFilterRecord | 'stale' | null;
      try {
        changed = await auth.database.stores.savedFilters.update(id, {
          expectedVersion: body.Version,
          isShared,
          name: body.Name,
          filterJson: JSON.stringify(body.Filter),
          by: auth.user.name,
          at: nowIso(),
        });
      } catch (error) {
        if (error instanceof DuplicateFilterNameError) throw duplicateName();
        throw error;
      }
      if (changed === null) throw unknownFilter(id);
      if (changed === 'stale') {
        throw new AppError({
          status: 409,
          code: 'VERSION_CONFLICT',
          message: 'The filter was changed since you read it. Reload it and save again.',
        });
      }
      return toWire(changed, body.Filter, auth);
    },

    async remove(auth, webTemplateNo, id) {
      const fields = await searchableFields(forms, auth, webTemplateNo);
      const { record, filter } = await changeableFilter(auth, webTemplateNo, id, fields);
      if (!(await auth.database.stores.savedFilters.remove(id))) throw unknownFilter(id);
      return toWire(record, filter, auth);
    },

    async resolveSavedFilters(auth, webTemplateNo, ids) {
      const fields = await searchableFields(forms, auth, webTemplateNo);
      const filters: SearchFilter[] = [];
      for (const id of new Set(ids))
        filters.push((await readableFilter(auth, webTemplateNo, id, fields)).filter);
      return filters;
    },
  };
}
