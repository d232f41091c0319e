import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { sameAnswers } from '../../testing/same-answers';
import { createSqliteResourceStore } from './resources-store';
import { createPgResourceStore } from './resources-store.pg';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases();
});
afterAll(() => both?.close());

describe('ResourceStore on PostgreSQL', () => {
  it('lists every component of the seed in name order, and nothing for an unknown one, as SQLite', async () => {
    const same = sameAnswers(createSqliteResourceStore(both.sqlite), createPgResourceStore(both.pg));
    const components = both.sqlite
      .prepare<[], { component_name: string }>('SELECT DISTINCT component_name FROM resources')
      .all()
      .map((row) => row.component_name);
    expect(components.length).toBeGreaterThan(0);
    for (const name of [...components, 'no such component', ''])
      await same((s) => s.listComponent(name), name);
  });
});
