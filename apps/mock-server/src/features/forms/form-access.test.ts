import {
  ApiErrorBodySchema,
  CreatableCommandListSchema,
  parseSiteMap,
  RecordSchema,
  type SiteMapNode,
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
import { ROLE_FORMS } from '../users/users-form';
import { formsOpenedBy } from './form-access';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let certificateId: number;

const PROCESSES = 'api/v1/user/system/user-processes';

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
  const document = await supervisor.uploadFile('iso.pdf', '%PDF-1.4 iso');
  const created = await supervisor.json('POST', 'api/v1/forms/105/records', {
    Values: { Title: 'ISO 9001', Supplier: { Id: '1', Text: 'x' }, Document: document },
  });
  expect(created.status).toBe(201);
  certificateId = RecordSchema.parse(await created.json()).Id;
});
afterAll(async () => {
  await server.close();
});

const withDb = <T>(work: (sql: ServerSql) => Promise<T>, database = 'demo') =>
  withServerSql(server, work, database);

async function forbidden(response: Promise<Response>) {
  const res = await response;
  const text = await res.text();
  expect(res.status, text).toBe(403);
  const body = ApiErrorBodySchema.parse(JSON.parse(text));
  expect(body.Code).toBe('FORBIDDEN');
  return body;
}

async function siteMapOf(client: TestClient, profileId?: number): Promise<SiteMapNode[]> {
  const fields: Record<string, string> = { CommandType: 'Profile.Navigation.SiteMap.Xml' };
  if (profileId !== undefined) fields.ProfileId = String(profileId);
  const answer = await readResponse(await client.callback(command(fields)));
  expect(answer.status).toBe('OK');
  return parseSiteMap(answer.resultXml ?? '');
}

const allNodes = (nodes: SiteMapNode[]): SiteMapNode[] => nodes.flatMap((n) => [n, ...allNodes(n.children)]);
const formsIn = (nodes: SiteMapNode[]) => new Set(allNodes(nodes).flatMap((node) => formsOpenedBy(node.url)));

describe('formsOpenedBy', () => {
  it('reads the form numbers of the host form pages, whatever the case, slash or origin', () => {
    expect(formsOpenedBy('/form?WebTemplateNo=101')).toEqual([101]);
    expect(formsOpenedBy('/_forms/form?WebTemplateNo=101&PERMISSION_FORMID=102')).toEqual([101, 102]);
    expect(formsOpenedBy('/FORM/?WebTemplateNo=%20105&a_step_id={StepId}')).toEqual([105]);
    expect(formsOpenedBy('https://procedo.example/form?WebTemplateNo=7&WebTemplateNo=8')).toEqual([7, 8]);
    for (const url of [
      null,
      '',
      '/help/forms',
      '/form',
      '/form?WebTemplateNo=abc',
      '/formx?WebTemplateNo=1',
    ]) {
      expect(formsOpenedBy(url)).toEqual([]);
    }
  });
});

describe('form access per profile', () => {
  it('refuses every endpoint of a form the profile may not open with 403 FORBIDDEN', async () => {
    const body = await forbidden(operator.fetch('api/v1/forms/105'));
    expect(body.Message).toBe('Your profile may not open the form Supplier certificate (105).');
    await forbidden(operator.fetch(`api/v1/forms/105/records/${certificateId}`));
    await forbidden(operator.fetch(`api/v1/forms/105/records/${certificateId}?version=1`));
    await forbidden(operator.fetch('api/v1/forms/105/search?text=iso'));
    await forbidden(operator.json('POST', 'api/v1/forms/105/records', { Values: { Title: 'x' } }));
    await forbidden(
      operator.json('PUT', `api/v1/forms/105/records/${certificateId}`, {
        Version: 1,
        Values: { Title: 'y' },
      }),
    );
    await forbidden(operator.json('DELETE', `api/v1/forms/105/records/${certificateId}`, { Version: 1 }));
    await forbidden(operator.fetch('api/v1/pickers/suppliers?text=al&WebTemplateNo=105&Element=Supplier'));
    // Nothing was written.
    const after = RecordSchema.parse(
      await (await supervisor.fetch(`api/v1/forms/105/records/${certificateId}`)).json(),
    );
    expect(after).toMatchObject({ Version: 1, IsDeleted: false, Values: { Title: 'ISO 9001' } });
  });

  it('refuses the callback commands on that form with its message', async () => {
    const xml = await readResponse(
      await operator.callback(command({ CommandType: 'Web.Data.XmlOfId', DataId: `105:${certificateId}` })),
    );
    expect(xml).toMatchObject({
      http: 200,
      status: 'ERROR',
      message: 'Your profile may not open the form Supplier certificate (105).',
    });
    const tab = await readResponse(
      await operator.callback(
        command({
          CommandType: 'wtoElementExecCommand',
          CommandName: 'Tab.Select',
          SrcElementID: '105:General',
        }),
      ),
    );
    expect(tab).toMatchObject({
      status: 'ERROR',
      message: 'Your profile may not open the form Supplier certificate (105).',
    });
  });

  it('lets the supervisor open the same form and record', async () => {
    expect((await supervisor.fetch('api/v1/forms/105')).status).toBe(200);
    expect((await supervisor.fetch(`api/v1/forms/105/records/${certificateId}`)).status).toBe(200);
    const xml = await readResponse(
      await supervisor.callback(command({ CommandType: 'Web.Data.XmlOfId', DataId: `105:${certificateId}` })),
    );
    expect(xml.status).toBe('OK');
  });
});

describe('the navigation and the server agree', () => {
  it.each([
    ['demo', 'supervisor'],
    ['demo', 'operator'],
    ['training', 'supervisor'],
    ['training', 'operator'],
  ])(
    'in %s, every form the %s site map links opens; no form that does not open is linked',
    async (database, user) => {
      const client = new TestClient(() => server.url);
      await client.logon(user, 'demo', database);
      const linked = formsIn(await siteMapOf(client));
      expect(linked.size).toBeGreaterThan(0);
      // Every form any profile's navigation names, and every stored form.
      const reader = new TestClient(() => server.url);
      await reader.logon('supervisor', 'demo', database);
      const candidates = new Set([
        ...formsIn(await siteMapOf(reader, 1)),
        ...formsIn(await siteMapOf(reader, 2)),
        ...(
          await withDb(
            (sql) => sql.all<{ no: number }>('SELECT web_template_no AS no FROM form_definitions'),
            database,
          )
        ).map((row) => row.no),
        // Forms the seeded navigation names that no database defines.
        901,
        902,
      ]);
      const closed: number[] = [];
      for (const no of candidates) {
        const status = (await client.fetch(`api/v1/forms/${no}`)).status;
        expect([200, 403, 404], `form ${no}`).toContain(status);
        // The administration's own pages (form 901) open by role, through their own endpoints.
        if (linked.has(no) && ROLE_FORMS.has(no)) {
          expect((await client.fetch('api/v1/users/choices')).status, `linked form ${no}`).toBe(200);
        } else if (linked.has(no)) expect(status, `linked form ${no}`).toBe(200);
        if (status !== 200) closed.push(no);
      }
      // The seeded navigation does name forms that do not open (901, 902; 105 for operators).
      expect(closed.length).toBeGreaterThan(0);
    },
  );

  it('leaves out a node of a closed form and a section it empties, by the same rule as the endpoints', async () => {
    await withDb(async (sql) => {
      // The deviations entry opens their search form (112), whose rows open 103.
      await sql.run('DELETE FROM form_access WHERE profile_id = 2 AND web_template_no IN (103, 112)');
      // An operator's node to the certificates, as an older database may hold.
      const quality = (await sql.get<{ id: number }>(
        "SELECT id FROM navigation_nodes WHERE profile_id = 2 AND title = 'Quality'",
      )) as { id: number };
      await sql.run(
        "INSERT INTO navigation_nodes (profile_id, parent_id, position, title, url) VALUES (2, ?, 9, 'Certificates', '/form?WebTemplateNo=105')",
        [quality.id],
      );
      const section = Number(
        (
          await sql.get<{ id: number }>(
            "INSERT INTO navigation_nodes (profile_id, parent_id, position, title) VALUES (2, NULL, 9, 'Closed') RETURNING id",
          )
        )?.id,
      );
      await sql.run(
        "INSERT INTO navigation_nodes (profile_id, parent_id, position, title, url) VALUES (2, ?, 0, 'Deviations again', '/_forms/form?WebTemplateNo=103')",
        [section],
      );
    });
    try {
      const tree = await siteMapOf(operator);
      const titles = allNodes(tree).map((node) => node.title);
      expect(titles).not.toContain('Certificates');
      expect(titles).not.toContain('Deviations');
      expect(titles).not.toContain('Closed');
      expect(titles).toContain('Suppliers');
      await forbidden(operator.fetch('api/v1/forms/103'));
    } finally {
      await withDb(async (sql) => {
        await sql.run('INSERT INTO form_access (profile_id, web_template_no) VALUES (2, 103), (2, 112)');
        await sql.run(
          "DELETE FROM navigation_nodes WHERE profile_id = 2 AND title IN ('Certificates', 'Deviations again', 'Closed')",
        );
      });
    }
    expect((await operator.fetch('api/v1/forms/103')).status).toBe(200);
  });
  it('grants nothing by a row for a form the database does not define', async () => {
    // Without the role that opens form 901 (Users), a form_access row for it does not either.
    await withDb(async (sql) => {
      await sql.run('INSERT INTO form_access (profile_id, web_template_no) VALUES (1, 901)');
      await sql.run("DELETE FROM user_roles WHERE user_id = 1 AND role = 'user-admin'");
    });
    try {
      const titles = allNodes(await siteMapOf(supervisor)).map((node) => node.title);
      expect(titles).not.toContain('Users');
      expect(titles).toContain('Permissions');
      expect((await supervisor.fetch('api/v1/forms/901')).status).toBe(404);
    } finally {
      await withDb(async (sql) => {
        await sql.run('DELETE FROM form_access WHERE web_template_no = 901');
        await sql.run("INSERT INTO user_roles (user_id, role) VALUES (1, 'user-admin')");
      });
    }
  });
});

describe('process commands that open a form', () => {
  const creatable = async (client: TestClient) =>
    CreatableCommandListSchema.parse(
      await (await client.fetch(`${PROCESSES}/lookup/commands/creatable-as-process?$orderby=Name`)).json(),
    );

  it('are offered and created only for a user who may open every form they open', async () => {
    const forSupervisor = await creatable(supervisor);
    const batchRelease = forSupervisor.find((c) => c.Name === 'Batch release');
    expect(batchRelease).toBeDefined();
    const forOperator = (await creatable(operator)).map((c) => c.Name);
    expect(forOperator).not.toContain('Batch release');
    expect(forOperator).toContain('Interaction tour');
    expect(forOperator).toContain('Deviation handling');

    const refused = await forbidden(
      operator.json(
        'POST',
        `${PROCESSES}/command/create-process?originatingCommandId=${batchRelease!.Id}`,
        {},
      ),
    );
    expect(refused.Message).toContain('Batch release');
    const created = await supervisor.json(
      'POST',
      `${PROCESSES}/command/create-process?originatingCommandId=${batchRelease!.Id}`,
      {},
    );
    expect(created.status).toBe(201);
  });

  it('follow the forms of the sub-processes a command starts', async () => {
    // The CAPA sub-process of "Deviation handling" opening a closed form closes its parent too.
    await withDb((sql) =>
      sql.run(
        `INSERT INTO process_command_steps (command_id, position, definition_json)
         SELECT id, 99, ? FROM process_commands WHERE name = 'CAPA'`,
        [JSON.stringify({ name: 'Certificate', kind: 'form', url: '/form?WebTemplateNo=105' })],
      ),
    );
    await server.restart(); // commands are cached once read
    try {
      const again = new TestClient(() => server.url);
      await again.logon('operator');
      const names = (await creatable(again)).map((c) => c.Name);
      expect(names).not.toContain('Deviation handling');
      expect(names).not.toContain('CAPA');
      expect(names).toContain('Interaction tour');
    } finally {
      await withDb((sql) => sql.run('DELETE FROM process_command_steps WHERE position = 99'));
      await server.restart();
      await supervisor.logon('supervisor');
      await operator.logon('operator');
    }
  });
});
