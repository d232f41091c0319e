import {
  ApiErrorBodySchema,
  type SavedFilterCreate,
  SavedFilterListSchema,
  SavedFilterSchema,
} from '@procedo/client-api';
import {
  FilterChangeListSchema,
  ManagedFilterListSchema,
  ManagedFilterSchema,
} from '@procedo/client-api/designer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

const errorOf = async (response: Response) => ({
  status: response.status,
  ...ApiErrorBodySchema.parse(await response.json()),
});

const byCountry = (country: string): SavedFilterCreate['Filter'] => ({
  Combine: 'and',
  Conditions: [{ Field: 'Country', Op: 'equals', Value: country }],
});

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
let nameNo = 0;
const uniqueName = (prefix: string) => `${prefix} ${++nameNo}`;

async function save(client: TestClient, body: Partial<SavedFilterCreate> = {}) {
  const response = await client.json('POST', 'api/v1/forms/101/filters', {
    Name: uniqueName('Filter'),
    Filter: byCountry('DE'),
    ...body,
  });
  expect(response.status).toBe(201);
  return SavedFilterSchema.parse(await response.json());
}

const managed = async (client = supervisor) => {
  const response = await client.fetch('api/v1/designer/filters/101');
  expect(response.status).toBe(200);
  return ManagedFilterListSchema.parse(await response.json()).Items;
};
const ownList = async (client: TestClient) =>
  SavedFilterListSchema.parse(await (await client.fetch('api/v1/forms/101/filters')).json()).Items;
const change = (id: number, body: unknown, client = supervisor) =>
  client.json('PATCH', `api/v1/designer/filters/101/${id}`, body);

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

describe('designer: saved filters', () => {
  it('refuses a user without the design role (403), before reading a body', async () => {
    const saved = await save(operator);
    expect((await errorOf(await operator.fetch('api/v1/designer/filters/101'))).status).toBe(403);
    const refused = await errorOf(await change(saved.Id, { Version: 1, Name: 'x' }, operator));
    expect(refused).toMatchObject({ status: 403, Code: 'FORBIDDEN' });
    expect((await errorOf(await operator.fetch(`api/v1/designer/filters/101/changes`))).status).toBe(403);
  });

  it("lists every user's filters of the form, private ones too, with owner, shared and the fields they name", async () => {
    const mine = await save(operator, { Name: uniqueName('Private of operator') });
    const items = await managed();
    expect(items.find((item) => item.Id === mine.Id)).toEqual({
      Id: mine.Id,
      WebTemplateNo: 101,
      Name: mine.Name,
      OwnerName: 'operator',
      IsShared: false,
      Fields: ['Country'],
      Version: 1,
      UpdatedBy: 'operator',
      UpdatedAt: mine.UpdatedAt,
    });
    expect((await errorOf(await supervisor.fetch('api/v1/designer/filters/9999'))).status).toBe(404);
  });

  it('renames a filter from its version; the owner sees the new name; the trail says who did it', async () => {
    const mine = await save(operator);
    const response = await change(mine.Id, { Version: 1, Name: 'Renamed by a designer' });
    expect(response.status).toBe(200);
    expect(ManagedFilterSchema.parse(await response.json())).toMatchObject({
      Name: 'Renamed by a designer',
      Version: 2,
      UpdatedBy: 'supervisor',
    });
    expect((await ownList(operator)).find((f) => f.Id === mine.Id)?.Name).toBe('Renamed by a designer');
    const trail = FilterChangeListSchema.parse(
      await (await supervisor.fetch('api/v1/designer/filters/101/changes')).json(),
    ).Items;
    expect(trail[0]).toMatchObject({
      FilterId: mine.Id,
      Change: 'rename',
      OwnerName: 'operator',
      NameBefore: mine.Name,
      NameAfter: 'Renamed by a designer',
      ChangedBy: 'supervisor',
    });
  });

  it('refuses a change from an older version (409 VERSION_CONFLICT) and changes nothing', async () => {
    const mine = await save(operator);
    expect((await change(mine.Id, { Version: 1, IsShared: true })).status).toBe(200);
    const stale = await errorOf(await change(mine.Id, { Version: 1, Name: 'Too late' }));
    expect(stale).toMatchObject({ status: 409, Code: 'VERSION_CONFLICT' });
    const stored = (await managed()).find((item) => item.Id === mine.Id);
    expect(stored).toMatchObject({ Name: mine.Name, IsShared: true, Version: 2 });
    const staleDelete = await supervisor.json('DELETE', `api/v1/designer/filters/101/${mine.Id}?version=1`);
    expect((await errorOf(staleDelete)).status).toBe(409);
  });

  it('refuses a name the owner already uses on the form (400 at Name)', async () => {
    const first = await save(operator);
    const second = await save(operator);
    const refused = await errorOf(await change(second.Id, { Version: 1, Name: first.Name }));
    expect(refused.status).toBe(400);
    expect(refused.Issues?.[0]?.path).toEqual(['Name']);
  });

  it('shares and unshares: a shared filter is in every user’s list, an unshared one only its owner’s', async () => {
    const mine = await save(operator);
    const shared = ManagedFilterSchema.parse(
      await (await change(mine.Id, { Version: 1, IsShared: true })).json(),
    );
    expect(shared.IsShared).toBe(true);
    expect((await ownList(supervisor)).some((f) => f.Id === mine.Id)).toBe(true);
    const unshared = await change(mine.Id, { Version: shared.Version, IsShared: false });
    expect(unshared.status).toBe(200);
    expect((await ownList(supervisor)).some((f) => f.Id === mine.Id)).toBe(false);
    const trail = FilterChangeListSchema.parse(
      await (await supervisor.fetch('api/v1/designer/filters/101/changes')).json(),
    ).Items.filter((entry) => entry.FilterId === mine.Id);
    expect(trail.map((entry) => entry.Change)).toEqual(['unshare', 'share']);
  });

  it('only a supervisor shares, also as a designer (403 at IsShared)', async () => {
    const mine = await save(operator);
    await withDb((sql) =>
      sql.run(
        "INSERT INTO user_roles (user_id, role) SELECT id, 'design' FROM users WHERE name = 'operator'",
      ),
    );
    try {
      const refused = await errorOf(await change(mine.Id, { Version: 1, IsShared: true }, operator));
      expect(refused).toMatchObject({ status: 403, Code: 'FORBIDDEN' });
      expect(refused.Issues?.[0]?.path).toEqual(['IsShared']);
      expect(
        (await change(mine.Id, { Version: 1, Name: uniqueName('By a designer') }, operator)).status,
      ).toBe(200);
    } finally {
      await withDb((sql) =>
        sql.run(
          "DELETE FROM user_roles WHERE role = 'design' AND user_id = (SELECT id FROM users WHERE name = 'operator')",
        ),
      );
    }
  });

  it('deletes a filter from its version; it leaves the owner’s list and the trail keeps it', async () => {
    const mine = await save(operator);
    const response = await supervisor.json('DELETE', `api/v1/designer/filters/101/${mine.Id}?version=1`);
    expect(response.status).toBe(200);
    expect(ManagedFilterSchema.parse(await response.json()).Name).toBe(mine.Name);
    expect((await ownList(operator)).some((f) => f.Id === mine.Id)).toBe(false);
    const trail = FilterChangeListSchema.parse(
      await (await supervisor.fetch('api/v1/designer/filters/101/changes')).json(),
    ).Items;
    expect(trail[0]).toMatchObject({ FilterId: mine.Id, Change: 'delete', NameAfter: null });
    const again = await supervisor.json('DELETE', `api/v1/designer/filters/101/${mine.Id}?version=1`);
    expect((await errorOf(again)).status).toBe(404);
  });

  it('answers bad input with 400 at the field: no version, an empty change, an unknown field', async () => {
    const mine = await save(operator);
    const noVersion = await errorOf(await change(mine.Id, { Name: 'x' }));
    expect(noVersion.status).toBe(400);
    expect(noVersion.Issues?.map((issue) => issue.path)).toEqual([['Version']]);
    expect((await errorOf(await change(mine.Id, { Version: 1 }))).status).toBe(400);
    const unknown = await errorOf(await change(mine.Id, { Version: 1, Owner: 'x' }));
    expect(unknown.Issues?.[0]?.path).toEqual(['Owner']);
    const badDelete = await errorOf(
      await supervisor.json('DELETE', `api/v1/designer/filters/101/${mine.Id}`),
    );
    expect(badDelete.Issues?.[0]?.path).toEqual(['version']);
  });

  it('keeps the trail append-only', async () => {
    await withDb(async (sql) => {
      await expect(sql.run("UPDATE saved_filter_changes SET changed_by = 'x'")).rejects.toThrow(
        /append-only/,
      );
      await expect(sql.run('DELETE FROM saved_filter_changes')).rejects.toThrow(/append-only/);
    });
  });
});
