import { ApiErrorBodySchema, parseSiteMap, type SiteMapNode } from '@procedo/client-api';
import {
  DefinitionConflictBodySchema,
  DefinitionVersionListSchema,
  DesignerNavigationListSchema,
  DesignerNavigationSchema,
  type NavigationDefinition,
  NavigationDiffSchema,
  type NavigationNode,
  PublishedNavigationVersionSchema,
} from '@procedo/client-api/designer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_PROFILE_ID } from '../../db/seed-data';
import {
  command,
  readResponse,
  startSignedInServer,
  type TestClient,
  type TestServer,
} from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

const NAVIGATION = 'api/v1/designer/navigation';
const OPERATORS = `${NAVIGATION}/${OPERATOR_PROFILE_ID}`;

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(() => server.close());

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

const errorBody = async (response: Response) => ApiErrorBodySchema.parse(await response.json());

async function current() {
  const response = await supervisor.fetch(OPERATORS);
  expect(response.status).toBe(200);
  return DesignerNavigationSchema.parse(await response.json());
}

const publish = (body: Record<string, unknown>, client = supervisor) =>
  client.json('POST', `${OPERATORS}/versions`, body);

async function siteMap(client: TestClient, headers: Record<string, string> = {}): Promise<SiteMapNode[]> {
  const answer = await readResponse(
    await client.callback(command({ CommandType: 'Profile.Navigation.SiteMap.Xml' }), { headers }),
  );
  expect(answer.status, answer.body).toBe('OK');
  return parseSiteMap(answer.resultXml ?? '');
}

const titles = (nodes: SiteMapNode[]): string[] =>
  nodes.flatMap((node) => [node.title, ...titles(node.children)]);
const find = (nodes: readonly NavigationNode[], title: string): NavigationNode | undefined => {
  for (const node of nodes) {
    if (node.Title === title) return node;
    const inner = find(node.Children, title);
    if (inner) return inner;
  }
  return undefined;
};

/** The operators' tree with a new top-level "Deviations desk" (form 102) and Help renamed. */
function edited(tree: NavigationDefinition): NavigationDefinition {
  const copy = structuredClone(tree);
  const help = copy.Nodes.find((node) => node.Title === 'Help')!;
  help.Title = 'Help and guides';
  copy.Nodes.unshift({
    Title: 'Deviations desk',
    Description: 'Open deviations',
    Link: { Kind: 'form', WebTemplateNo: 102 },
    Children: [{ Title: 'Overview', Link: { Kind: 'dashboard', DashboardId: 1 }, Children: [] }],
  });
  return copy;
}

describe('navigation designer (real server)', () => {
  it('lists every profile with version 1 of its seeded navigation', async () => {
    const response = await supervisor.fetch(NAVIGATION);
    expect(response.status).toBe(200);
    const list = DesignerNavigationListSchema.parse(await response.json());
    expect(list.Items.map((item) => [item.ProfileId, item.Version])).toEqual(
      expect.arrayContaining([
        [1, 1],
        [OPERATOR_PROFILE_ID, 1],
      ]),
    );
    const operators = await current();
    expect(operators.PublishedAt).toBe('1970-01-01T00:00:00.000Z');
    expect(find(operators.Navigation.Nodes, 'Suppliers')?.Link).toEqual({ Kind: 'form', WebTemplateNo: 101 });
    expect(find(operators.Navigation.Nodes, 'Quality')?.Link).toBeUndefined();
  });

  it('refuses a user without the navigation-design role (403) and stores nothing', async () => {
    const before = await current();
    for (const response of [
      await operator.fetch(NAVIGATION),
      await operator.fetch(OPERATORS),
      await publish(
        { BaseVersion: before.Version, Navigation: before.Navigation, ChangeNote: 'x' },
        operator,
      ),
    ]) {
      expect(response.status).toBe(403);
      expect((await errorBody(response)).Code).toBe('FORBIDDEN');
    }
    expect((await current()).Version).toBe(before.Version);
  });

  it('answers 400 at the node for a link to a missing form, command or dashboard, a foreign id, a bad URL', async () => {
    const before = await current();
    const tree = structuredClone(before.Navigation);
    tree.Nodes[0]!.Children.push(
      { Title: 'Ghost form', Link: { Kind: 'form', WebTemplateNo: 999 }, Children: [] },
      { Title: 'Ghost command', Link: { Kind: 'command', CommandId: 999 }, Children: [] },
      { Title: 'Ghost dashboard', Link: { Kind: 'dashboard', DashboardId: 999 }, Children: [] },
      { Id: 999_999, Title: 'Foreign', Children: [] },
    );
    const n = before.Navigation.Nodes[0]!.Children.length;
    const response = await publish({ BaseVersion: before.Version, Navigation: tree, ChangeNote: 'Ghosts' });
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.Code).toBe('VALIDATION');
    expect(body.Issues?.map((issue) => [issue.path, issue.message])).toEqual([
      [['Navigation', 'Nodes', 0, 'Children', n, 'Link', 'WebTemplateNo'], 'No form 999'],
      [['Navigation', 'Nodes', 0, 'Children', n + 1, 'Link', 'CommandId'], 'No process command 999'],
      [['Navigation', 'Nodes', 0, 'Children', n + 2, 'Link', 'DashboardId'], 'No dashboard 999'],
      [['Navigation', 'Nodes', 0, 'Children', n + 3, 'Id'], 'Node 999999 is not a node of this navigation'],
    ]);

    const script = structuredClone(before.Navigation);
    script.Nodes[0]!.Children[0]!.Link = { Kind: 'url', Url: 'javascript:alert(1)' };
    const bad = await publish({ BaseVersion: before.Version, Navigation: script, ChangeNote: 'x' });
    expect(bad.status).toBe(400);
    expect((await errorBody(bad)).Issues?.[0]?.path).toEqual([
      'Navigation',
      'Nodes',
      0,
      'Children',
      0,
      'Link',
      'Url',
    ]);
    expect((await current()).Version).toBe(before.Version);
  });

  it('publishes: the profile menu shows it, kept nodes keep their ids and translations, new nodes get new ids', async () => {
    const before = await current();
    const help = find(before.Navigation.Nodes, 'Help')!;
    const suppliers = find(before.Navigation.Nodes, 'Suppliers')!;
    const maxId = (await withDb((sql) =>
      sql.get<{ id: number }>('SELECT max(id) AS id FROM navigation_nodes'),
    ))!.id;
    expect(maxId).toEqual(expect.any(Number));
    await withDb((sql) =>
      sql.run(
        `INSERT INTO translations (lang_code, db_entity_id, parent_id, property_id, element_name, text, updated_by, updated_at_utc)
         VALUES ('de', 2, ?, ?, 'Title', 'Lieferanten (Test)', 'test', '2026-01-01T00:00:00.000Z')
         ON CONFLICT (lang_code, db_entity_id, parent_id, property_id, element_name)
         DO UPDATE SET text = excluded.text, updated_by = excluded.updated_by, updated_at_utc = excluded.updated_at_utc`,
        [OPERATOR_PROFILE_ID, suppliers.Id],
      ),
    );
    server.clock.advance(60_000);
    const response = await publish({
      BaseVersion: before.Version,
      Navigation: edited(before.Navigation),
      ChangeNote: 'Deviations desk for operators',
    });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    const published = PublishedNavigationVersionSchema.parse(JSON.parse(text));
    expect(published).toMatchObject({ Version: before.Version + 1, PublishedBy: 'supervisor' });
    const desk = find(published.Navigation.Nodes, 'Deviations desk')!;
    expect(desk.Id).toBeGreaterThan(maxId);
    expect(desk.Children[0]!.Id).toBeGreaterThan(maxId);
    expect(find(published.Navigation.Nodes, 'Help and guides')?.Id).toBe(help.Id);

    // The operator's next page load reads the new menu.
    const menu = await siteMap(operator);
    expect(menu[0]).toMatchObject({ id: desk.Id, title: 'Deviations desk', url: '/form?WebTemplateNo=102' });
    expect(menu[0]?.children[0]?.url).toBe('/dashboard?id=1');
    expect(titles(menu)).toContain('Help and guides');
    expect(menu.find((node) => node.title === 'Help and guides')?.id).toBe(help.Id);

    // A kept node's translation is still served.
    expect((await operator.json('PATCH', 'api/v1/session/preferences', { language: 'de' })).status).toBe(200);
    try {
      expect(titles(await siteMap(operator))).toContain('Lieferanten (Test)');
    } finally {
      await operator.json('PATCH', 'api/v1/session/preferences', { language: 'en' });
    }

    const versions = DefinitionVersionListSchema.parse(
      await (await supervisor.fetch(`${OPERATORS}/versions`)).json(),
    );
    expect(versions.Items.map((item) => [item.Version, item.ChangeNote])).toEqual([
      [before.Version + 1, 'Deviations desk for operators'],
      [1, 'Seeded navigation'],
    ]);
    const diff = NavigationDiffSchema.parse(
      await (await supervisor.fetch(`${OPERATORS}/diff?from=1&to=${before.Version + 1}`)).json(),
    );
    expect(diff.Changes.map((change) => [change.Change, change.Path])).toEqual([
      ['added', 'Deviations desk'],
      ['added', 'Deviations desk / Overview'],
      ['renamed', 'Help and guides'],
    ]);
  });

  it('gives a Timepoint before the publish the menu in force then', async () => {
    const latest = await current();
    expect(latest.Version).toBeGreaterThan(1);
    const before = new Date(Date.parse(latest.PublishedAt) - 1).toISOString();
    const old = await siteMap(operator, { 'x-procedo-timepoint': before });
    expect(titles(old)).not.toContain('Deviations desk');
    expect(titles(old)).toContain('Help');
    const now = await siteMap(operator, { 'x-procedo-timepoint': latest.PublishedAt });
    expect(titles(now)).toContain('Deviations desk');
  });

  it('refuses a publish on a stale BaseVersion with 409 CONFLICT and CurrentVersion, overwriting nothing', async () => {
    const latest = await current();
    const response = await publish({ BaseVersion: 1, Navigation: { Nodes: [] }, ChangeNote: 'Stale' });
    expect(response.status).toBe(409);
    expect(DefinitionConflictBodySchema.parse(await response.json()).CurrentVersion).toBe(latest.Version);
    expect(await current()).toEqual(latest);
    expect(titles(await siteMap(operator))).toContain('Deviations desk');
  });

  it('reverts by publishing version 1 again: same ids as before, a new version', async () => {
    const latest = await current();
    const first = DesignerNavigationSchema.parse(
      await (await supervisor.fetch(`${OPERATORS}/versions/1`)).json(),
    );
    const response = await publish({
      BaseVersion: latest.Version,
      Navigation: first.Navigation,
      ChangeNote: 'Revert',
    });
    expect(response.status).toBe(201);
    const reverted = await current();
    expect(reverted.Version).toBe(latest.Version + 1);
    expect(reverted.Navigation).toEqual(first.Navigation);
    expect(titles(await siteMap(operator))).not.toContain('Deviations desk');
  });

  it('keeps versions append-only (the database refuses an update, a delete and a replace)', async () => {
    await withDb(async (sql) => {
      await expect(sql.run("UPDATE navigation_versions SET change_note = 'x'")).rejects.toThrow(
        /append-only/,
      );
      await expect(sql.run('DELETE FROM navigation_versions')).rejects.toThrow(/append-only/);
      const row = `(profile_id, version, json, published_at_utc, published_by, change_note)
             VALUES (2, 1, '[]', '1970-01-01T00:00:00.000Z', 'x', 'x')`;
      // Each engine's way to overwrite a row by its key: a replace on SQLite, an upsert on PostgreSQL.
      await expect(
        sql.run(
          sql.engine === 'sqlite'
            ? `INSERT OR REPLACE INTO navigation_versions ${row}`
            : `INSERT INTO navigation_versions ${row}
             ON CONFLICT (profile_id, version) DO UPDATE SET change_note = excluded.change_note`,
        ),
      ).rejects.toThrow(/append-only/);
    });
  });

  it('refuses a publish at a Timepoint (409 READ_ONLY_TIMEPOINT)', async () => {
    const latest = await current();
    const response = await supervisor.fetch(`${OPERATORS}/versions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': supervisor.cookies.get('procedo_csrf') ?? '',
        'x-procedo-timepoint': latest.PublishedAt,
      },
      body: JSON.stringify({ BaseVersion: latest.Version, Navigation: latest.Navigation, ChangeNote: 'x' }),
    });
    expect(response.status).toBe(409);
    expect((await errorBody(response)).Code).toBe('READ_ONLY_TIMEPOINT');
  });
});
