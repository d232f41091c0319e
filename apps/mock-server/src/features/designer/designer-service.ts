import {
  type ApiIssue,
  type FormDefinition,
  FormDefinitionSchema,
  flattenElements,
  isValueElement,
} from '@procedo/client-api';
import {
  type BreakingChange,
  type DefinitionDiff,
  type DefinitionVersionList,
  type DesignerForm,
  type DesignerFormList,
  definitionProblems,
  diffDefinitions,
  type PublishedVersion,
  type PublishFormRequestSchema,
} from '@procedo/client-api/designer';
import type { z } from 'zod';
import type { DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../errors/app-error';

import type { FormsService } from '../forms/forms-service';
import { PICKER_SOURCES } from '../records/entities';
import type { AuthContext } from '../session/session-service';
import type { StoredDefinitionVersion } from './definition-versions-store';
import { createVersionedDefinitions, stampOf } from './versioned-definitions';

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

/** Form definitions as the designer's versioned kind; the key is the form's `WebTemplateNo`. */
const forms = createVersionedDefinitions<FormDefinition, StoredDefinitionVersion>({
  noun: 'form',
  conflictNoun: 'form',
  store: (database) => database.stores.definitionVersions,
  parse(database, stored) {
    const parsed = FormDefinitionSchema.safeParse(JSON.parse(stored.json));
    if (!parsed.success || parsed.data.WebTemplateNo !== stored.key) {
      throw new Error(
        `Form ${stored.key} version ${stored.version} in database ${database.id} is not a valid definition`,
        { cause: parsed.error },
      );
    }
    return parsed.data;
  },
  diff: diffDefinitions,
});

const toDesignerForm = (database: DatabaseEntry, stored: StoredDefinitionVersion): DesignerForm => ({
  WebTemplateNo: stored.key,
  ...stampOf(stored),
  Definition: forms.parse(database, stored),
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

/** Creates the {@link DesignerService}. */
export function createDesignerService(options: {
  now: () => number;
  forms: FormsService;
  /** Tells every server that a database's definitions changed (they drop their caches of it). */
  definitionsChanged: (database: string) => Promise<void>;
}): DesignerService {
  const { now } = options;

  return {
    async list(auth) {
      const rows = await auth.database.stores.definitionVersions.listCurrent();
      return {
        Items: rows.map((row) => {
          const { Name, Title, Kind, Entity } = forms.parse(auth.database, row);
          return {
            WebTemplateNo: row.key,
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
      return toDesignerForm(auth.database, await forms.stored(auth.database, no));
    },

    versions: forms.versions,

    async version(auth, no, version) {
      return toDesignerForm(auth.database, await forms.stored(auth.database, no, version));
    },

    diff: forms.diff,

    async publish(auth, no, body) {
      const store = auth.database.stores.definitionVersions;
      const draft = body.Definition;
      const { current } = await forms.checkDraft(auth, no, body.BaseVersion, (current) =>
        publishIssues(no, draft, current),
      );

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
        key: no,
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
        if (result.reason === 'values') {
          throw breakingChange(
            result.names.map((name) => ({ Element: name, Reason: 'removed-with-values' })),
          );
        }
        throw forms.refusal(no, result);
      }
      // Template.CacheRefresh, on every server: every page's next load reads the new version.
      await options.definitionsChanged(auth.database.id);
      return { ...stampOf(result.version), Definition: draft };
    },
  };
}
