import {
  type ApiIssue,
  type FormElement,
  flattenElements,
  type LeafElement,
  type PickerValue,
} from '@procedo/client-api';
import { AppError } from '../../errors/app-error';
import { notFound, validationFailure } from '../forms/form-errors';
import type { FormsService } from '../forms/forms-service';
import { PICKER_SOURCES } from '../records/entities';
import { pickerTimeLimitMessage, stoppedSearch } from '../records/record-search';
import type { AuthContext } from '../session/session-service';

/** Rows a picker search answers at most. */
export const PICKER_LIMIT = 20;

/** A picker search request. */
export interface PickerQuery {
  source: string;
  text: string;
  /** `dep.{Name}` values: the ids of the pickers this one depends on. */
  deps: Record<string, string>;
  /** As the records were at this instant (ISO UTC). @default now */
  atIso?: string | undefined;
  /** The form and picker element asking, for its MinLength and permissions. */
  webTemplateNo?: number;
  element?: string;
}

/** Picker searches (`GET pickers/{source}`): record titles of a source entity. */
export interface PickersService {
  search(auth: AuthContext, query: PickerQuery): Promise<{ Items: PickerValue[]; HasMore: boolean }>;
}

/** Creates the {@link PickersService}. */
export function createPickersService(options: { forms: FormsService }): PickersService {
  const { forms } = options;
  return {
    async search(auth, query) {
      const source = PICKER_SOURCES[query.source];
      if (!Object.hasOwn(PICKER_SOURCES, query.source) || !source)
        throw notFound(`Unknown picker source '${query.source}'`);
      let minLength = 1;
      if (query.webTemplateNo !== undefined && query.element !== undefined) {
        const { definition, permissions } = await forms.openForm(auth, query.webTemplateNo);
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
        if (permissions.get(element.Name)?.hidden) {
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
      const { items, hasMore } = await auth.database.stores.records
        .searchTitles({
          entity: source.entity,
          text: query.text,
          parentId,
          limit: PICKER_LIMIT,
          ...(query.atIso === undefined ? {} : { atIso: query.atIso }),
        })
        .catch((error: unknown) => stoppedSearch(error, pickerTimeLimitMessage));
      return { Items: items.map((item) => ({ Id: String(item.id), Text: item.title })), HasMore: hasMore };
    },
  };
}
