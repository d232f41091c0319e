import { type FormDefinition, flattenElements } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { formDefinitions } from '../../db/form-seed-data';
import { searchableFields } from './search-page-query';
import { SEEDED_SORT_COLUMNS, sortKindOf } from './search-sort';

// A sort reads its index only when the query's expression is the index's: the kind the service
// derives for each result column of a seeded search form must be the kind its index was made with.

describe('the sort indexes of the seeded search forms', () => {
  it('cover every result column with the kind the search sorts it by', () => {
    const forms = new Map(formDefinitions('full').map((form) => [form.WebTemplateNo, form]));
    const indexed = new Map(SEEDED_SORT_COLUMNS.map((c) => [`${c.entity}.${c.name}`, c.kind]));
    let checked = 0;
    for (const form of forms.values()) {
      const results = flattenElements(form).find((element) => element.Kind === 'results');
      if (results?.Kind !== 'results') continue;
      const opened = forms.get(results.OpenWebTemplateNo ?? 0) as FormDefinition;
      const columns = new Set(results.Columns.map((column) => column.Name));
      const fields = searchableFields(form, new Map(), columns, {
        definition: opened,
        permissions: new Map(),
      });
      for (const name of columns) {
        expect(indexed.get(`${form.Entity}.${name}`), `${form.Entity}.${name}`).toBe(
          sortKindOf(fields.get(name)?.Kind),
        );
        checked += 1;
      }
    }
    expect(checked).toBe(SEEDED_SORT_COLUMNS.length);
  });
});
