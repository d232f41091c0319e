import { SearchFilterSchema } from '@procedo/client-api';
import type {
  FilterChangeList,
  ManagedFilter,
  ManagedFilterChange,
  ManagedFilterList,
} from '@procedo/client-api/designer';
import { AppError } from '../../errors/app-error';
import { notFound, validationFailure } from '../forms/form-errors';
import type { FormsService } from '../forms/forms-service';
import type { AuthContext } from '../session/session-service';
import type { FilterAdminChange, FilterChangeRecord } from './filter-admin-store';
import { DuplicateFilterNameError, type SavedFilterRecord } from './filters-store';

/** The trail answers at most this many entries. */
export const FILTER_CHANGES_LIMIT = 500;

/**
 * The designers' view of every user's saved filters of a search form (issue 16 item 4): rename,
 * share / unshare and delete with the filter routes' rules (a name unique per owner and form,
 * sharing for supervisors only, the row version), each change kept in `saved_filter_changes`.
 * The caller has checked the `design` role.
 */
export interface FilterAdminService {
  list(auth: AuthContext, webTemplateNo: number): Promise<ManagedFilterList>;
  /** 400 for an empty change; 404 unknown; 409 `VERSION_CONFLICT` stale; 403 sharing as a non-supervisor. */
  change(
    auth: AuthContext,
    webTemplateNo: number,
    id: number,
    body: ManagedFilterChange,
  ): Promise<ManagedFilter>;
  remove(auth: AuthContext, webTemplateNo: number, id: number, version: number): Promise<ManagedFilter>;
  changes(auth: AuthContext, webTemplateNo: number): Promise<FilterChangeList>;
}

/** The fields a stored filter names; none when this server cannot read it. */
export function filterFields(filterJson: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(filterJson);
  } catch {
    return [];
  }
  const parsed = SearchFilterSchema.safeParse(json);
  return parsed.success ? [...new Set(parsed.data.Conditions.map((condition) => condition.Field))] : [];
}

const toWire = (record: SavedFilterRecord): ManagedFilter => ({
  Id: record.id,
  WebTemplateNo: record.webTemplateNo,
  Name: record.name,
  OwnerName: record.ownerName,
  IsShared: record.isShared,
  Fields: filterFields(record.filterJson),
  Version: record.version,
  UpdatedBy: record.updatedBy,
  UpdatedAt: record.updatedAt,
});

const changeToWire = (change: FilterChangeRecord): FilterChangeList['Items'][number] => ({
  Id: change.id,
  FilterId: change.filterId,
  WebTemplateNo: change.webTemplateNo,
  Change: change.change,
  OwnerName: change.ownerName,
  NameBefore: change.nameBefore,
  NameAfter: change.nameAfter,
  ChangedBy: change.changedBy,
  ChangedAt: change.changedAt,
});

const stale = () =>
  new AppError({
    status: 409,
    code: 'VERSION_CONFLICT',
    message: 'The filter was changed since you read it. Reload it and save again.',
  });

/** Creates the {@link FilterAdminService}. */
export function createFilterAdminService(options: {
  now: () => number;
  forms: FormsService;
}): FilterAdminService {
  const { now, forms } = options;

  /** 404 for a form that does not exist (the designer sees every form, whatever their profile). */
  const knownForm = async (auth: AuthContext, no: number) => {
    await forms.loadDefinition(auth.database, no);
  };

  async function apply(
    auth: AuthContext,
    no: number,
    id: number,
    version: number,
    change: FilterAdminChange,
  ) {
    let result: Awaited<ReturnType<AuthContext['database']['stores']['filterAdmin']['change']>>;
    try {
      result = await auth.database.stores.filterAdmin.change({
        id,
        webTemplateNo: no,
        expectedVersion: version,
        change,
        by: auth.user.name,
        at: new Date(now()).toISOString(),
      });
    } catch (error) {
      if (error instanceof DuplicateFilterNameError) {
        throw validationFailure([
          { code: 'duplicate_name', path: ['Name'], message: 'Its owner has a filter of this name already.' },
        ]);
      }
      throw error;
    }
    if (!result.ok) {
      if (result.reason === 'missing') throw notFound(`Unknown saved filter ${id}`);
      throw stale();
    }
    return result.filter;
  }

  return {
    async list(auth, no) {
      await knownForm(auth, no);
      return { Items: (await auth.database.stores.filterAdmin.listAll(no)).map(toWire) };
    },

    async change(auth, no, id, body) {
      await knownForm(auth, no);
      if (body.Name === undefined && body.IsShared === undefined) {
        throw validationFailure([{ code: 'custom', path: [], message: 'Give a new Name or IsShared.' }]);
      }
      // Spec (filter editor): only supervisors share a filter with everyone.
      if (body.IsShared === true && !auth.user.isSupervisor) {
        throw new AppError({
          status: 403,
          code: 'FORBIDDEN',
          message: 'Only supervisors may share a filter with everyone.',
          issues: [
            { code: 'forbidden', path: ['IsShared'], message: 'Only supervisors may share a filter.' },
          ],
        });
      }
      let version = body.Version;
      let filter: SavedFilterRecord | null = null;
      // Each part is its own audited change; the second starts from the version the first made.
      if (body.Name !== undefined) {
        filter = await apply(auth, no, id, version, { kind: 'rename', name: body.Name });
        version = filter.version;
      }
      if (body.IsShared !== undefined) {
        filter = await apply(auth, no, id, version, { kind: body.IsShared ? 'share' : 'unshare' });
      }
      if (filter === null) throw new Error('unreachable: a change has a Name or IsShared');
      return toWire(filter);
    },

    async remove(auth, no, id, version) {
      await knownForm(auth, no);
      return toWire(await apply(auth, no, id, version, { kind: 'delete' }));
    },

    async changes(auth, no) {
      await knownForm(auth, no);
      const items = await auth.database.stores.filterAdmin.changes(no, FILTER_CHANGES_LIMIT);
      return { Items: items.map(changeToWire) };
    },
  };
}
