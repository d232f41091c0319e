import type { ConditionDialect } from './record-conditions';

// The JSON node at a path bound as text[] (`{Field}` or `{Field,Id}`).
const node = (column: string, path: string) => `(${column}::jsonb #> ${path}::text[])`;

/**
 * PostgreSQL's reading of a JSON field, to answer as SQLite's `json_extract` does: a JSON number
 * compares as a number (numeric), a boolean as 1/0, anything else as its text — byte order
 * (COLLATE "C", as SQLite's BINARY) and lower() folding ASCII only, as SQLite's does.
 */
export const PG_CONDITIONS: ConditionDialect = {
  path: (parts) => parts,
  value: (column, path, kind) => {
    if (kind === 'number')
      return `CASE WHEN jsonb_typeof(${node(column, path)}) = 'number' THEN (${node(column, path)} #>> '{}')::numeric END`;
    if (kind === 'checkbox')
      return `CASE ${node(column, path)} WHEN 'true'::jsonb THEN 1 WHEN 'false'::jsonb THEN 0 END`;
    return PG_CONDITIONS.text(column, path);
  },
  text: (column, path) => `((${column}::jsonb #>> ${path}::text[]) COLLATE "C")`,
  isNumber: (column, path) => `jsonb_typeof(${node(column, path)}) = 'number'`,
  false: 'false',
  inList: (x, param) => `${x} IN (SELECT jsonb_array_elements_text(${param}::jsonb))`,
  equals: (column, path, param) => `${node(column, path)} = ${param}::jsonb`,
  equalsValue: (value) => JSON.stringify(value),
};
