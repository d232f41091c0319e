import type { DatabaseEntry } from '../../db/catalog';
import type { ResourceRecord } from './resources-store';

/** The texts of a resource component, or null when the database has no such component. */
export async function getResourceComponent(
  database: DatabaseEntry,
  componentName: string,
): Promise<ResourceRecord[] | null> {
  const texts = await database.stores.resources.listComponent(componentName);
  return texts.length > 0 ? texts : null;
}
