import {
  ApiErrorBodySchema,
  type FormDefinition,
  FormResponseSchema,
  type LeafElement,
  RecordSchema,
} from '@procedo/client-api';
import {
  BreakingChangeErrorBodySchema,
  DefinitionConflictBodySchema,
  DefinitionDiffSchema,
  DefinitionVersionListSchema,
  DesignerFormListSchema,
  DesignerFormSchema,
  definitionProblems,
  PublishedVersionSchema,
} from '@procedo/client-api/designer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(() => server.close());

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

const iso = (ms: number) => new Date(ms).toISOString();
const errorBody = async (response: Response) => ApiErrorBodySchema.parse(await response.json());

async function current(no = 102) {
  const response = await supervisor.fetch(`api/v1/designer/forms/${no}`);
  expect(response.status).toBe(200);
  return DesignerFormSchema.parse(await response.json());
}

async function versionCount(no = 102) {
  const response = await supervisor.fetch(`api/v1/designer/forms/${no}/versions`);
  return DefinitionVersionListSchema.parse(await response.json()).Items.length;
}

const publish = (body: Record<string, unknown>, no = 102, client = supervisor) =>
  client.json('POST', `api/v1/designer/forms/${no}/versions`, body);

/** The supplier form's General tab's elements. */
function generalOf(definition: FormDefinition): LeafElement[] {
  const tabs = definition.Elements[0];
  if (tabs?.Kind !== 'tabs') throw new Error('form 102 starts with its tabs');
  return tabs.Tabs[0]!.Elements;
}

/** `definition` with the General tab's elements replaced. */
function withGeneral(definition: FormDefinition, change: (elements: LeafElement[]) => LeafElement[]) {
  const copy = structuredClone(definition);
  const tabs = copy.Elements[0];
  if (tabs?.Kind !== 'tabs') throw new Error('form 102 starts with its tabs');
  tabs.Tabs[0]!.Elements = change(tabs.Tabs[0]!.Elements);
  return copy;
}

async function operatorForm(query = '') {
  const response = await operator.fetch(`api/v1/forms/102${query}`);
  expect(response.status).toBe(200);
  return FormResponseSchema.parse(await response.json());
}

const names = (definition: FormDefinition) => generalOf(definition).map((element) => element.Name);

describe('form definition versions', () => {
  it('keeps every seeded form as its version 1, in force since the epoch, and each passes the draft rules', async () => {
    const list = DesignerFormListSchema.parse(await (await supervisor.fetch('api/v1/designer/forms')).json());
    expect(list.Items.length).toBeGreaterThan(5);
    for (const item of list.Items) {
      expect(item).toMatchObject({
        Version: 1,
        PublishedAt: '1970-01-01T00:00:00.000Z',
        PublishedBy: 'system',
      });
      const form = await current(item.WebTemplateNo);
      expect(definitionProblems(form.Definition)).toEqual([]);
    }
  });

  it('refuses the operator (no design role) on every call with 403 FORBIDDEN, and stores nothing', async () => {
    const base = await current();
    const calls: [string, string, unknown?][] = [
      ['GET', 'api/v1/designer/forms'],
      ['GET', 'api/v1/designer/forms/102'],
      ['GET', 'api/v1/designer/forms/102/versions'],
      ['GET', 'api/v1/designer/forms/102/versions/1'],
      ['GET', 'api/v1/designer/forms/102/diff?from=1&to=1'],
      [
        'POST',
        'api/v1/designer/forms/102/versions',
        { BaseVersion: base.Version, Definition: base.Definition, ChangeNote: 'Sneaky' },
      ],
      ['POST', 'api/v1/designer/forms/102/versions', { nonsense: true }],
    ];
    for (const [method, url, body] of calls) {
      const response = await operator.json(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(403);
      expect((await errorBody(response)).Code).toBe('FORBIDDEN');
    }
    expect(await versionCount()).toBe(base.Version);
  });

  it('refuses a publish without the CSRF token, and one made at a timepoint', async () => {
    const base = await current();
    const body = { BaseVersion: base.Version, Definition: base.Definition, ChangeNote: 'No token' };
    const noCsrf = await supervisor.json('POST', 'api/v1/designer/forms/102/versions', body, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect((await errorBody(noCsrf)).Code).toBe('CSRF');
    const atTimepoint = await supervisor.json(
      'POST',
      `api/v1/designer/forms/102/versions?Timepoint=${iso(server.clock.now())}`,
      body,
    );
    expect(atTimepoint.status).toBe(409);
    expect((await errorBody(atTimepoint)).Code).toBe('READ_ONLY_TIMEPOINT');
    expect(await versionCount()).toBe(base.Version);
  });

  it('publishes a new version (201): the operator’s next load shows the new element, with a new change stamp', async () => {
    const base = await current();
    const stampBefore = (await operatorForm()).DefinitionUpdatedAt;
    server.clock.advance(1000);
    const draft = withGeneral(base.Definition, (elements) => [
      ...elements,
      { Kind: 'text', Name: 'VatNumber', Label: 'VAT number', IsMandatory: true, MaxLength: 20 },
    ]);
    const response = await publish({
      BaseVersion: base.Version,
      Definition: draft,
      ChangeNote: '  Add the VAT number ',
    });
    expect(response.status).toBe(201);
    const published = PublishedVersionSchema.parse(await response.json());
    expect(published).toMatchObject({
      Version: base.Version + 1,
      PublishedAt: iso(server.clock.now()),
      PublishedBy: 'supervisor',
      ChangeNote: 'Add the VAT number',
    });
    const form = await operatorForm();
    expect(names(form.Definition)).toContain('VatNumber');
    expect(form.DefinitionUpdatedAt).toBe(published.PublishedAt);
    expect(form.DefinitionUpdatedAt).not.toBe(stampBefore);
    // The operator's next save needs it now.
    const save = await operator.json('POST', 'api/v1/forms/102/records', {
      Values: { Name: 'No VAT Ltd', Status: 'Approved' },
    });
    expect(save.status).toBe(400);
    // The versions list is the audit trail: newest first, who, when and why.
    const versions = DefinitionVersionListSchema.parse(
      await (await supervisor.fetch('api/v1/designer/forms/102/versions')).json(),
    ).Items;
    expect(versions[0]).toEqual({
      Version: published.Version,
      PublishedAt: published.PublishedAt,
      PublishedBy: 'supervisor',
      ChangeNote: 'Add the VAT number',
    });
    expect(versions.at(-1)).toMatchObject({ Version: 1, ChangeNote: 'Seeded definition' });
    const diff = DefinitionDiffSchema.parse(
      await (
        await supervisor.fetch(`api/v1/designer/forms/102/diff?from=${base.Version}&to=${published.Version}`)
      ).json(),
    );
    expect(diff.Changes).toEqual([expect.objectContaining({ Path: 'VatNumber', Change: 'added' })]);
  });

  it('answers 409 CONFLICT with the current version to a second publish on the same base, storing nothing', async () => {
    const base = await current();
    const first = await publish({
      BaseVersion: base.Version,
      Definition: withGeneral(base.Definition, (elements) => [
        ...elements,
        { Kind: 'text', Name: 'Duns', Label: 'DUNS' },
      ]),
      ChangeNote: 'First designer',
    });
    expect(first.status).toBe(201);
    const second = await publish({
      BaseVersion: base.Version,
      Definition: withGeneral(base.Definition, (elements) => [
        ...elements,
        { Kind: 'text', Name: 'Lei', Label: 'LEI' },
      ]),
      ChangeNote: 'Second designer',
    });
    expect(second.status).toBe(409);
    expect(DefinitionConflictBodySchema.parse(await second.json()).CurrentVersion).toBe(base.Version + 1);
    const now = await current();
    expect(now.Version).toBe(base.Version + 1);
    expect(names(now.Definition)).toContain('Duns');
    expect(names(now.Definition)).not.toContain('Lei');
    expect(await versionCount()).toBe(base.Version + 1);
  });

  it('lets one of two designers publishing on the same base at once win; the other gets 409 CONFLICT', async () => {
    const base = await current();
    const draft = (name: string) => ({
      BaseVersion: base.Version,
      Definition: withGeneral(base.Definition, (elements) => [
        ...elements,
        { Kind: 'text', Name: name, Label: name },
      ]),
      ChangeNote: `Add ${name}`,
    });
    const answers = await Promise.all([publish(draft('Racer1')), publish(draft('Racer2'))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await versionCount()).toBe(base.Version + 1);
    const now = await current();
    expect(names(now.Definition).filter((name) => name.startsWith('Racer'))).toHaveLength(1);
  });

  it('refuses a draft that does not validate (400) with each issue at its element’s path, storing nothing', async () => {
    const base = await current();
    const general = ['Definition', 'Elements', 0, 'Tabs', 0, 'Elements'];
    const count = generalOf(base.Definition).length;
    const cases: { draft: FormDefinition; path: (string | number)[] }[] = [
      {
        draft: withGeneral(base.Definition, (elements) => [
          ...elements,
          { Kind: 'text', Name: 'Name', Label: 'Again' },
        ]),
        path: [...general, count, 'Name'],
      },
      {
        draft: withGeneral(base.Definition, (elements) => [
          ...elements,
          { Kind: 'text', Name: 'Blank', Label: '  ' },
        ]),
        path: [...general, count, 'Label'],
      },
      {
        draft: withGeneral(base.Definition, (elements) => [
          ...elements,
          { Kind: 'picker', Name: 'Parent', Label: 'Parent', Source: 'suppliers', DependsOn: ['Nowhere'] },
        ]),
        path: [...general, count, 'DependsOn', 0],
      },
      { draft: { ...base.Definition, WebTemplateNo: 103 }, path: ['Definition', 'WebTemplateNo'] },
      {
        // A misspelt field is refused where it stands, not dropped (the schema is strict throughout).
        draft: withGeneral(base.Definition, (elements) => [
          ...elements,
          { Kind: 'text', Name: 'Typo', Label: 'Typo', IsMandatroy: true } as unknown as LeafElement,
        ]),
        path: [...general, count, 'IsMandatroy'],
      },
    ];
    for (const { draft, path: issuePath } of cases) {
      const response = await publish({
        BaseVersion: base.Version,
        Definition: draft,
        ChangeNote: 'Bad draft',
      });
      expect(response.status, JSON.stringify(issuePath)).toBe(400);
      const body = await errorBody(response);
      expect(body.Code).toBe('VALIDATION');
      expect(body.Issues?.map((issue) => issue.path)).toContainEqual(issuePath);
    }
    expect(await versionCount()).toBe(base.Version);
    expect(await current()).toEqual(base);
  });

  it('asks before removing an element that holds stored values (409 BREAKING_CHANGE); confirmed, the values stay readable at the old version', async () => {
    const created = RecordSchema.parse(
      await (
        await supervisor.json('POST', 'api/v1/forms/102/records', {
          Values: {
            Name: 'Kept Values Ltd',
            Country: 'Norway',
            Status: 'Approved',
            VatNumber: 'NO1',
            Duns: '1',
          },
        })
      ).json(),
    );
    const createdAt = server.clock.now();
    server.clock.advance(60_000);
    const base = await current();
    const draft = withGeneral(base.Definition, (elements) => elements.filter((e) => e.Name !== 'Country'));
    const refused = await publish({
      BaseVersion: base.Version,
      Definition: draft,
      ChangeNote: 'Drop country',
    });
    expect(refused.status).toBe(409);
    expect(BreakingChangeErrorBodySchema.parse(await refused.json()).Breaking).toEqual([
      { Element: 'Country', Reason: 'removed-with-values' },
    ]);
    expect(await versionCount()).toBe(base.Version);

    const confirmed = await publish({
      BaseVersion: base.Version,
      Definition: draft,
      ChangeNote: 'Drop country',
      ConfirmBreaking: true,
    });
    expect(confirmed.status).toBe(201);
    const publishedAt = server.clock.now();
    server.clock.advance(60_000);
    // Now the form has no Country, so the record shows none; the stored value was not deleted.
    const now = RecordSchema.parse(
      await (await operator.fetch(`api/v1/forms/102/records/${created.Id}`)).json(),
    );
    expect(now.Values).not.toHaveProperty('Country');
    const stored = await withDb((sql) =>
      sql.get<{ values_json: string }>('SELECT values_json FROM record_versions WHERE record_id = ?', [
        created.Id,
      ]),
    );
    expect(JSON.parse(stored!.values_json).Country).toBe('Norway');
    // At a timepoint before the publish: the old form, and the value it showed.
    const then = RecordSchema.parse(
      await (
        await operator.fetch(`api/v1/forms/102/records/${created.Id}?Timepoint=${iso(createdAt + 1000)}`)
      ).json(),
    );
    expect(then.Values.Country).toBe('Norway');
    expect(names((await operatorForm(`?Timepoint=${iso(publishedAt - 1)}`)).Definition)).toContain('Country');
    expect(names((await operatorForm(`?Timepoint=${iso(publishedAt)}`)).Definition)).not.toContain('Country');
  });

  it('asks before changing an element’s kind (409 BREAKING_CHANGE kind-changed)', async () => {
    const base = await current();
    const draft = withGeneral(base.Definition, (elements) =>
      elements.map(
        (e): LeafElement => (e.Name === 'Duns' ? { Kind: 'number', Name: 'Duns', Label: 'DUNS' } : e),
      ),
    );
    const response = await publish({
      BaseVersion: base.Version,
      Definition: draft,
      ChangeNote: 'DUNS as number',
    });
    expect(response.status).toBe(409);
    expect(BreakingChangeErrorBodySchema.parse(await response.json()).Breaking).toEqual([
      { Element: 'Duns', Reason: 'kind-changed' },
    ]);
    expect(await versionCount()).toBe(base.Version);
  });

  it('reverts by publishing version 1’s definition again: the new version equals version 1', async () => {
    const base = await current();
    const first = DesignerFormSchema.parse(
      await (await supervisor.fetch('api/v1/designer/forms/102/versions/1')).json(),
    );
    const response = await publish({
      BaseVersion: base.Version,
      Definition: first.Definition,
      ChangeNote: 'Revert to the seeded form',
      ConfirmBreaking: true,
    });
    expect(response.status).toBe(201);
    const reverted = await current();
    expect(reverted.Version).toBe(base.Version + 1);
    expect(reverted.Definition).toEqual(first.Definition);
    const diff = DefinitionDiffSchema.parse(
      await (await supervisor.fetch(`api/v1/designer/forms/102/diff?from=1&to=${reverted.Version}`)).json(),
    );
    expect(diff.Changes).toEqual([]);
    expect((await operatorForm()).Definition).toEqual(first.Definition);
  });

  it('time travel: the form, a record and a search at a timepoint before a publish use the old definition; after it, the new one', async () => {
    const base = await current(101);
    server.clock.advance(60_000);
    const before = server.clock.now();
    server.clock.advance(60_000);
    const draft = {
      ...base.Definition,
      Elements: base.Definition.Elements.filter((e) => e.Name !== 'Country'),
    };
    const response = await publish(
      { BaseVersion: base.Version, Definition: draft, ChangeNote: 'No country' },
      101,
    );
    expect(response.status).toBe(201);
    const publishedAt = PublishedVersionSchema.parse(await response.json()).PublishedAt;
    const form = async (at: string) =>
      FormResponseSchema.parse(await (await operator.fetch(`api/v1/forms/101?Timepoint=${at}`)).json());
    expect((await form(iso(before))).Definition).toEqual(base.Definition);
    expect((await form(publishedAt)).Definition).toEqual(draft);
    // A search filters by the criteria of the form in force then.
    const search = (query: string) => operator.fetch(`api/v1/forms/101/search?Country=Norway${query}`);
    expect((await search(`&Timepoint=${iso(before)}`)).status).toBe(200);
    expect((await search(`&Timepoint=${publishedAt}`)).status).toBe(400);
    expect((await search('')).status).toBe(400);
  });

  it('answers 404 for an unknown form or version', async () => {
    expect((await supervisor.fetch('api/v1/designer/forms/9999')).status).toBe(404);
    expect((await supervisor.fetch('api/v1/designer/forms/102/versions/999')).status).toBe(404);
    expect((await supervisor.fetch('api/v1/designer/forms/102/diff?from=1&to=999')).status).toBe(404);
  });

  it('keeps the versions append-only: UPDATE, DELETE and an overwrite by key (INSERT OR REPLACE, upsert) are refused', async () => {
    await withDb(async (sql) => {
      const select = 'SELECT * FROM form_definition_versions WHERE web_template_no = 102 AND version = 1';
      const before = await sql.get(select);
      expect(before).toBeDefined();
      const row = `(web_template_no, version, schema_version, json, published_at_utc, published_by, change_note)
         VALUES (102, 1, 1, '{}', '2020-01-01T00:00:00.000Z', 'mallory', 'forged')`;
      // Each engine's way to overwrite a row by its key: a replace on SQLite, an upsert on PostgreSQL.
      const overwrite =
        sql.engine === 'sqlite'
          ? `INSERT OR REPLACE INTO form_definition_versions ${row}`
          : `INSERT INTO form_definition_versions ${row}
         ON CONFLICT (web_template_no, version) DO UPDATE SET change_note = excluded.change_note`;
      for (const statement of [
        "UPDATE form_definition_versions SET change_note = 'forged' WHERE web_template_no = 102",
        'DELETE FROM form_definition_versions WHERE web_template_no = 102',
        overwrite,
      ]) {
        await expect(sql.run(statement), statement).rejects.toThrow(/append-only/);
      }
      expect(await sql.get(select)).toEqual(before);
    });
  });
});
