import {
  type DatasourceColumn,
  DatasourceColumnSchema,
  type FormDefinition,
  FormDefinitionSchema,
  type ValueElement,
} from '@procedo/client-api';
import { z } from 'zod';
import type { DatabaseEntry } from '../../db/catalog';
import { seedDatasources } from './datasource-seed';
import type { StoredDatasourceVersion } from './datasource-store';

/** Who and when version 1 of a datasource is: the seed, in force since the epoch like seeded forms. */
export const SEED_PUBLISHED_AT = '1970-01-01T00:00:00.000Z';
export const SEED_PUBLISHED_BY = 'system';
export const SEED_CHANGE_NOTE = 'Seeded datasource';

/** One version of a datasource as the server reads it. */
export interface DatasourceVersion {
  entity: string;
  version: number;
  publishedAt: string;
  publishedBy: string;
  changeNote: string;
  columns: DatasourceColumn[];
}

const ColumnsSchema = z.array(DatasourceColumnSchema);

// Version 1 is derived from the forms' version 1, which never changes: worked out once per database.
const seeds = new WeakMap<DatabaseEntry, Promise<Map<string, DatasourceColumn[]>>>();

/** Every form's version 1 (as seeded). */
async function seededDefinitions(database: DatabaseEntry): Promise<FormDefinition[]> {
  const store = database.stores.definitionVersions;
  const current = await store.listCurrent();
  const firsts = await Promise.all(current.map((row) => store.get(row.key, 1)));
  return firsts.flatMap((row) => (row ? [FormDefinitionSchema.parse(JSON.parse(row.json))] : []));
}

/** Each entity's version 1 columns. */
export function seededColumns(database: DatabaseEntry): Promise<Map<string, DatasourceColumn[]>> {
  let found = seeds.get(database);
  if (!found) {
    found = seededDefinitions(database).then(seedDatasources);
    // A failed read is tried again next time rather than remembered.
    found.catch(() => seeds.delete(database));
    seeds.set(database, found);
  }
  return found;
}

/** A stored version's columns; one this server cannot read is a server fault (500, logged). */
export function parseStored(database: DatabaseEntry, stored: StoredDatasourceVersion): DatasourceVersion {
  const parsed = ColumnsSchema.safeParse(JSON.parse(stored.json));
  if (!parsed.success) {
    throw new Error(
      `Datasource ${stored.key} version ${stored.version} in database ${database.id} is not valid`,
      { cause: parsed.error },
    );
  }
  return {
    entity: stored.key,
    version: stored.version,
    publishedAt: stored.publishedAt,
    publishedBy: stored.publishedBy,
    changeNote: stored.changeNote,
    columns: parsed.data,
  };
}

/** Version 1 of an entity: the seed; null for an entity no form has. */
export async function seedVersion(
  database: DatabaseEntry,
  entity: string,
): Promise<DatasourceVersion | null> {
  const columns = (await seededColumns(database)).get(entity);
  if (!columns) return null;
  return {
    entity,
    version: 1,
    publishedAt: SEED_PUBLISHED_AT,
    publishedBy: SEED_PUBLISHED_BY,
    changeNote: SEED_CHANGE_NOTE,
    columns,
  };
}

/**
 * The datasource version of `entity` in force now, or at `atIso`, or the numbered `version`;
 * null when there is none (an unknown entity, or a version never published).
 */
export async function readDatasource(
  database: DatabaseEntry,
  entity: string,
  at: { atIso?: string | undefined; version?: number | undefined } = {},
): Promise<DatasourceVersion | null> {
  const store = database.stores.datasources;
  let number = at.version;
  if (number === undefined && at.atIso !== undefined) number = (await store.versionAt(entity, at.atIso)) ?? 1;
  const stored = number === undefined ? await store.latest(entity) : await store.get(entity, number);
  if (stored) return parseStored(database, stored);
  // Before its first publish an entity is at its seed, version 1.
  if (number !== undefined && number !== 1) return null;
  if (number === undefined || (await store.latest(entity)) === null) return seedVersion(database, entity);
  return null;
}

/**
 * The element a datasource column is searched and filtered as: the form's own element of that
 * name, else the element of the form the rows open, else one of the column's kind (a list or a
 * picker column without an element to take its options or source from is searched as text).
 */
export function columnElement(
  column: DatasourceColumn,
  own: ReadonlyMap<string, ValueElement>,
  target: ReadonlyMap<string, ValueElement>,
): ValueElement {
  const element = own.get(column.Name) ?? target.get(column.Name);
  if (element) return element;
  const kind = column.Kind === 'select' || column.Kind === 'picker' ? 'text' : column.Kind;
  return { Kind: kind, Name: column.Name, Label: column.Caption } as ValueElement;
}
