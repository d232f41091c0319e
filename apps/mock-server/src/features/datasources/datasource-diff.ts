import type { DatasourceColumn } from '@procedo/client-api';
import type { DatasourceChange } from '@procedo/client-api/designer';

const PROPERTIES = ['Caption', 'Description', 'DataTextColumn', 'DataFormId', 'WorkflowId', 'Kind'] as const;

/**
 * What changed from columns `a` to `b`, by column name: removed, added, each property changed,
 * and moved (a kept column whose place among the kept columns changed).
 */
export function diffColumns(
  a: readonly DatasourceColumn[],
  b: readonly DatasourceColumn[],
): DatasourceChange[] {
  const before = new Map(a.map((column) => [column.Name, column]));
  const after = new Map(b.map((column) => [column.Name, column]));
  const changes: DatasourceChange[] = [];
  for (const column of a)
    if (!after.has(column.Name)) changes.push({ Column: column.Name, Change: 'removed' });
  for (const column of b)
    if (!before.has(column.Name)) changes.push({ Column: column.Name, Change: 'added' });
  const keptBefore = a.filter((column) => after.has(column.Name)).map((column) => column.Name);
  const keptAfter = b.filter((column) => before.has(column.Name)).map((column) => column.Name);
  for (const [index, name] of keptAfter.entries()) {
    const old = before.get(name)!;
    const next = after.get(name)!;
    if (keptBefore[index] !== name)
      changes.push({ Column: name, Change: 'moved', Before: keptBefore.indexOf(name), After: index });
    for (const property of PROPERTIES) {
      if (old[property] === next[property]) continue;
      changes.push({
        Column: name,
        Change: 'changed',
        Property: property,
        ...(old[property] === undefined ? {} : { Before: old[property] }),
        ...(next[property] === undefined ? {} : { After: next[property] }),
      });
    }
  }
  return changes;
}
