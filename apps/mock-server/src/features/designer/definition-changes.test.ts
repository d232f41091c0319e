import { ApiErrorBodySchema } from '@procedo/client-api';
import {
  type DefinitionAuditEntry,
  DefinitionAuditPageSchema,
  DesignerCommandListSchema,
  DesignerCommandSchema,
  DesignerFormListSchema,
  DesignerFormSchema,
} from '@procedo/client-api/designer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { withServerSql } from '../../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(() => server.close());

const CHANGES = 'api/v1/designer/changes';

async function page(query = '') {
  const response = await supervisor.fetch(`${CHANGES}${query}`);
  expect(response.status).toBe(200);
  return DefinitionAuditPageSchema.parse(await response.json());
}

/** Every change, walking the pages of `limit` by their cursors. */
async function walk(limit: number, kind?: string) {
  const items: DefinitionAuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(limit) });
    if (kind) params.set('kind', kind);
    if (cursor) params.set('cursor', cursor);
    const next = await page(`?${params}`);
    items.push(...next.Items);
    cursor = next.NextCursor;
  } while (cursor !== null);
  return items;
}

const identity = (entry: DefinitionAuditEntry) => `${entry.Kind}:${entry.Key}@${entry.Version}`;

describe('the audit trail of definition changes', () => {
  it('lists every published version of every kind newest first, with who, when, why and the name that version had', async () => {
    const form = DesignerFormSchema.parse(await (await supervisor.fetch('api/v1/designer/forms/102')).json());
    server.clock.advance(1000);
    const formPublish = await supervisor.json('POST', 'api/v1/designer/forms/102/versions', {
      BaseVersion: form.Version,
      Definition: { ...form.Definition, Title: 'Suppliers (audited)' },
      ChangeNote: 'Title names the audit',
    });
    expect(formPublish.status).toBe(201);

    const commands = DesignerCommandListSchema.parse(
      await (await supervisor.fetch('api/v1/designer/commands')).json(),
    );
    const capa = commands.Items.find((item) => item.Name === 'CAPA')!;
    const command = DesignerCommandSchema.parse(
      await (await supervisor.fetch(`api/v1/designer/commands/${capa.CommandId}`)).json(),
    );
    server.clock.advance(1000);
    const commandPublish = await supervisor.json(
      'POST',
      `api/v1/designer/commands/${capa.CommandId}/versions`,
      {
        BaseVersion: command.Version,
        Command: { ...command.Command, Description: 'CAPA, reviewed' },
        ChangeNote: 'Describe the review',
      },
    );
    expect(commandPublish.status).toBe(201);

    const first = await page('?limit=2');
    expect(first.Items).toEqual([
      {
        Kind: 'command',
        Key: capa.CommandId,
        Name: 'CAPA',
        Version: command.Version + 1,
        PublishedAt: new Date(server.clock.now()).toISOString(),
        PublishedBy: 'supervisor',
        ChangeNote: 'Describe the review',
      },
      {
        Kind: 'form',
        Key: 102,
        Name: 'Suppliers (audited)',
        Version: form.Version + 1,
        PublishedAt: new Date(server.clock.now() - 1000).toISOString(),
        PublishedBy: 'supervisor',
        ChangeNote: 'Title names the audit',
      },
    ]);
    expect(first.NextCursor).not.toBeNull();

    // The seeded versions are there too, older than any publish; the form's first version keeps its old title.
    const all = await walk(200);
    const seeded = all.find((entry) => entry.Kind === 'form' && entry.Key === 102 && entry.Version === 1);
    expect(seeded).toMatchObject({ Name: form.Definition.Title, PublishedBy: 'system' });
  });

  it('lists a datasource publish under its entity, with the seeded version 1 it stored first', async () => {
    const supplier = (await (await supervisor.fetch('api/v1/designer/datasources/supplier')).json()) as {
      Version: number;
      Columns: { Name: string }[];
    };
    server.clock.advance(1000);
    const published = await supervisor.json('POST', 'api/v1/designer/datasources/supplier/versions', {
      BaseVersion: supplier.Version,
      Columns: supplier.Columns,
      ChangeNote: 'Same columns, audited',
    });
    expect(published.status).toBe(201);
    const datasources = await page('?kind=datasource');
    expect(datasources.Items.map(identity)).toEqual(['datasource:supplier@2', 'datasource:supplier@1']);
    expect(datasources.Items[0]).toMatchObject({ Name: 'supplier', ChangeNote: 'Same columns, audited' });
    const link = await supervisor.fetch(`${CHANGES}?kind=datasource&limit=1`);
    const cursor = DefinitionAuditPageSchema.parse(await link.json()).NextCursor!;
    expect((await page(`?kind=datasource&cursor=${cursor}`)).Items.map(identity)).toEqual([
      'datasource:supplier@1',
    ]);
  });

  it('pages by key: any page size walks the same list as one page, without a change twice or one missed (the seeded versions share one instant)', async () => {
    const whole = (await page('?limit=200')).Items;
    expect(whole.length).toBeGreaterThan(10);
    expect(new Set(whole.map(identity)).size).toBe(whole.length);
    for (const limit of [1, 3, 7]) {
      expect((await walk(limit)).map(identity)).toEqual(whole.map(identity));
    }
  });

  it('keeps one kind when asked', async () => {
    const commands = await walk(4, 'command');
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.every((entry) => entry.Kind === 'command')).toBe(true);
    expect(commands.map(identity)).toEqual(
      (await page('?limit=200')).Items.filter((entry) => entry.Kind === 'command').map(identity),
    );
  });

  it('refuses a cursor it did not write, a bad kind or page size (400), and users without the design role (403)', async () => {
    for (const query of [
      '?cursor=abc',
      `?cursor=${Buffer.from('["x","form",1]').toString('base64url')}`,
      '?kind=menu',
      '?limit=0',
      '?limit=201',
    ]) {
      const response = await supervisor.fetch(`${CHANGES}${query}`);
      expect(response.status, query).toBe(400);
      expect(ApiErrorBodySchema.parse(await response.json()).Code).toBe('VALIDATION');
    }
    const refused = await operator.fetch(CHANGES);
    expect(refused.status).toBe(403);
    expect(ApiErrorBodySchema.parse(await refused.json()).Code).toBe('FORBIDDEN');
  });
});

describe('the navigation designer’s link targets', () => {
  it('lets a user with only the navigation-design role list the forms and commands a node may link, and nothing else of the designers', async () => {
    await withServerSql(server, (sql) =>
      sql.run(
        "INSERT INTO user_roles (user_id, role) SELECT id, 'navigation-design' FROM users WHERE name = 'operator'",
      ),
    );
    try {
      const forms = await operator.fetch('api/v1/designer/forms');
      expect(forms.status).toBe(200);
      expect(
        DesignerFormListSchema.parse(await forms.json()).Items.map((form) => form.WebTemplateNo),
      ).toContain(102);
      const commands = await operator.fetch('api/v1/designer/commands');
      expect(commands.status).toBe(200);
      expect(DesignerCommandListSchema.parse(await commands.json()).Items.length).toBeGreaterThan(0);
      for (const url of [
        'api/v1/designer/forms/102',
        'api/v1/designer/forms/102/versions',
        'api/v1/designer/commands/1',
        'api/v1/designer/changes',
      ]) {
        expect((await operator.fetch(url)).status, url).toBe(403);
      }
      const publish = await operator.json('POST', 'api/v1/designer/forms/102/versions', {});
      expect(publish.status).toBe(403);
    } finally {
      await withServerSql(server, (sql) =>
        sql.run(
          "DELETE FROM user_roles WHERE role = 'navigation-design' AND user_id = (SELECT id FROM users WHERE name = 'operator')",
        ),
      );
    }
  });
});
