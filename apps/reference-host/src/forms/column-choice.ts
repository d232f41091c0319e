/**
 * The result list's chosen columns, kept as the control runtime property `Columns` of the results
 * element (spec §3: cookies keyed by web template, control name and property).
 */

/** The control runtime property holding the chosen columns. */
export const COLUMNS_PROPERTY = 'Columns';

/**
 * Reads the stored choice: column names separated by commas, in order. Unknown names and
 * repeats are dropped (the form's columns may have changed); nothing stored, or nothing left,
 * means the `defaults` (the form's own columns, when `columns` also holds the datasource's
 * others), every column in the form's order.
 */
export function readColumnChoice(
  stored: string | null,
  columns: readonly { Name: string }[],
  defaults: readonly { Name: string }[] = columns,
): string[] {
  const known = new Set(columns.map((column) => column.Name));
  const chosen = [...new Set((stored ?? '').split(','))].filter((name) => known.has(name));
  return chosen.length > 0 ? chosen : defaults.map((column) => column.Name);
}

/** The text stored for a choice; `null` (forget the property) when it is every column in the form's order, or none. */
export function formatColumnChoice(
  chosen: readonly string[],
  columns: readonly { Name: string }[],
): string | null {
  const isDefault =
    chosen.length === 0 ||
    (chosen.length === columns.length && chosen.every((name, index) => name === columns[index]?.Name));
  return isDefault ? null : chosen.join(',');
}

/** The columns shown, in the chosen order; with none chosen, every column (a list needs its link column). */
export function shownColumns<C extends { Name: string }>(
  columns: readonly C[],
  chosen: readonly string[],
): C[] {
  const byName = new Map(columns.map((column) => [column.Name, column]));
  const shown = chosen.flatMap((name) => {
    const column = byName.get(name);
    return column ? [column] : [];
  });
  return shown.length > 0 ? shown : [...columns];
}
