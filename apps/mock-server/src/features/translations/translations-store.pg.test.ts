import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { sameAnswers } from '../../testing/same-answers';
import { createSqliteTranslationStore, type TranslationKey } from './translations-store';
import { createPgTranslationStore } from './translations-store.pg';

let both: ParityDatabases;
beforeAll(async () => {
  both = await openParityDatabases();
});
afterAll(() => both?.close());

describe('TranslationStore on PostgreSQL', () => {
  it('lists languages and translations, saves with history, and refuses an unknown language as SQLite', async () => {
    const same = sameAnswers(createSqliteTranslationStore(both.sqlite), createPgTranslationStore(both.pg));
    await same((s) => s.listLanguages());
    const seeded = await same((s) => s.listForLanguage('de'));
    // The seed has German texts: the overlay's order is compared on real rows.
    expect('value' in seeded && seeded.value.length).toBeGreaterThan(5);
    await same((s) => s.listForLanguage('xx'));
    const first = 'value' in seeded ? seeded.value[0]! : null;
    const key: TranslationKey = first ?? { dbEntityId: 1, parentId: 1, propertyId: 1, elementName: 'x' };
    await same((s) => s.get(key, 'de'));
    await same((s) => s.get({ ...key, elementName: 'nothing' }, 'de'));
    const save = (text: string, updatedAt: string) =>
      same((s) => s.save({ ...key, langCode: 'de', text, updatedBy: 'translator', updatedAt }));
    await save('Erste', '2026-01-01T00:00:00.000Z');
    await save('Zweite', '2026-01-02T00:00:00.000Z');
    const fresh: TranslationKey = { dbEntityId: 9, parentId: 8, propertyId: 7, elementName: 'Neu' };
    await same((s) =>
      s.save({
        ...fresh,
        langCode: 'de',
        text: 'Neu',
        updatedBy: 'translator',
        updatedAt: '2026-01-03T00:00:00.000Z',
      }),
    );
    await same((s) => s.get(key, 'de'));
    await same((s) => s.history(key, 'de'));
    await same((s) => s.history(fresh, 'de'));
    await same((s) => s.listForLanguage('de'));
    // A language the database lacks: refused by the foreign key on both, and no history is kept.
    const refused = await same((s) =>
      s.save({
        ...fresh,
        langCode: 'xx',
        text: 'x',
        updatedBy: 'translator',
        updatedAt: '2026-01-04T00:00:00.000Z',
      }),
    );
    expect('error' in refused).toBe(true);
    await same((s) => s.history(fresh, 'xx'));
  });
});
