import type { FieldValues } from '@procedo/client-api';

/** The search filters of a search form's values: empties and unticked boxes mean "any". */
export function searchFilters(values: FieldValues): FieldValues {
  const filters: FieldValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === '' || value === false) continue;
    filters[name] = value;
  }
  return filters;
}
