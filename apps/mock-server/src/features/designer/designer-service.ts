import {
  type ApiIssue,
  type BreakingChange,
  type DefinitionDiff,
  type DefinitionVersionList,
  type DesignerForm,
  type DesignerFormList,
  definitionProblems,
  diffDefinitions,
  type FormDefinition,
  FormDefinitionSchema,
  flattenElements,
  isValueElement,
  type PublishedVersion,
  type PublishFormRequestSchema,
} from '@procedo/client-api';
import type { z } from 'zod';
import type { DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../errors/app-error';
import { notFound, validationFailure } from '../forms/form-errors';
import type { FormsService } from '../forms/forms-service';
import { PICKER_SOURCES } from '../records/entities';
import type { AuthContext } from '../session/session-service';
import type { StoredDefinitionVersion } from './definition-versions-store';

/** A parsed publish body. */
export type PublishBody = z.output<typeof PublishFormRequestSchema>;

/**
 * The form designer's service: the published versions of form definitions, their diffs, and
 * publishing a new version (issue 16). The caller has checked the `design` role.
 */
export interface DesignerService {
  list(auth: AuthContext): Promise<DesignerFormList>;
  /** The version in force now; 404 for an unknown form. */
  get(auth: AuthContext, webTemplateNo: number): Promise<DesignerForm>;
  versions(auth: AuthContext, webTemplateNo: number): Promise<DefinitionVersionList>;
  version(auth: AuthContext, webTemplateNo: number, version: number): Promise<DesignerForm>;
  diff(auth: AuthContext, webTemplateNo: number, from: number, to: number): Promise<DefinitionDiff>;
  /**
   * Publishes `body.Definition` as the form's next version: 409 `CONFLICT` on a stale
   * `BaseVersion`, 400 `VALIDATION` naming each problem's element, 409 `BREAKING_CHANGE` for a
   * change that would break stored records unless confirmed; nothing stored in any of them.
   */
  publish(auth: AuthContext, webTemplateNo: number, body: PublishBody): Promise<PublishedVersion>;
}

const unknownForm = (no: number) => notFound(`Unknown form ${no}`);

/** A stored version as this server reads it; one it cannot read is a server fault (500, logged). */
function parseVersion(database: DatabaseEntry, stored: StoredDefinitionVersion): FormDefinition {
  const parsed = FormDefinitionSchema.safeParse(JSON.parse(stored.json));
  if (!parsed.success || parsed.data.WebTemplateNo !== stored.webTemplateNo) {
    throw new Error(
      `Form ${stored.webTemplateNo} version ${stored.version} in database ${database.id} is not a valid definition`,
      { cause: parsed.error },
    );
  }
  return parsed.data;
}

const toDesignerForm = (database: DatabaseEntry, stored: StoredDefinitionVersion): DesignerForm => ({
  WebTemplateNo: stored.webTemplateNo,
  Version: stored.version,
  PublishedAt: stored.publishedAt,
  PublishedBy: stored.publishedBy,
  ChangeNote: stored.changeNote,
  Definition: parseVersion(database, stored),
});

/**
 * The issues of a draft against the form it replaces, paths from the body (`['Definition', …]`):
 * the rules every draft keeps ({@link definitionProblems}), and what a version cannot change —
 * its number, and its entity and kind (the stored records are the entity's; a record form's
 * values are not a search form's criteria).
 */
function publishIssues(no: number, draft: FormDefinition, current: FormDefinition): ApiIssue[] {
  const issues = definitionProblems(draft).map((issue) => ({
    ...issue,
    path: ['Definition', ...issue.path],
  }));
  if (draft.WebTemplateNo !== no) {
    issues.push({
      code: 'custom',
      path: ['Definition', 'WebTemplateNo'],
      message: `This is form ${no}: the definition must keep its number`,
    });
  }
  for (const key of ['Entity', 'Kind'] as const) {
    if (draft[key] === current[key]) continue;
    issues.push({
      code: 'custom',
      path: ['Definition', key],
      message: `A new version cannot change the form's ${key} (${current[key]})`,
    });
  }
  const visit = (element: FormDefinition['Elements'][number], path: (string | number)[]) => {
    if (element.Kind === 'picker' && !(element.Source in PICKER_SOURCES)) {
      issues.push({
        code: 'custom',
        path: [...path, 'Source'],
        message: `No picker list is named ${element.Source}`,
      });
    }
    if (element.Kind !== 'tabs') return;
    element.Tabs.forEach((tab, t) => {
      tab.Elements.forEach((child, c) => {
        visit(child, [...path, 'Tabs', t, 'Elements', c]);
      });
    });
  };
  draft.Elements.forEach((element, i) => {
    visit(element, ['Definition', 'Elements', i]);
  });
  return issues;
}

function breakingChange(breaking: BreakingChange[]): AppError {
  const names = breaking.map((b) => b.Element).join(', ');
  return new AppError({
    status: 409,
    code: 'BREAKING_CHANGE',
    message: `This version would change how stored records read (${names}): their values are kept and older versions still show them. Confirm to publish it.`,
    extra: { Breaking: breaking },
  });
}

function conflict(currentVersion: number): AppError {
  return new AppError({
    status: 409,
    code: 'CONFLICT',
    message: `Another designer published version ${currentVersion} of this form first: nothing was stored. Open it and apply your changes again.`,
    extra: { CurrentVersion: currentVersion },
  });
}

/** Creates the {@link DesignerService}. */
export function createDesignerService(options: { now: () => number; forms: FormsService }): DesignerService {
  const { now, forms } = options;

  async function stored(database: DatabaseEntry, no: number, version?: number) {
    const store = database.stores.definitionVersions;
    const found = version === undefined ? await store.latest(no) : await store.get(no, version);
    if (found) return found;
    if (version === undefined || !(await store.latest(no))) throw unknownForm(no);
    throw notFound(`Form ${no} has no version ${version}`);
  }

  return {
    async list(auth) {
      const rows = await auth.database.stores.definitionVersions.listCurrent();
      return {
        Items: rows.map((row) => {
          const { Name, Title, Kind, Entity } = parseVersion(auth.database, row);
          return {
            WebTemplateNo: row.webTemplateNo,
            Name,
            Title,
            Kind,
            Entity,
            Version: row.version,
            PublishedAt: row.publishedAt,
            PublishedBy: row.publishedBy,
          };
        }),
      };
    },

    async get(auth, no) {
      return toDesignerForm(auth.database, await stored(auth.database, no));
    },

    async versions(auth, no) {
      const items = await auth.database.stores.definitionVersions.list(no);
      if (items.length === 0) throw unknownForm(no);
      return {
        Items: items.map((item) => ({
          Version: item.version,
          PublishedAt: item.publishedAt,
          PublishedBy: item.publishedBy,
          ChangeNote: item.changeNote,
        })),
      };
    },

    async version(auth, no, version) {
      return toDesignerForm(auth.database, await stored(auth.database, no, version));
    },

    async diff(auth, no, from, to) {
      const a = parseVersion(auth.database, await stored(auth.database, no, from));
      const b = parseVersion(auth.database, await stored(auth.database, no, to));
      return { From: from, To: to, Changes: diffDefinitions(a, b) };
    },

    async publish(auth, no, body) {
      const store = auth.database.stores.definitionVersions;
      const latest = await stored(auth.database, no);
      const current = parseVersion(auth.database, latest);
      const draft = body.Definition;
      // A draft's own problems first (like the schema's, checked on the body): the designer fixes
      // them whoever published meanwhile.
      const issues = publishIssues(no, draft, current);
      if (issues.length > 0) throw validationFailure(issues);
      if (latest.version !== body.BaseVersion) throw conflict(latest.version);

      // Spec: a change that would break stored records asks first, and never deletes a value.
      const drafted = new Map(flattenElements(draft).map((element) => [element.Name, element]));
      const removed =
        current.Kind === 'record'
          ? flattenElements(current)
              .filter((element) => isValueElement(element) && !drafted.has(element.Name))
              .map((element) => element.Name)
          : [];
      const kindChanged = flattenElements(current)
        .filter((element) => {
          const next = drafted.get(element.Name);
          return next !== undefined && next.Kind !== element.Kind;
        })
        .map((element): BreakingChange => ({ Element: element.Name, Reason: 'kind-changed' }));
      const confirmed = body.ConfirmBreaking === true;
      if (!confirmed) {
        const withValues = await store.namesWithValues(current.Entity, removed);
        const breaking = [
          ...withValues.map((name): BreakingChange => ({ Element: name, Reason: 'removed-with-values' })),
          ...kindChanged,
        ];
        if (breaking.length > 0) throw breakingChange(breaking);
      }

      const result = await store.publish({
        webTemplateNo: no,
        baseVersion: body.BaseVersion,
        schemaVersion: draft.schemaVersion,
        json: JSON.stringify(draft),
        publishedAt: new Date(now()).toISOString(),
        publishedBy: auth.user.name,
        changeNote: body.ChangeNote,
        // Checked again in the write: a record saved since may hold a value of a removed element.
        refuseValuesOf: confirmed || removed.length === 0 ? null : { entity: current.Entity, names: removed },
      });
      if (!result.ok) {
        if (result.reason === 'missing') throw unknownForm(no);
        if (result.reason === 'stale') throw conflict(result.currentVersion);
        throw breakingChange(result.names.map((name) => ({ Element: name, Reason: 'removed-with-values' })));
      }
      // Template.CacheRefresh: every page's next load reads the new version.
      forms.refreshCache();
      const { version } = result;
      return {
        Version: version.version,
        PublishedAt: version.publishedAt,
        PublishedBy: version.publishedBy,
        ChangeNote: version.changeNote,
        Definition: draft,
      };
    },
  };
}
