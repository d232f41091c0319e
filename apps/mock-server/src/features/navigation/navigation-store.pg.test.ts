import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { sameAnswers } from '../../testing/same-answers';
import { createSqliteNavigationStore } from './navigation-store';
import { createPgNavigationStore } from './navigation-store.pg';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases();
});
afterAll(() => both?.close());

describe('NavigationStore on PostgreSQL', () => {
  it('finds profiles and lists each tree roots first, by parent and position, as SQLite', async () => {
    const same = sameAnswers(createSqliteNavigationStore(both.sqlite), createPgNavigationStore(both.pg));
    const profiles = both.sqlite
      .prepare<[], { id: number }>('SELECT id FROM profiles')
      .all()
      .map((row) => row.id);
    for (const id of [...profiles, 424242]) {
      await same((s) => s.findProfile(id), `profile ${id}`);
      await same((s) => s.listNodes(id), `tree ${id}`);
    }
    const tree = await createPgNavigationStore(both.pg).listNodes(profiles[0]!);
    expect(tree.some((node) => node.parentId !== null)).toBe(true);
  });
});
