import type { ApiIssue, FieldValues, ValueElement } from '@procedo/client-api';
import type { AuthContext } from '../session/session-service';
import { indexFields, PICKER_SOURCES } from './entities';

const RECORD_ID = /^[1-9]\d{0,14}$/;

const pickerId = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && 'Id' in value && typeof value.Id === 'string'
    ? value.Id
    : null;

/**
 * Picker values must name a current, not deleted record of the picker's source entity, under the
 * record chosen in the picker it depends on; the stored `Text` is that record's title, never the
 * client's. Checks the pickers whose record (or whose parent's record) the write changes; a
 * picker left on its record keeps its stored value. Values of the wrong shape are left to the field rules.
 * Answers the values with server titles and an issue per picker that fails.
 */
export async function resolvePickers(options: {
  auth: AuthContext;
  fields: Map<string, ValueElement>;
  before: FieldValues;
  after: FieldValues;
}): Promise<{ values: FieldValues; issues: ApiIssue[] }> {
  const { auth, fields, before, after } = options;
  const values: FieldValues = { ...after };
  const issues: ApiIssue[] = [];
  // A picker value is its record: the same Id is the same value, whatever Text came with it.
  const changed = (name: string) => pickerId(before[name]) !== pickerId(after[name]);
  for (const element of fields.values()) {
    if (element.Kind !== 'picker') continue;
    const id = pickerId(after[element.Name]);
    if (id === null) continue;
    const parents = (element.DependsOn ?? []).filter((name) => fields.has(name));
    if (!changed(element.Name) && !parents.some(changed)) {
      values[element.Name] = before[element.Name] ?? null;
      continue;
    }
    const source = Object.hasOwn(PICKER_SOURCES, element.Source) ? PICKER_SOURCES[element.Source] : undefined;
    const record = RECORD_ID.test(id) ? await auth.database.stores.records.getCurrent(Number(id)) : null;
    if (!source || !record || record.isDeleted || record.entity !== source.entity) {
      issues.push({
        code: 'picker_not_found',
        path: ['Values', element.Name],
        message: `Choose ${element.Label} from the list: the value sent names no such record.`,
      });
      continue;
    }
    const index = indexFields(record.entity, record.values);
    // The one parent a source filters by (`dep.{Name}`, as the picker search does).
    const parent = parents.find((name) => name === source.dependsOn);
    const parentId = parent === undefined ? null : pickerId(after[parent]);
    if (parent !== undefined && parentId !== null && String(index.parentId) !== parentId) {
      issues.push({
        code: 'picker_parent_mismatch',
        path: ['Values', element.Name],
        message: `Choose ${element.Label} of the chosen ${fields.get(parent)?.Label ?? parent}.`,
      });
      continue;
    }
    values[element.Name] = { Id: String(record.id), Text: index.title };
  }
  return { values, issues };
}
