import {
  type FormDefinition,
  FormResponseSchema,
  LanguageListSchema,
  parseSiteMap,
  TranslationResultSchema,
} from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  command,
  readResponse,
  startSignedInServer,
  TestClient,
  type TestServer,
} from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let translator: TestClient;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
  translator = new TestClient(() => server.url);
  await translator.logon('translator');
});
afterAll(async () => {
  await server.close();
});

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

const historyCount = async () =>
  (await withDb((sql) => sql.get<{ n: number }>('SELECT count(*) AS n FROM translation_history')))!.n;

const key = (fields: {
  element: string;
  entity?: number;
  parent?: number;
  property?: number;
  lang?: string;
}) => ({
  CommandType: 'wtoElementExecCommand',
  CommandElementName: fields.element,
  DbEntityId: String(fields.entity ?? 1),
  ParentId: String(fields.parent ?? 102),
  PropertyId: String(fields.property ?? 1),
  ...(fields.lang === undefined ? {} : { LangCode: fields.lang }),
});

async function translationGet(client: TestClient, fields: Parameters<typeof key>[0], headers = {}) {
  return readResponse(
    await client.callback(command({ ...key(fields), CommandName: 'entity.translation.get' }), { headers }),
  );
}

async function translationSave(
  client: TestClient,
  fields: Parameters<typeof key>[0],
  text: string,
  headers = {},
) {
  return readResponse(
    await client.callback(
      command({ ...key(fields), CommandName: 'entity.translation.save', TranslationText: text }),
      { headers },
    ),
  );
}

const resultOf = (answer: Awaited<ReturnType<typeof readResponse>>) => {
  expect(answer.status, answer.body).toBe('OK');
  return TranslationResultSchema.parse(JSON.parse(answer.resultXml ?? ''));
};

async function formOf(client: TestClient, no: number): Promise<FormDefinition> {
  const response = await client.fetch(`api/v1/forms/${no}`);
  expect(response.status).toBe(200);
  return FormResponseSchema.parse(await response.json()).Definition;
}

function labelOf(definition: FormDefinition, name: string): string | undefined {
  for (const element of definition.Elements) {
    if (element.Name === name) return element.Label;
    if (element.Kind === 'tabs') {
      for (const tab of element.Tabs) {
        if (tab.Name === name) return tab.Label;
        const found = tab.Elements.find((child) => child.Name === name);
        if (found) return found.Label;
      }
    }
  }
  return undefined;
}

const captionsOf = (definition: FormDefinition) =>
  definition.Elements.flatMap((element) =>
    element.Kind === 'results' ? element.Columns.map((c) => c.Caption) : [],
  );

async function siteMapTitles(client: TestClient): Promise<string[]> {
  const answer = await readResponse(
    await client.callback(command({ CommandType: 'Profile.Navigation.SiteMap.Xml' })),
  );
  expect(answer.status).toBe('OK');
  return parseSiteMap(answer.resultXml ?? '').map((node) => node.title);
}

async function setLanguage(client: TestClient, language: string) {
  const response = await client.json('PATCH', 'api/v1/session/preferences', { language });
  expect(response.status).toBe(200);
}

describe('languages', () => {
  it('lists the database languages, the default (English) first', async () => {
    const response = await operator.fetch('api/v1/languages');
    expect(response.status).toBe(200);
    expect(LanguageListSchema.parse(await response.json()).Items).toEqual([
      { Code: 'en', Name: 'English', IsDefault: true },
      { Code: 'de', Name: 'Deutsch', IsDefault: false },
    ]);
  });

  it('needs a session', async () => {
    const response = await new TestClient(() => server.url).fetch('api/v1/languages');
    expect(response.status).toBe(401);
  });
});

describe('entity.translation.get and .save', () => {
  it('reads the seeded German of a label with its English text, saves a new one and reads it back', async () => {
    const before = resultOf(await translationGet(translator, { element: 'Country', lang: 'de' }));
    expect(before).toEqual({
      CommandElementName: 'Country',
      DbEntityId: 1,
      ParentId: 102,
      PropertyId: 1,
      LangCode: 'de',
      TranslationText: 'Land',
      IsTranslated: true,
      DefaultLangCode: 'en',
      DefaultText: 'Country',
    });
    const history = await historyCount();
    const saved = resultOf(await translationSave(translator, { element: 'Country', lang: 'de' }, 'Staat'));
    expect(saved.TranslationText).toBe('Staat');
    expect(
      resultOf(await translationGet(translator, { element: 'Country', lang: 'de' })).TranslationText,
    ).toBe('Staat');
    expect(await historyCount()).toBe(history + 1);
    const row = await withDb((sql) =>
      sql.get(
        "SELECT updated_by FROM translations WHERE lang_code = 'de' AND db_entity_id = 1 AND parent_id = 102 AND property_id = 1 AND element_name = 'Country'",
      ),
    );
    expect(row).toEqual({ updated_by: 'translator' });
  });

  it('reads in the default language as the definition’s own text', async () => {
    expect(resultOf(await translationGet(translator, { element: 'Country', lang: 'en' }))).toMatchObject({
      LangCode: 'en',
      TranslationText: 'Country',
      IsTranslated: true,
    });
  });

  it('refuses a user without translation-admin (403) and stores nothing', async () => {
    const history = await historyCount();
    const save = await translationSave(operator, { element: 'Country', lang: 'de' }, 'Gestohlen');
    expect(save).toMatchObject({
      http: 403,
      status: 'ERROR',
      message: 'You do not have the right to edit translations.',
    });
    const get = await translationGet(operator, { element: 'Country', lang: 'de' });
    expect(get.http).toBe(403);
    expect(await historyCount()).toBe(history);
  });

  it("answers an unknown LangCode with 'Unknown language' and stores nothing", async () => {
    const history = await historyCount();
    for (const answer of [
      await translationSave(translator, { element: 'Country', lang: 'xx' }, 'Land'),
      await translationGet(translator, { element: 'Country', lang: 'fr' }),
    ]) {
      expect(answer).toMatchObject({ http: 400, status: 'ERROR', message: 'Unknown language' });
    }
    expect(await historyCount()).toBe(history);
  });

  it('answers an unknown form, element, column, node or entity with a clear error and stores nothing', async () => {
    const history = await historyCount();
    const cases: [Parameters<typeof key>[0], number, string][] = [
      [{ element: 'Nope', lang: 'de' }, 404, "Form 102 has no element 'Nope' to translate"],
      [
        { element: 'Country', parent: 999, lang: 'de' },
        404,
        'Unknown form 999: there is nothing to translate',
      ],
      [
        { element: 'Results.Nope', parent: 101, property: 3, lang: 'de' },
        404,
        "Form 101 has no result column 'Results.Nope' to translate",
      ],
      [{ element: 'Country', property: 9, lang: 'de' }, 400, 'Unknown PropertyId 9 of a form'],
      [
        { element: 'Title', entity: 2, parent: 2, property: 99999, lang: 'de' },
        404,
        'Profile 2 has no navigation node 99999',
      ],
      [
        { element: 'Url', entity: 2, parent: 2, property: 1, lang: 'de' },
        400,
        "Unknown CommandElementName 'Url'",
      ],
      [{ element: 'Country', entity: 7, lang: 'de' }, 400, 'Unknown DbEntityId 7'],
    ];
    for (const [fields, http, message] of cases) {
      const answer = await translationSave(translator, fields, 'Etwas');
      expect(answer.http, message).toBe(http);
      expect(answer.status).toBe('ERROR');
      expect(answer.message).toContain(message);
    }
    expect(await historyCount()).toBe(history);
  });

  it('refuses a save in the default language and a form text over 200 characters', async () => {
    const history = await historyCount();
    const english = await translationSave(translator, { element: 'Country', lang: 'en' }, 'Nation');
    expect(english).toMatchObject({ http: 400, status: 'ERROR' });
    expect(english.message).toContain('English is the default language');
    const long = await translationSave(translator, { element: 'Country', lang: 'de' }, 'x'.repeat(201));
    expect(long).toMatchObject({ http: 400, message: "A form's texts are at most 200 characters" });
    expect(await historyCount()).toBe(history);
  });

  it('refuses a save at a timepoint (409) and still reads there', async () => {
    const history = await historyCount();
    const headers = { 'X-Procedo-Timepoint': '2024-01-01 00:00' };
    const save = await translationSave(translator, { element: 'Country', lang: 'de' }, 'Damals', headers);
    expect(save).toMatchObject({ http: 409, status: 'ERROR' });
    expect(await historyCount()).toBe(history);
    expect(
      resultOf(await translationGet(translator, { element: 'Country', lang: 'de' }, headers)).LangCode,
    ).toBe('de');
  });
});

describe('serving in the user’s language', () => {
  it('shows a German-preferring user German labels, title, column headers and navigation, falling back per text', async () => {
    const english = await formOf(operator, 101);
    expect(english.Title).toBe('Suppliers');
    expect(captionsOf(english)).toEqual(['Name', 'Country', 'Status']);
    expect(await siteMapTitles(operator)).toEqual(['Quality', 'Processes', 'Help']);

    // Cleared: Status of the results falls back to English while the rest stays German.
    resultOf(
      await translationSave(
        translator,
        { element: 'Results.Status', parent: 101, property: 3, lang: 'de' },
        '',
      ),
    );
    await setLanguage(operator, 'de');
    try {
      const german = await formOf(operator, 101);
      expect(german.Title).toBe('Lieferanten');
      expect(labelOf(german, 'Country')).toBe('Land');
      expect(captionsOf(german)).toEqual(['Name', 'Land', 'Status']);
      expect(await siteMapTitles(operator)).toEqual(['Qualität', 'Prozesse', 'Hilfe']);
      const record = await formOf(operator, 102);
      expect(labelOf(record, 'Country')).toBe('Staat');
      expect(labelOf(record, 'General')).toBe('Allgemein');
      // Names, the keys of values and permissions, never change.
      expect(record.Elements.map((element) => element.Name)).toEqual(
        (await formOf(supervisor, 102)).Elements.map((element) => element.Name),
      );

      // The English-preferring supervisor is unaffected.
      expect((await formOf(supervisor, 101)).Title).toBe('Suppliers');
      expect((await siteMapTitles(supervisor))[0]).toBe('Quality');
    } finally {
      await setLanguage(operator, 'en');
    }
  });

  it('serves the definition in the user’s language at a timepoint too, and the record read there is unchanged', async () => {
    const headers = { 'X-Procedo-Timepoint': new Date(Date.now() - 60_000).toISOString() };
    const english = await operator.fetch('api/v1/forms/101/search', { headers });
    expect(english.status).toBe(200);
    await setLanguage(operator, 'de');
    try {
      const response = await operator.fetch('api/v1/forms/102', { headers });
      expect(response.status).toBe(200);
      const definition = FormResponseSchema.parse(await response.json()).Definition;
      expect(labelOf(definition, 'Country')).toBe('Staat');
      // Values are keyed by names, which no language changes: the same rows at the same time.
      const german = await operator.fetch('api/v1/forms/101/search', { headers });
      expect(await german.json()).toEqual(await english.json());
    } finally {
      await setLanguage(operator, 'en');
    }
  });

  it('reads a regional preference (de-CH) as its language and an unknown one as the default', async () => {
    await setLanguage(operator, 'de-CH');
    try {
      expect((await formOf(operator, 101)).Title).toBe('Lieferanten');
      await setLanguage(operator, 'fr');
      expect((await formOf(operator, 101)).Title).toBe('Suppliers');
    } finally {
      await setLanguage(operator, 'en');
    }
  });

  it('shows a saved translation on the next read, and a database change after Template.CacheRefresh', async () => {
    await setLanguage(operator, 'de');
    try {
      resultOf(
        await translationSave(
          translator,
          { element: 'ProductSearch', parent: 110, property: 2, lang: 'de' },
          'Artikel',
        ),
      );
      expect((await formOf(operator, 110)).Title).toBe('Artikel');
      expect(
        await withDb((sql) =>
          sql.run(
            "UPDATE translations SET text = 'Waren' WHERE lang_code = 'de' AND parent_id = 110 AND property_id = 2",
          ),
        ),
      ).toBe(1);
      // Cached until the page cache is refreshed.
      expect((await formOf(operator, 110)).Title).toBe('Artikel');
      const refresh = await readResponse(
        await supervisor.callback(command({ CommandType: 'Template.CacheRefresh' })),
      );
      expect(refresh.status).toBe('OK');
      expect((await formOf(operator, 110)).Title).toBe('Waren');
    } finally {
      await setLanguage(operator, 'en');
    }
  });

  it('translates a navigation node by its Id', async () => {
    const answer = await readResponse(
      await operator.callback(command({ CommandType: 'Profile.Navigation.SiteMap.Xml' })),
    );
    const help = parseSiteMap(answer.resultXml ?? '').find((node) => node.title === 'Help');
    expect(help?.id).toEqual(expect.any(Number));
    resultOf(
      await translationSave(
        translator,
        { element: 'Title', entity: 2, parent: 2, property: help!.id!, lang: 'de' },
        'Hilfe und Anleitungen',
      ),
    );
    await setLanguage(operator, 'de');
    try {
      expect(await siteMapTitles(operator)).toContain('Hilfe und Anleitungen');
    } finally {
      await setLanguage(operator, 'en');
    }
  });
});

describe('translation history', () => {
  it('is append-only: UPDATE, DELETE and INSERT OR REPLACE (an upsert on PostgreSQL) are refused', async () => {
    await withDb(async (sql) => {
      const first = await sql.get<{ id: number }>('SELECT * FROM translation_history ORDER BY id LIMIT 1');
      expect(first).toBeDefined();
      await expect(
        sql.run("UPDATE translation_history SET text = 'x' WHERE id = ?", [first!.id]),
      ).rejects.toThrow(/append-only/);
      await expect(sql.run('DELETE FROM translation_history WHERE id = ?', [first!.id])).rejects.toThrow(
        /append-only/,
      );
      const row = `INTO translation_history (id, lang_code, db_entity_id, parent_id, property_id, element_name, text, updated_by, updated_at_utc)
             VALUES (?, 'de', 1, 102, 1, 'Country', 'Forged', 'mallory', '2020-01-01T00:00:00.000Z')`;
      // Each engine's way to overwrite a row by its key: a replace on SQLite, an upsert on PostgreSQL.
      const overwrite =
        sql.engine === 'sqlite'
          ? `INSERT OR REPLACE ${row}`
          : `INSERT ${row} ON CONFLICT (id) DO UPDATE SET text = excluded.text`;
      await expect(sql.run(overwrite, [first!.id])).rejects.toThrow(/append-only/);
      expect(await sql.get('SELECT * FROM translation_history WHERE id = ?', [first!.id])).toEqual(first);
    });
  });
});
