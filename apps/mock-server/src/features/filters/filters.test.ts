import {
  ApiErrorBodySchema,
  type SavedFilterCreate,
  SavedFilterListSchema,
  SavedFilterSchema,
  SearchConditionMessages,
} from '@procedo/client-api';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../composition';
import type { DatabaseCatalog } from '../../db/catalog';
import { openPgCatalog } from '../../db/pg-catalog';
import { OPERATOR_PROFILE_ID } from '../../db/seed-data';
import { isAppError } from '../../errors/app-error';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { withServerSql } from '../../testing/server-sql';

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

async function save(client: TestClient, no: number, body: Partial<SavedFilterCreate> = {}) {
  const response = await client.json('POST', `api/v1/forms/${no}/filters`, {
    Name: uniqueName('Filter'),
    Filter: byCountry('DE'),
    ...body,
  });
  expect(response.status).toBe(201);
  return SavedFilterSchema.parse(await response.json());
}

const list = async (client: TestClient, no: number) => {
  const response = await client.fetch(`api/v1/forms/${no}/filters`);
  expect(response.status).toBe(200);
  return SavedFilterListSchema.parse(await response.json()).Items;
};

/** Hides a field of a form for the operators' profile, as an administrator's permission would. */
async function hideForOperators(webTemplateNo: number, elementName: string) {
  await withServerSql(server, (sql) =>
    sql.run(
      `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
       VALUES (?, ?, 'profile', ?, 1, 0)`,
      [webTemplateNo, elementName, OPERATOR_PROFILE_ID],
    ),
  );
}

/**
 * The catalog of a second process on the test server's databases, on its engine: its PostgreSQL
 * schemas, or its SQLite files (that opener imported only there, so the file runs on both engines).
 */
async function secondCatalog(): Promise<DatabaseCatalog> {
  const logger = pino({ level: 'silent' });
  if (server.databaseUrl) {
    return openPgCatalog({ url: server.databaseUrl, logger, now: server.clock.now, poolSize: 2 });
  }
  const { openSqliteCatalog } = await import('../../db/sqlite-catalog');
  return openSqliteCatalog({ dataDir: server.dataDir, logger, now: server.clock.now });
}

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

describe('saved filters', () => {
  it('saves a private filter that its owner reads back and nobody else sees', async () => {
    const saved = await save(operator, 101, { Name: 'German suppliers', EntityViewName: 'Suppliers' });
    expect(saved).toMatchObject({
      Name: 'German suppliers',
      EntityViewName: 'Suppliers',
      IsShared: false,
      IsOwn: true,
      OwnerName: 'operator',
      Filter: byCountry('DE'),
      Version: 1,
      CreatedBy: 'operator',
    });
    expect(await list(operator, 101)).toContainEqual(saved);
    expect((await list(supervisor, 101)).map((item) => item.Id)).not.toContain(saved.Id);
    const read = await supervisor.fetch(`api/v1/forms/101/filters/${saved.Id}`);
    expect(await errorOf(read)).toMatchObject({ status: 403, Code: 'FORBIDDEN' });
  });

  it('refuses a malformed date with 400 naming the condition it is in', async () => {
    const response = await operator.json('POST', 'api/v1/forms/103/filters', {
      Name: uniqueName('Dates'),
      Filter: {
        Combine: 'or',
        Conditions: [
          { Field: 'Title', Op: 'contains', Value: 'leak' },
          { Field: 'OccurredOn', Op: 'gt', Value: '2026-13-45' },
        ],
      },
    });
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 400, Code: 'VALIDATION' });
    expect(error.Issues).toEqual([
      { code: 'invalid_condition', path: ['Filter', 'Conditions', 1], message: SearchConditionMessages.date },
    ]);
  });

  it('refuses a second filter of the same name of one owner on one form', async () => {
    const first = await save(operator, 101);
    const again = await operator.json('POST', 'api/v1/forms/101/filters', {
      Name: first.Name,
      Filter: byCountry('FR'),
    });
    const error = await errorOf(again);
    expect(error).toMatchObject({ status: 400, Code: 'VALIDATION' });
    expect(error.Issues?.[0]?.path).toEqual(['Name']);
    // Another user may use the name.
    await save(supervisor, 101, { Name: first.Name });
  });

  it('lets only supervisors save a shared filter, which every user then reads', async () => {
    const refused = await operator.json('POST', 'api/v1/forms/101/filters', {
      Name: uniqueName('Shared'),
      IsShared: true,
      Filter: byCountry('DE'),
    });
    expect(await errorOf(refused)).toMatchObject({ status: 403, Code: 'FORBIDDEN' });
    const shared = await save(supervisor, 101, { IsShared: true });
    const seen = (await list(operator, 101)).find((item) => item.Id === shared.Id);
    expect(seen).toMatchObject({ IsShared: true, IsOwn: false, OwnerName: 'supervisor' });
  });

  it('lets only the owner, or a supervisor for a shared one, change or delete a filter', async () => {
    const shared = await save(supervisor, 101, { IsShared: true });
    const change = { Name: shared.Name, IsShared: true, Filter: byCountry('FR'), Version: 1 };
    const put = await operator.json('PUT', `api/v1/forms/101/filters/${shared.Id}`, change);
    expect(await errorOf(put)).toMatchObject({ status: 403, Code: 'FORBIDDEN' });
    const del = await operator.json('DELETE', `api/v1/forms/101/filters/${shared.Id}`);
    expect(await errorOf(del)).toMatchObject({ status: 403, Code: 'FORBIDDEN' });

    const mine = await save(operator, 101);
    const bySupervisor = await supervisor.json('PUT', `api/v1/forms/101/filters/${mine.Id}`, {
      Name: mine.Name,
      Filter: byCountry('FR'),
      Version: 1,
    });
    expect(await errorOf(bySupervisor)).toMatchObject({ status: 403, Code: 'FORBIDDEN' });

    const changed = await operator.json('PUT', `api/v1/forms/101/filters/${mine.Id}`, {
      Name: 'Renamed',
      Filter: byCountry('FR'),
      Version: 1,
    });
    expect(changed.status).toBe(200);
    expect(SavedFilterSchema.parse(await changed.json())).toMatchObject({
      Name: 'Renamed',
      Filter: byCountry('FR'),
      Version: 2,
    });
    const deleted = await operator.json('DELETE', `api/v1/forms/101/filters/${mine.Id}`);
    expect(deleted.status).toBe(200);
    expect((await list(operator, 101)).map((item) => item.Id)).not.toContain(mine.Id);
  });

  it('lets a supervisor change a shared filter another user owns', async () => {
    const mine = await save(operator, 101);
    // An operator cannot share: the filter of a user who was a supervisor when sharing it.
    expect(
      await withServerSql(server, (sql) =>
        sql.run('UPDATE saved_filters SET is_shared = 1 WHERE id = ?', [mine.Id]),
      ),
    ).toBe(1);
    const changed = await supervisor.json('PUT', `api/v1/forms/101/filters/${mine.Id}`, {
      Name: mine.Name,
      IsShared: true,
      Filter: byCountry('NL'),
      Version: 1,
    });
    expect(changed.status).toBe(200);
    expect(SavedFilterSchema.parse(await changed.json())).toMatchObject({
      IsOwn: false,
      OwnerName: 'operator',
      UpdatedBy: 'supervisor',
    });
  });

  it('refuses a change from a stale version with 409', async () => {
    const mine = await save(operator, 101);
    const body = { Name: mine.Name, Filter: byCountry('FR'), Version: mine.Version };
    expect((await operator.json('PUT', `api/v1/forms/101/filters/${mine.Id}`, body)).status).toBe(200);
    const stale = await operator.json('PUT', `api/v1/forms/101/filters/${mine.Id}`, {
      ...body,
      Filter: byCountry('IT'),
    });
    expect(await errorOf(stale)).toMatchObject({ status: 409, Code: 'VERSION_CONFLICT' });
    const kept = await operator.fetch(`api/v1/forms/101/filters/${mine.Id}`);
    expect(SavedFilterSchema.parse(await kept.json()).Filter).toEqual(byCountry('FR'));
  });

  it('answers 404 for a filter of another form or none', async () => {
    const mine = await save(operator, 101);
    expect((await operator.fetch(`api/v1/forms/103/filters/${mine.Id}`)).status).toBe(404);
    expect((await operator.fetch('api/v1/forms/101/filters/999999')).status).toBe(404);
  });

  it('refuses writes at a Timepoint and calls without a session or CSRF token', async () => {
    const atPast = await operator.fetch('api/v1/forms/101/filters', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': operator.cookies.get('procedo_csrf') ?? '',
        'x-procedo-timepoint': '2026-01-01T00:00:00.000Z',
      },
      body: JSON.stringify({ Name: uniqueName('Past'), Filter: byCountry('DE') }),
    });
    expect(await errorOf(atPast)).toMatchObject({ status: 409, Code: 'READ_ONLY_TIMEPOINT' });
    const noCsrf = await operator.json(
      'POST',
      'api/v1/forms/101/filters',
      { Name: uniqueName('X'), Filter: byCountry('DE') },
      { csrf: false },
    );
    expect(await errorOf(noCsrf)).toMatchObject({ status: 403, Code: 'CSRF' });
    const anonymous = await fetch(new URL('api/v1/forms/101/filters', server.url));
    expect(anonymous.status).toBe(401);
  });

  it('refuses a filter on a form the user may not open', async () => {
    const response = await operator.json('POST', 'api/v1/forms/105/filters', {
      Name: uniqueName('Certificates'),
      Filter: { Combine: 'and', Conditions: [{ Field: 'X', Op: 'empty' }] },
    });
    expect(await errorOf(response)).toMatchObject({ status: 403, Code: 'FORBIDDEN' });
  });
});

describe('a saved filter naming a field hidden for the reader', () => {
  let sharedId = 0;
  beforeAll(async () => {
    // Supervisors see InternalNotes of form 102; operators do not (seeded permission).
    const shared = await save(supervisor, 102, {
      Name: 'Notes mention audit',
      IsShared: true,
      Filter: {
        Combine: 'and',
        Conditions: [
          { Field: 'Name', Op: 'contains', Value: 'a' },
          { Field: 'InternalNotes', Op: 'contains', Value: 'audit' },
        ],
      },
    });
    sharedId = shared.Id;
  });

  it('is left out of the list and answered 403 with nothing of it when used', async () => {
    expect((await list(supervisor, 102)).map((item) => item.Id)).toContain(sharedId);
    expect((await list(operator, 102)).map((item) => item.Id)).not.toContain(sharedId);
    const read = await operator.fetch(`api/v1/forms/102/filters/${sharedId}`);
    const text = await read.text();
    expect(read.status).toBe(403);
    expect(JSON.parse(text)).toMatchObject({ Code: 'FORBIDDEN' });
    expect(text).not.toMatch(/InternalNotes|audit|Notes mention/);
  });

  it('refuses to save a filter on a field hidden for the user', async () => {
    const response = await operator.json('POST', 'api/v1/forms/102/filters', {
      Name: uniqueName('Hidden'),
      Filter: { Combine: 'and', Conditions: [{ Field: 'InternalNotes', Op: 'contains', Value: 'x' }] },
    });
    const error = await errorOf(response);
    expect(error).toMatchObject({ status: 400, Code: 'VALIDATION' });
    expect(error.Issues).toEqual([
      {
        code: 'invalid_condition',
        path: ['Filter', 'Conditions', 0],
        message: SearchConditionMessages.unknownField,
      },
    ]);
  });

  it('hides a filter saved before its field was hidden from its own owner', async () => {
    const mine = await save(operator, 106, {
      Filter: { Combine: 'and', Conditions: [{ Field: 'Name', Op: 'contains', Value: 'x' }] },
    });
    await hideForOperators(106, 'Name');
    expect((await list(operator, 106)).map((item) => item.Id)).not.toContain(mine.Id);
    expect((await operator.fetch(`api/v1/forms/106/filters/${mine.Id}`)).status).toBe(403);
  });
});

describe('resolveSavedFilters (what the search and-s with its conditions)', () => {
  it('answers the filters, 404 for an unknown id and 403 for another user’s private or a hidden field', async () => {
    const own = await save(operator, 101, { Filter: byCountry('CH') });
    const shared = await save(supervisor, 101, { IsShared: true, Filter: byCountry('AT') });
    const othersPrivate = await save(supervisor, 101);
    const hidden = await save(supervisor, 102, {
      IsShared: true,
      Filter: { Combine: 'and', Conditions: [{ Field: 'InternalNotes', Op: 'notEmpty' }] },
    });

    // The services of a second process on the same databases, signed in as the operator.
    const catalog = await secondCatalog();
    try {
      const services = createServices({
        catalog,
        logger: pino({ level: 'silent' }),
        now: server.clock.now,
        options: {
          sessionTimeoutMinutes: 20,
          sessionMaxHours: 12,
          faultInjection: false,
          dataDir: server.dataDir,
        },
      });
      const authentication = await services.sessions.authenticate(
        decodeURIComponent(operator.cookies.get('procedo_session') ?? ''),
      );
      if (authentication.state !== 'active') throw new Error('operator not signed in');
      const { auth } = authentication;
      const resolve = (no: number, ids: number[]) => services.filters.resolveSavedFilters(auth, no, ids);
      const statusOf = (no: number, ids: number[]) =>
        resolve(no, ids).then(
          () => 200,
          (error: unknown) => (isAppError(error) ? error.status : 500),
        );

      await expect(resolve(101, [own.Id, shared.Id])).resolves.toEqual([byCountry('CH'), byCountry('AT')]);
      expect(await statusOf(101, [own.Id, 999_999])).toBe(404);
      expect(await statusOf(101, [othersPrivate.Id])).toBe(403);
      expect(await statusOf(102, [hidden.Id])).toBe(403);
      expect(await statusOf(103, [own.Id])).toBe(404);
    } finally {
      await catalog.close();
    }
  });
});
