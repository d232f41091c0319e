import {
  type DatasourceColumn,
  type DatasourceValueKind,
  type FormDefinition,
  flattenElements,
  isValueElement,
} from '@procedo/client-api';

/**
 * Each entity's datasource version 1, derived from the forms as seeded (their version 1): the
 * columns of the entity's search forms' result lists, in form and list order, then every other
 * value field of its record forms, captioned with its label. A column's kind is its element's on
 * the entity's forms (a result column with no element anywhere is text).
 */
export function seedDatasources(definitions: readonly FormDefinition[]): Map<string, DatasourceColumn[]> {
  const byEntity = new Map<string, DatasourceColumn[]>();
  const kinds = new Map<string, Map<string, DatasourceValueKind>>();
  const sorted = [...definitions].sort((a, b) => a.WebTemplateNo - b.WebTemplateNo);
  for (const definition of sorted) {
    const entityKinds = kinds.get(definition.Entity) ?? new Map<string, DatasourceValueKind>();
    kinds.set(definition.Entity, entityKinds);
    for (const element of flattenElements(definition)) {
      if (isValueElement(element) && !entityKinds.has(element.Name))
        entityKinds.set(element.Name, element.Kind);
    }
  }
  const add = (entity: string, column: Omit<DatasourceColumn, 'Kind'>) => {
    const columns = byEntity.get(entity) ?? [];
    byEntity.set(entity, columns);
    if (columns.some((existing) => existing.Name === column.Name)) return;
    columns.push({ ...column, Kind: kinds.get(entity)?.get(column.Name) ?? 'text' });
  };
  for (const definition of sorted) {
    if (definition.Kind !== 'search') continue;
    for (const element of flattenElements(definition)) {
      if (element.Kind !== 'results') continue;
      for (const column of element.Columns) add(definition.Entity, column);
    }
  }
  for (const definition of sorted) {
    if (definition.Kind !== 'record') continue;
    for (const element of flattenElements(definition)) {
      if (isValueElement(element))
        add(definition.Entity, { Name: element.Name, Caption: element.Label || element.Name });
    }
  }
  return byEntity;
}
