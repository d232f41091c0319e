import {
  ConflictBodySchema,
  parseXml,
  RecordSchema,
  SearchResultSchema,
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
import { withServerSql } from '../../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let supplierId: number;

// What the supplier search form (101) has: three filter fields and three result columns.
const SEARCH_FORM_FIELDS = ['Country', 'Name', 'Status'];
const SECRET = 'Do not tell the operators';

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
  const created = await supervisor.json('POST', 'api/v1/forms/102/records', {
    Values: {
      Name: 'Quill Hidden Supplies',
      Country: 'Portugal',
      Status: 'Approved',
      Phone: '+351123',
      Rating: 3,
      InternalNotes: SECRET,
    },
  });
  expect(created.status).toBe(201);
  supplierId = RecordSchema.parse(await created.json()).Id;
  const updated = await supervisor.json('PUT', `api/v1/forms/102/records/${supplierId}`, {
    Version: 1,
    Values: { InternalNotes: `${SECRET}, still` },
  });
  expect(updated.status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

const keys = (values: object) => Object.keys(values).sort();
const record = async (response: Promise<Response>) => {
  const res = await response;
  expect(res.status).toBe(200);
  return RecordSchema.parse(await res.json());
};

/** The value element names of a `Web.Data.XmlOfId` Record, and the whole answer's text. */
async function xmlOfId(client: TestClient, dataId: string, extra: Record<string, string> = {}, params = '') {
  const answer = await readResponse(
    await client.callback(command({ CommandType: 'Web.Data.XmlOfId', DataId: dataId, ...extra }, params)),
  );
  expect(answer.status).toBe('OK');
  return answer;
}
const xmlFields = (resultXml: string | undefined) =>
  (parseXml(resultXml ?? '').children.filter((node) => typeof node !== 'string') as XmlElement[])
    .map((node) => node.name)
    .sort();

describe('a value hidden on one form of an entity, reached through another form', () => {
  it('is not in a record read through the search form, current or older version', async () => {
    for (const version of ['', '?version=1', '?version=2']) {
      const read = await record(operator.fetch(`api/v1/forms/101/records/${supplierId}${version}`));
      expect(read.Values).not.toHaveProperty('InternalNotes');
      expect(keys(read.Values)).toEqual(SEARCH_FORM_FIELDS);
    }
    // The form the value belongs to still shows it to whom may see it.
    const own = await record(supervisor.fetch(`api/v1/forms/102/records/${supplierId}`));
    expect(own.Values.InternalNotes).toBe(`${SECRET}, still`);
  });

  it('is not in Web.Data.XmlOfId through the search form, as XML or Json', async () => {
    const xml = await xmlOfId(operator, `101:${supplierId}`);
    expect(xmlFields(xml.resultXml)).toEqual(SEARCH_FORM_FIELDS);
    expect(xml.body).not.toContain(SECRET);
    const old = await xmlOfId(
      operator,
      `101:${supplierId}`,
      {},
      '<Params><Param Name="Version">1</Param></Params>',
    );
    expect(xmlFields(old.resultXml)).toEqual(SEARCH_FORM_FIELDS);
    expect(old.body).not.toContain(SECRET);
    const json = await xmlOfId(operator, `101:${supplierId}`, { ReturnType: 'Json' });
    expect(json.body).not.toContain(SECRET);
    expect(keys(RecordSchema.parse(JSON.parse(json.resultXml ?? '')).Values)).toEqual(SEARCH_FORM_FIELDS);
  });

  it.each(['PUT', 'DELETE'])(
    'is not in the Current of a 409 to %s through the search form',
    async (method) => {
      const stale = method === 'PUT' ? { Version: 1, Values: { Country: 'Spain' } } : { Version: 1 };
      const response = await operator.json(method, `api/v1/forms/101/records/${supplierId}`, stale);
      expect(response.status).toBe(409);
      const text = await response.text();
      expect(text).not.toContain(SECRET);
      expect(keys(ConflictBodySchema.parse(JSON.parse(text)).Current.Values)).toEqual(SEARCH_FORM_FIELDS);
    },
  );

  it('is not in search rows, and neither is a column hidden on the form the results open', async () => {
    const withDb = (statement: string) => withServerSql(server, (sql) => sql.run(statement));
    await withDb(
      `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
       VALUES (102, 'Country', 'profile', 2, 1, 0)`,
    );
    try {
      const rows = SearchResultSchema.parse(
        await (await operator.fetch('api/v1/forms/101/search?text=quill')).json(),
      ).Rows;
      expect(rows.map((row) => row.Id)).toContain(supplierId);
      for (const row of rows) expect(keys(row.Values)).toEqual(['Name', 'Status']);
    } finally {
      await withDb(
        "DELETE FROM element_permissions WHERE element_name = 'Country' AND web_template_no = 102",
      );
    }
  });

  it('is not returned to a user who may see it, through a form that does not have it', async () => {
    // The supervisor sees everything on 102, but 101 has no Phone, Rating or InternalNotes.
    const read = await record(supervisor.fetch(`api/v1/forms/101/records/${supplierId}`));
    expect(keys(read.Values)).toEqual(SEARCH_FORM_FIELDS);
    const xml = await xmlOfId(supervisor, `101:${supplierId}`, { ReturnType: 'Json' });
    expect(xml.body).not.toContain(SECRET);
  });
});
