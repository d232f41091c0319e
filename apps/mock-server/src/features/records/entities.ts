import type { FieldValues } from '@procedo/client-api';

/**
 * How each business entity is indexed for pickers and search: the field whose text is the
 * record's title, and the picker field naming its parent (a product's supplier, a batch's
 * product). Records of other entities are stored and versioned all the same, untitled.
 */
export const ENTITY_INDEX: Readonly<Record<string, { titleField: string; parentField?: string }>> = {
  supplier: { titleField: 'Name' },
  product: { titleField: 'Name', parentField: 'Supplier' },
  batch: { titleField: 'BatchNo', parentField: 'Product' },
  deviation: { titleField: 'Title' },
  certificate: { titleField: 'Title' },
};

/** Picker sources (`GET pickers/{source}`): the entity searched and the `dep.{Name}` filter it takes. */
export const PICKER_SOURCES: Readonly<Record<string, { entity: string; dependsOn?: string }>> = {
  suppliers: { entity: 'supplier' },
  products: { entity: 'product', dependsOn: 'Supplier' },
  batches: { entity: 'batch', dependsOn: 'Product' },
};

/** The index columns of a record version. */
export interface RecordIndexFields {
  title: string;
  /** The title folded for case-insensitive prefix search. */
  searchKey: string;
  parentId: number | null;
}

/** Folds text for search: lower case, trimmed. */
export const searchKeyOf = (text: string): string => text.trim().toLowerCase();

/** The index columns of `values` for `entity`. */
export function indexFields(entity: string, values: FieldValues): RecordIndexFields {
  const config = ENTITY_INDEX[entity];
  const rawTitle = config ? values[config.titleField] : undefined;
  const title = typeof rawTitle === 'string' ? rawTitle.trim().slice(0, 500) : '';
  const parent = config?.parentField ? values[config.parentField] : undefined;
  const parentId =
    parent && typeof parent === 'object' && 'Id' in parent && /^\d+$/.test(parent.Id)
      ? Number(parent.Id)
      : null;
  return { title, searchKey: searchKeyOf(title), parentId };
}
