import {
  type DatasourceColumn,
  type DatasourceValueKind,
  DatasourceValueKindSchema,
} from '@procedo/client-api';

/** The value kinds a datasource column may hold, in the order the property editor offers them. */
export const DATASOURCE_KINDS: readonly DatasourceValueKind[] = DatasourceValueKindSchema.options;

/** A column being designed: the wire column and a key that stays the same as it moves. */
export interface DraftColumn {
  key: string;
  column: DatasourceColumn;
}

/** A problem of a draft column, as the server would name it (`['Columns', i, property]`). */
export interface ColumnProblem {
  index: number;
  property:
    | 'Name'
    | 'Caption'
    | 'Kind'
    | 'DataFormId'
    | 'WorkflowId'
    | 'Description'
    | 'DataTextColumn'
    | null;
  message: string;
}

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The problems the server's schema and rules would find without asking it: names and captions. */
export function columnProblems(columns: readonly DatasourceColumn[]): ColumnProblem[] {
  const problems: ColumnProblem[] = [];
  const seen = new Set<string>();
  columns.forEach((column, index) => {
    if (!NAME.test(column.Name)) {
      problems.push({
        index,
        property: 'Name',
        message: 'A column name is a letter then letters, digits or _',
      });
    } else if (seen.has(column.Name)) {
      problems.push({ index, property: 'Name', message: 'Another column has this name.' });
    }
    seen.add(column.Name);
    if (column.Caption.trim() === '')
      problems.push({ index, property: 'Caption', message: 'Enter a caption' });
  });
  return problems;
}

/** Moves the column at `index` by `by` places; the list is unchanged when it would leave it. */
export function moveColumn<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

const PROPERTIES = new Set([
  'Name',
  'Caption',
  'Kind',
  'DataFormId',
  'WorkflowId',
  'Description',
  'DataTextColumn',
]);

/** A publish rejection read by shape: issues at columns, a conflict, the saved filters it would break. */
export type DatasourcePublishFailure =
  | { kind: 'issues'; problems: ColumnProblem[]; other: string[] }
  | { kind: 'conflict'; currentVersion: number | null }
  | { kind: 'breaking'; filters: { Id: number; Name: string; OwnerName: string; Columns: string[] }[] }
  | { kind: 'other'; message: string };

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;

/** Reads a rejection of the designer's `onPublish` (the client's errors or a body of the same shape). */
export function readDatasourceFailure(error: unknown): DatasourcePublishFailure {
  const top = record(error);
  const body = record(top?.body);
  const code = top?.code ?? body?.Code;
  if (code === 'CONFLICT') {
    const version = top?.currentVersion ?? body?.CurrentVersion;
    return { kind: 'conflict', currentVersion: typeof version === 'number' ? version : null };
  }
  if (code === 'BREAKING_CHANGE' || top?.isDatasourceBreaking === true) {
    const list = top?.filters ?? body?.Filters;
    const filters = Array.isArray(list)
      ? list.flatMap((item) => {
          const entry = record(item);
          return entry && typeof entry.Name === 'string'
            ? [
                {
                  Id: Number(entry.Id),
                  Name: entry.Name,
                  OwnerName: String(entry.OwnerName ?? ''),
                  Columns: Array.isArray(entry.Columns) ? entry.Columns.map(String) : [],
                },
              ]
            : [];
        })
      : [];
    return { kind: 'breaking', filters };
  }
  const issues = top?.issues ?? body?.Issues;
  if (Array.isArray(issues) && issues.length > 0) {
    const problems: ColumnProblem[] = [];
    const other: string[] = [];
    for (const item of issues) {
      const issue = record(item);
      if (!issue) continue;
      const path = Array.isArray(issue.path) ? issue.path : [];
      const message = String(issue.message ?? '');
      if (path[0] === 'Columns' && typeof path[1] === 'number') {
        const property = typeof path[2] === 'string' && PROPERTIES.has(path[2]) ? path[2] : null;
        problems.push({ index: path[1], property: property as ColumnProblem['property'], message });
      } else other.push(message);
    }
    return { kind: 'issues', problems, other };
  }
  return { kind: 'other', message: String(body?.Message ?? top?.message ?? error) };
}
