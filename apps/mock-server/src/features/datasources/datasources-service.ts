import {
  type ApiIssue,
  type DatasourceColumn,
  type FormDatasource,
  type FormDefinition,
  FormDefinitionSchema,
  flattenElements,
  isValueElement,
} from '@procedo/client-api';
import type {
  BrokenFilter,
  Datasource,
  DatasourceDiff,
  DatasourceList,
  DatasourceVersionList,
  PublishDatasourceRequestSchema,
} from '@procedo/client-api/designer';
import type { z } from 'zod/mini';
import type { DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../errors/app-error';
import { filterFields } from '../filters/filter-admin-service';
import { notFound, validationFailure } from '../forms/form-errors';
import type { FormsService } from '../forms/forms-service';
import { valueElements } from '../records/record-writes';
import type { AuthContext } from '../session/session-service';
import { diffColumns } from './datasource-diff';
import {
  columnElement,
  type DatasourceVersion,
  readDatasource,
  SEED_CHANGE_NOTE,
  SEED_PUBLISHED_AT,
  SEED_PUBLISHED_BY,
  seededColumns,
} from './datasource-read';

export type PublishDatasourceBody = z.output<typeof PublishDatasourceRequestSchema>;

/**
 * Datasources (issue 16 item 4): the columns each entity offers to search grids and the filter
 * editor, versioned append-only. The designer calls need the `design` role (checked by the
 * routes); {@link DatasourcesService.forForm} is any user's, within their form access.
 */
export interface DatasourcesService {
  list(auth: AuthContext): Promise<DatasourceList>;
  get(auth: AuthContext, entity: string): Promise<Datasource>;
  versions(auth: AuthContext, entity: string): Promise<DatasourceVersionList>;
  version(auth: AuthContext, entity: string, version: number): Promise<Datasource>;
  diff(auth: AuthContext, entity: string, from: number, to: number): Promise<DatasourceDiff>;
  /**
   * The next version: 400 with issues at `['Columns', i, …]`, 409 `CONFLICT` on a stale base,
   * 409 `BREAKING_CHANGE` listing the saved filters that name a removed column unless confirmed.
   */
  publish(auth: AuthContext, entity: string, body: PublishDatasourceBody): Promise<Datasource>;
  /** The columns of a form's entity the user may add to its grid and filter on (now or at `atIso`). */
  forForm(auth: AuthContext, webTemplateNo: number, atIso?: string): Promise<FormDatasource>;
}

const toWire = (found: DatasourceVersion): Datasource => ({
  Entity: found.entity,
  Version: found.version,
  PublishedAt: found.publishedAt,
  PublishedBy: found.publishedBy,
  ChangeNote: found.changeNote,
  Columns: found.columns,
});

const unknownEntity = (entity: string) => notFound(`No datasource for entity ${entity}`);

/** The current definitions of every form. */
async function currentForms(database: DatabaseEntry): Promise<FormDefinition[]> {
  const rows = await database.stores.definitionVersions.listCurrent();
  return rows.map((row) => FormDefinitionSchema.parse(JSON.parse(row.json)));
}

/**
 * What a saved filter of a search form may name without the datasource: the form's value
 * elements and its result columns. A removed datasource column breaks only filters naming
 * something outside this.
 */
function ownFields(definition: FormDefinition): Set<string> {
  const names = new Set<string>();
  for (const element of flattenElements(definition)) {
    if (isValueElement(element)) names.add(element.Name);
    if (element.Kind === 'results') for (const column of element.Columns) names.add(column.Name);
  }
  return names;
}

/** Each bad column at `['Columns', i, property]`: duplicate names, unknown forms and commands, kinds. */
async function columnIssues(
  database: DatabaseEntry,
  columns: readonly DatasourceColumn[],
  forms: readonly FormDefinition[],
  entity: string,
): Promise<ApiIssue[]> {
  const issues: ApiIssue[] = [];
  if (columns.length === 0) {
    issues.push({
      code: 'too_small',
      path: ['Columns'],
      message: 'A datasource offers at least one column.',
    });
  }
  const kinds = new Map<string, string>();
  for (const form of forms) {
    if (form.Entity !== entity || form.Kind !== 'record') continue;
    for (const [name, element] of valueElements(form)) if (!kinds.has(name)) kinds.set(name, element.Kind);
  }
  const formNumbers = new Set(forms.map((form) => form.WebTemplateNo));
  const seen = new Set<string>();
  for (const [i, column] of columns.entries()) {
    if (seen.has(column.Name)) {
      issues.push({
        code: 'duplicate_name',
        path: ['Columns', i, 'Name'],
        message: 'Another column has this name.',
      });
    }
    seen.add(column.Name);
    const kind = kinds.get(column.Name);
    if (kind !== undefined && kind !== column.Kind) {
      issues.push({
        code: 'custom',
        path: ['Columns', i, 'Kind'],
        message: `The field ${column.Name} holds a ${kind} value.`,
      });
    }
    if (column.DataFormId !== undefined && !formNumbers.has(column.DataFormId)) {
      issues.push({
        code: 'custom',
        path: ['Columns', i, 'DataFormId'],
        message: `No form has number ${column.DataFormId}.`,
      });
    }
    if (
      column.WorkflowId !== undefined &&
      !(await database.stores.commandVersions.latest(column.WorkflowId))
    ) {
      issues.push({
        code: 'custom',
        path: ['Columns', i, 'WorkflowId'],
        message: `No process command has id ${column.WorkflowId}.`,
      });
    }
  }
  return issues;
}

function conflict(currentVersion: number): AppError {
  return new AppError({
    status: 409,
    code: 'CONFLICT',
    message: `Another designer published version ${currentVersion} of this datasource first: nothing was stored. Open it and apply your changes again.`,
    extra: { CurrentVersion: currentVersion },
  });
}

function breaking(filters: BrokenFilter[]): AppError {
  const names = filters.map((filter) => `${filter.Name} (${filter.OwnerName})`).join(', ');
  return new AppError({
    status: 409,
    code: 'BREAKING_CHANGE',
    message: `Saved filters use a column this version removes: ${names}. They are kept, but cannot be used until the column is back. Confirm to publish it.`,
    extra: { Filters: filters },
  });
}

/** Creates the {@link DatasourcesService}. */
export function createDatasourcesService(options: {
  now: () => number;
  forms: FormsService;
}): DatasourcesService {
  const { now, forms } = options;

  async function found(database: DatabaseEntry, entity: string, version?: number) {
    const read = await readDatasource(database, entity, { version });
    if (read) return read;
    if (version !== undefined && (await readDatasource(database, entity))) {
      throw notFound(`The datasource of ${entity} has no version ${version}`);
    }
    throw unknownEntity(entity);
  }

  return {
    async list(auth) {
      const entities = new Set([
        ...(await seededColumns(auth.database)).keys(),
        ...(await auth.database.stores.datasources.entities()),
      ]);
      const items: DatasourceList['Items'] = [];
      for (const entity of [...entities].sort()) {
        const current = await found(auth.database, entity);
        items.push({
          Entity: entity,
          Version: current.version,
          PublishedAt: current.publishedAt,
          PublishedBy: current.publishedBy,
          ColumnCount: current.columns.length,
        });
      }
      return { Items: items };
    },

    async get(auth, entity) {
      return toWire(await found(auth.database, entity));
    },

    async versions(auth, entity) {
      const stored = await auth.database.stores.datasources.list(entity);
      if (stored.length === 0) {
        const seed = await found(auth.database, entity);
        return {
          Items: [
            {
              Version: 1,
              PublishedAt: seed.publishedAt,
              PublishedBy: seed.publishedBy,
              ChangeNote: seed.changeNote,
            },
          ],
        };
      }
      return {
        Items: stored.map((item) => ({
          Version: item.version,
          PublishedAt: item.publishedAt,
          PublishedBy: item.publishedBy,
          ChangeNote: item.changeNote,
        })),
      };
    },

    async version(auth, entity, version) {
      return toWire(await found(auth.database, entity, version));
    },

    async diff(auth, entity, from, to) {
      const a = await found(auth.database, entity, from);
      const b = await found(auth.database, entity, to);
      return { From: from, To: to, Changes: diffColumns(a.columns, b.columns) };
    },

    async publish(auth, entity, body) {
      const current = await found(auth.database, entity);
      const definitions = await currentForms(auth.database);
      // A draft's own problems first: the designer fixes them whoever published meanwhile.
      const issues = await columnIssues(auth.database, body.Columns, definitions, entity);
      if (issues.length > 0) throw validationFailure(issues);
      if (current.version !== body.BaseVersion) throw conflict(current.version);

      const kept = new Set(body.Columns.map((column) => column.Name));
      const removed = new Set(current.columns.map((column) => column.Name).filter((name) => !kept.has(name)));
      const searchForms = definitions.filter((form) => form.Entity === entity && form.Kind === 'search');
      const own = new Map(searchForms.map((form) => [form.WebTemplateNo, ownFields(form)]));
      const brokenColumns = (filter: { webTemplateNo: number; filterJson: string }) =>
        filterFields(filter.filterJson).filter(
          (name) => removed.has(name) && !own.get(filter.webTemplateNo)?.has(name),
        );
      // Spec: a change that would break what users stored asks first, and deletes nothing.
      const refuse = body.ConfirmBreaking !== true && removed.size > 0;
      const seed = (await seededColumns(auth.database)).get(entity) ?? current.columns;
      const result = await auth.database.stores.datasources.publish({
        key: entity,
        baseVersion: body.BaseVersion,
        json: JSON.stringify(body.Columns),
        publishedAt: new Date(now()).toISOString(),
        publishedBy: auth.user.name,
        changeNote: body.ChangeNote,
        seed: {
          key: entity,
          version: 1,
          json: JSON.stringify(seed),
          publishedAt: SEED_PUBLISHED_AT,
          publishedBy: SEED_PUBLISHED_BY,
          changeNote: SEED_CHANGE_NOTE,
        },
        refuseFilters: refuse
          ? {
              forms: [...own.keys()],
              broken: (filters) =>
                filters.filter((filter) => brokenColumns(filter).length > 0).map((f) => f.id),
            }
          : null,
      });
      if (!result.ok) {
        if (result.reason === 'missing') throw unknownEntity(entity);
        if (result.reason === 'stale') throw conflict(result.currentVersion);
        const ids = new Set(result.ids);
        const filters = (await auth.database.stores.filterAdmin.listOfForms([...own.keys()]))
          .filter((filter) => ids.has(filter.id))
          .map(
            (filter): BrokenFilter => ({
              Id: filter.id,
              WebTemplateNo: filter.webTemplateNo,
              Name: filter.name,
              OwnerName: filter.ownerName,
              Columns: brokenColumns(filter),
            }),
          );
        throw breaking(filters);
      }
      const { version } = result;
      return {
        Entity: entity,
        Version: version.version,
        PublishedAt: version.publishedAt,
        PublishedBy: version.publishedBy,
        ChangeNote: version.changeNote,
        Columns: body.Columns,
      };
    },

    async forForm(auth, no, atIso) {
      const { definition, permissions } = await forms.openForm(auth, no, atIso);
      const read = await readDatasource(auth.database, definition.Entity, { atIso });
      if (!read) throw unknownEntity(definition.Entity);
      const results = flattenElements(definition).find((element) => element.Kind === 'results');
      const target =
        results?.Kind === 'results' && results.OpenWebTemplateNo !== undefined
          ? await forms.loadDefinition(auth.database, results.OpenWebTemplateNo, atIso)
          : null;
      const targetPermissions = target ? await forms.permissionsOf(auth, target) : new Map();
      const own = valueElements(definition);
      const opened = target ? valueElements(target) : new Map();
      // A value hidden for the user on the search form or the form the rows open stays unseen.
      const columns = read.columns
        .filter(
          (column) => !permissions.get(column.Name)?.hidden && !targetPermissions.get(column.Name)?.hidden,
        )
        .map((column) => ({ ...column, Element: columnElement(column, own, opened) }));
      return { Entity: read.entity, Version: read.version, Columns: columns };
    },
  };
}
