import {
  type ApiIssue,
  type FieldValues,
  flattenElements,
  type LeafElement,
  ValidationCode,
  type ValueElement,
} from '@procedo/client-api';
import { validationFailure } from '../forms/form-errors';
import type { FormsService } from '../forms/forms-service';
import type { AuthContext } from '../session/session-service';
import { onlyVisible, valueElements } from './record-writes';
import type { RecordFilter } from './records-store';

/** A search-form request: the text, one page, and `{Name}` filters. */
export interface SearchQuery {
  text: string;
  page: number;
  pageSize?: number;
  filters: Record<string, string>;
}

/** One page of search results. */
export interface SearchPage {
  Rows: { Id: number; Values: FieldValues }[];
  Page: number;
  PageSize: number;
  Total: number;
}

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

/** `GET forms/{no}/search`: current, not deleted records of the form's entity, one page. */
export async function searchRecords(
  forms: FormsService,
  auth: AuthContext,
  webTemplateNo: number,
  query: SearchQuery,
): Promise<SearchPage> {
  const { definition, permissions, visible, columns } = await forms.openForm(auth, webTemplateNo);
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
      // A row carries the result columns the user may see; a form without results its fields.
      Values: onlyVisible(row.values, columns ?? visible),
    })),
    Page: query.page,
    PageSize: pageSize,
    Total: total,
  };
}
