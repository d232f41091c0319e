import {
  FormResponseSchema,
  parseXml,
  RecordSchema,
  textContent,
  type XmlElement,
} from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  command,
  readResponse,
  startSignedInServer,
  type TestClient,
  type TestServer,
} from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let supplierId: number;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
  const created = await supervisor.json('POST', 'api/v1/forms/102/records', {
    Values: {
      Name: 'Callback & Co <Ltd>',
      Status: 'Approved',
      Rating: 5,
      InternalNotes: 'secret',
      Phone: '+4412',
    },
  });
  supplierId = RecordSchema.parse(await created.json()).Id;
  await supervisor.json('PUT', `api/v1/forms/102/records/${supplierId}`, {
    Version: 1,
    Values: { Country: 'Iceland' },
  });
});
afterAll(async () => {
  await server.close();
});

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

/** The Result element of a callback answer. */
function resultOf(body: string): XmlElement {
  const root = parseXml(body);
  const result = root.children.find(
    (node): node is XmlElement => typeof node !== 'string' && node.name === 'Result',
  );
  if (!result) throw new Error(`no Result in ${body}`);
  return result;
}

const xmlOfId = (dataId: string, extra: Record<string, string> = {}, params = '') =>
  command({ CommandType: 'Web.Data.XmlOfId', DataId: dataId, ...extra }, params);

describe('Web.Data.XmlOfId', () => {
  it('answers the current record as XML elements, escaped', async () => {
    const answer = await readResponse(await supervisor.callback(xmlOfId(`102:${supplierId}`)));
    expect(answer.status).toBe('OK');
    const record = resultOf(answer.body).children.find((node) => typeof node !== 'string') as XmlElement;
    expect(record.name).toBe('Record');
    expect(record.attributes).toMatchObject({
      Id: String(supplierId),
      Entity: 'supplier',
      Version: '2',
      IsDeleted: 'false',
      UpdatedBy: 'supervisor',
    });
    const fields = Object.fromEntries(
      record.children.flatMap((node) =>
        typeof node === 'string' ? [] : [[node.name, textContent(node.children)]],
      ),
    );
    expect(fields).toMatchObject({
      Name: 'Callback & Co <Ltd>',
      Country: 'Iceland',
      Rating: '5',
      InternalNotes: 'secret',
    });
  });

  it('answers JSON text with ReturnType Json, without hidden values for the operator', async () => {
    const answer = await readResponse(
      await operator.callback(xmlOfId(`102:${supplierId}`, { ReturnType: 'Json' })),
    );
    expect(answer.status).toBe('OK');
    const record = RecordSchema.parse(JSON.parse(textContent(resultOf(answer.body).children)));
    expect(record).toMatchObject({ Id: supplierId, Version: 2 });
    expect(record.Values.Name).toBe('Callback & Co <Ltd>');
    expect(record.Values).not.toHaveProperty('InternalNotes');
  });

  it('reads an earlier version through the Version param', async () => {
    const answer = await readResponse(
      await supervisor.callback(
        xmlOfId(
          `102:${supplierId}`,
          { ReturnType: 'Json' },
          '<Params><Param Name="Version">1</Param></Params>',
        ),
      ),
    );
    const record = RecordSchema.parse(JSON.parse(textContent(resultOf(answer.body).children)));
    expect(record.Version).toBe(1);
    expect(record.Values).not.toHaveProperty('Country');
  });

  it('answers ERROR for a record the form does not have, 400 for a malformed DataId or unknown Param', async () => {
    const missing = await readResponse(await supervisor.callback(xmlOfId('102:99999999')));
    expect(missing).toMatchObject({ http: 200, status: 'ERROR' });
    expect(missing.message).toContain('99999999');
    const malformed = await readResponse(await supervisor.callback(xmlOfId(`supplier-${supplierId}`)));
    expect(malformed.http).toBe(400);
    expect(malformed.message).toContain('DataId');
    const unknown = await readResponse(
      await supervisor.callback(
        xmlOfId(`102:${supplierId}`, {}, '<Params><Param Name="Sort">1</Param></Params>'),
      ),
    );
    expect(unknown.http).toBe(400);
    expect(unknown.message).toContain('Sort');
  });
});

describe('wtoElementExecCommand Tab.Select', () => {
  const tabSelect = (id: string) =>
    command({ CommandType: 'wtoElementExecCommand', CommandName: 'Tab.Select', SrcElementID: id });

  it('remembers the selected tab per user and form', async () => {
    const answer = await readResponse(await supervisor.callback(tabSelect('102:Quality')));
    expect(answer.status).toBe('OK');
    await readResponse(await operator.callback(tabSelect('102:General')));
    const rows = await withDb((sql) =>
      sql.all('SELECT user_id, web_template_no, tab_name FROM tab_selections ORDER BY user_id'),
    );
    expect(rows).toEqual([
      { user_id: 1, web_template_no: 102, tab_name: 'Quality' },
      { user_id: 2, web_template_no: 102, tab_name: 'General' },
    ]);
  });

  it.each(['102:Nope', '101:General', '999:General', 'Quality', '102:Name'])(
    "answers ERROR 'Server: Tab Select Error' for %s",
    async (id) => {
      const answer = await readResponse(await supervisor.callback(tabSelect(id)));
      expect(answer).toMatchObject({ http: 200, status: 'ERROR', message: 'Server: Tab Select Error' });
    },
  );

  it('refuses a tab hidden from the user', async () => {
    await withDb((sql) =>
      sql.run(
        `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
         VALUES (102, 'Quality', 'user', 2, 1, 0)`,
      ),
    );
    try {
      const answer = await readResponse(await operator.callback(tabSelect('102:Quality')));
      expect(answer.message).toBe('Server: Tab Select Error');
      // The hidden tab hides its elements too.
      const record = RecordSchema.parse(
        await (await operator.fetch(`api/v1/forms/102/records/${supplierId}`)).json(),
      );
      expect(record.Values).not.toHaveProperty('AuditNotes');
      expect(record.Values).not.toHaveProperty('Rating');
    } finally {
      await withDb((sql) => sql.run("DELETE FROM element_permissions WHERE owner_type = 'user'"));
    }
  });
});

describe('Template.CacheRefresh', () => {
  it('reloads definitions from the database', async () => {
    const title = async () =>
      FormResponseSchema.parse(await (await supervisor.fetch('api/v1/forms/106')).json()).Definition.Title;
    expect(await title()).toBe('Product');
    // The stored JSON text edited in JS, so the same statements do it on both engines.
    await withDb(async (sql) => {
      const stored = await sql.get<{ json: string }>(
        'SELECT json FROM form_definitions WHERE web_template_no = 106',
      );
      const definition = JSON.parse(stored?.json ?? 'null') as { Title: string };
      definition.Title = 'Product (edited)';
      await sql.run('UPDATE form_definitions SET json = ? WHERE web_template_no = 106', [
        JSON.stringify(definition),
      ]);
    });
    expect(await title()).toBe('Product');
    const answer = await readResponse(
      await supervisor.callback(command({ CommandType: 'Template.CacheRefresh' })),
    );
    expect(answer.status).toBe('OK');
    expect(await title()).toBe('Product (edited)');
  });

  it('serves the definition’s stored change stamp with it, the new one once the cache is refreshed', async () => {
    const stamp = async () =>
      FormResponseSchema.parse(await (await supervisor.fetch('api/v1/forms/101')).json()).DefinitionUpdatedAt;
    const stored = async () =>
      (
        await withDb((sql) =>
          sql.get<{ at: string }>(
            'SELECT updated_at_utc AS at FROM form_definitions WHERE web_template_no = 101',
          ),
        )
      )?.at;
    expect(await stamp()).toBe(await stored());
    await withDb((sql) =>
      sql.run(
        "UPDATE form_definitions SET updated_at_utc = '2030-01-02T03:04:05.000Z' WHERE web_template_no = 101",
      ),
    );
    await supervisor.callback(command({ CommandType: 'Template.CacheRefresh' }));
    expect(await stamp()).toBe('2030-01-02T03:04:05.000Z');
  });
});
