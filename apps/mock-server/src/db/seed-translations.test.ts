import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { databaseTexts, seedTranslationsIfNeeded } from './seed-translations';
import { GERMAN } from './seed-translations-de';
import { openSqlite } from './sqlite';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const withDb = <T>(database: string, run: (db: ReturnType<typeof openSqlite>) => T): T => {
  const db = openSqlite(path.join(server.dataDir, `${database}.sqlite`));
  try {
    return run(db);
  } finally {
    db.close();
  }
};

describe('the German of the demo', () => {
  it.each(['demo', 'training'])(
    'covers every title, label, tab, column header and navigation text of %s',
    (database) => {
      withDb(database, (db) => {
        const texts = databaseTexts(db);
        expect(texts.length).toBeGreaterThan(50);
        expect(texts.filter(({ text }) => !Object.hasOwn(GERMAN, text)).map(({ text }) => text)).toEqual([]);
        const stored = db
          .prepare<[], { n: number }>("SELECT count(*) AS n FROM translations WHERE lang_code = 'de'")
          .get()!.n;
        expect(stored).toBe(texts.length);
      });
    },
  );

  it('seeds once per database, also into an existing one, and keeps a translation a user saved', () => {
    withDb('training', (db) => {
      // A database from before translations: no seed mark, one user's own translation.
      db.prepare("DELETE FROM meta WHERE key = 'translations_seeded_at'").run();
      db.prepare('DELETE FROM translations').run();
      db.prepare(
        `INSERT INTO translations (lang_code, db_entity_id, parent_id, property_id, element_name, text, updated_by, updated_at_utc)
         VALUES ('de', 1, 102, 1, 'Country', 'Staat', 'translator', '2026-01-01T00:00:00.000Z')`,
      ).run();
      expect(seedTranslationsIfNeeded(db, Date.now())).toBe(true);
      expect(seedTranslationsIfNeeded(db, Date.now())).toBe(false);
      const country = db
        .prepare(
          "SELECT text FROM translations WHERE lang_code = 'de' AND parent_id = 102 AND property_id = 1 AND element_name = 'Country'",
        )
        .get();
      expect(country).toEqual({ text: 'Staat' });
      const stored = db
        .prepare<[], { n: number }>("SELECT count(*) AS n FROM translations WHERE lang_code = 'de'")
        .get()!.n;
      expect(stored).toBe(databaseTexts(db).length);
    });
  });
});
