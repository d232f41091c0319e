import {
  ApiErrorBodySchema,
  type FieldValues,
  FormPermissionsSchema,
  FormResponseSchema,
  PermissionHistoryPageSchema,
  PermissionOverviewSchema,
  PermissionOwnersSchema,
  RecordSchema,
  type SavePermissionsRequest,
  SearchResultSchema,
} from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;

beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

const OPERATORS = { OwnerType: 'profile', OwnerId: 2 } as const;
const OPERATOR_USER = { OwnerType: 'user', OwnerId: 2 } as const;

const errorBody = async (response: Response) => ApiErrorBodySchema.parse(await response.json());

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

const storedRows = () => withDb((sql) => sql.all('SELECT * FROM element_permissions ORDER BY 1, 2, 3, 4'));
const changeCount = async () =>
  (await withDb((sql) => sql.get<{ n: number }>('SELECT count(*) AS n FROM element_permission_changes')))?.n;

async function editor(no: number, owner: { OwnerType: string; OwnerId: number }, client = supervisor) {
  const response = await client.fetch(
    `api/v1/permissions/forms/${no}?ownerType=${owner.OwnerType}&ownerId=${owner.OwnerId}`,
  );
  expect(response.status).toBe(200);
  return FormPermissionsSchema.parse(await response.json());
}

async function save(
  no: number,
  owner: { OwnerType: 'user' | 'profile'; OwnerId: number },
  changes: SavePermissionsRequest['Changes'],
  version?: number,
) {
  const body: SavePermissionsRequest = {
    ...owner,
    Version: version ?? (await editor(no, owner)).Version,
    Changes: changes,
  };
  return supervisor.json('PUT', `api/v1/permissions/forms/${no}`, body);
}

async function createSupplier(values: FieldValues) {
  const response = await supervisor.json('POST', 'api/v1/forms/102/records', {
    Values: { Name: 'Permission Test Co', Status: 'Approved', ...values },
  });
  expect(response.status).toBe(201);
  return RecordSchema.parse(await response.json());
}

describe('the element permissions editor API', () => {
  it('refuses every call of a user without the permission-design role with 403 and stores nothing', async () => {
    const before = await storedRows();
    for (const pathname of [
      'api/v1/permissions',
      'api/v1/permissions/owners',
      'api/v1/permissions/history',
      'api/v1/permissions/forms/102?ownerType=profile&ownerId=2',
    ]) {
      const response = await operator.fetch(pathname);
      expect(response.status, pathname).toBe(403);
      expect((await errorBody(response)).Code).toBe('FORBIDDEN');
    }
    const put = await operator.json('PUT', 'api/v1/permissions/forms/102', {
      ...OPERATOR_USER,
      Version: 0,
      Changes: [{ Name: 'Rating', Hidden: false, Locked: false }],
    });
    expect(put.status).toBe(403);
    expect((await errorBody(put)).Message).toBe('You do not have the right to edit element permissions.');
    expect(await storedRows()).toEqual(before);
  });

  it('lists the form’s named elements in form order with the owner’s flags', async () => {
    const view = await editor(102, OPERATORS);
    expect(view.FormTitle).toBeTruthy();
    expect(view.Owner).toMatchObject({ OwnerType: 'profile', OwnerId: 2, Name: 'Operators' });
    const names = view.Elements.map((element) => element.Name);
    expect(names.slice(0, 4)).toEqual(['SupplierTabs', 'General', 'Name', 'Country']);
    expect(view.Elements.find((element) => element.Name === 'General')).toMatchObject({
      Kind: 'tab',
      Depth: 1,
    });
    expect(view.Elements.find((element) => element.Name === 'Rating')).toMatchObject({
      Depth: 2,
      Hidden: false,
      Locked: true,
      Effective: { Hidden: false, Locked: true },
    });
  });

  it('hides an element for a profile: the next read of every session of it lacks the element and its value', async () => {
    const created = await createSupplier({ Email: 'secret@hidden.example', Country: 'Chile' });
    const first = await operator.fetch(`api/v1/forms/102/records/${created.Id}`);
    expect(RecordSchema.parse(await first.json()).Values.Email).toBe('secret@hidden.example');

    const saved = await save(102, OPERATORS, [{ Name: 'Email', Hidden: true, Locked: false }]);
    expect(saved.status).toBe(200);
    expect(
      FormPermissionsSchema.parse(await saved.json()).Elements.find((element) => element.Name === 'Email'),
    ).toMatchObject({ Hidden: true, Effective: { Hidden: true, Locked: false } });

    try {
      // The operator's session existed before the save: its very next requests see it.
      const form = FormResponseSchema.parse(await (await operator.fetch('api/v1/forms/102')).json());
      expect(form.Permissions).toContainEqual({ NAME: 'Email', ElementHidden: true, ElementLocked: false });
      const read = RecordSchema.parse(
        await (await operator.fetch(`api/v1/forms/102/records/${created.Id}`)).json(),
      );
      expect(read.Values).not.toHaveProperty('Email');
      expect(read.Values.Country).toBe('Chile');
      const text = await (await operator.fetch(`api/v1/forms/102/records/${created.Id}`)).text();
      expect(text).not.toContain('secret@hidden.example');
      const search = SearchResultSchema.parse(
        await (await operator.fetch('api/v1/forms/101/search?text=permission')).json(),
      );
      for (const row of search.Rows) expect(row.Values).not.toHaveProperty('Email');
      // The supervisor's profile is not affected.
      const asSupervisor = RecordSchema.parse(
        await (await supervisor.fetch(`api/v1/forms/102/records/${created.Id}`)).json(),
      );
      expect(asSupervisor.Values.Email).toBe('secret@hidden.example');
    } finally {
      expect((await save(102, OPERATORS, [{ Name: 'Email', Hidden: false, Locked: false }])).status).toBe(
        200,
      );
    }
    const again = RecordSchema.parse(
      await (await operator.fetch(`api/v1/forms/102/records/${created.Id}`)).json(),
    );
    expect(again.Values.Email).toBe('secret@hidden.example');
  });

  it('locks an element: the operator’s next write of it is refused and nothing changes', async () => {
    const created = await createSupplier({ Country: 'Peru' });
    expect((await save(102, OPERATORS, [{ Name: 'Country', Hidden: false, Locked: true }])).status).toBe(200);
    try {
      const write = await operator.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
        Version: 1,
        Values: { Country: 'Bolivia' },
      });
      expect(write.status).toBe(403);
      expect((await errorBody(write)).Code).toBe('ELEMENT_PERMISSION');
      const after = RecordSchema.parse(
        await (await supervisor.fetch(`api/v1/forms/102/records/${created.Id}`)).json(),
      );
      expect(after.Values.Country).toBe('Peru');
    } finally {
      await save(102, OPERATORS, [{ Name: 'Country', Hidden: false, Locked: false }]);
    }
  });

  it('shows what a hidden tab passes on, and enforces it on the tab’s elements', async () => {
    const created = await createSupplier({ Phone: '+4412345678', Country: 'Spain' });
    expect((await save(102, OPERATOR_USER, [{ Name: 'General', Hidden: true, Locked: false }])).status).toBe(
      200,
    );
    try {
      const view = await editor(102, OPERATOR_USER);
      const phone = view.Elements.find((element) => element.Name === 'Phone');
      expect(phone).toMatchObject({
        Hidden: false,
        Inherited: { Hidden: true, Locked: false, From: 'General' },
        Effective: { Hidden: true, Locked: false },
      });
      // A user's view includes what their profile's rows give them (Rating locked for operators).
      expect(view.Elements.find((element) => element.Name === 'Rating')).toMatchObject({
        Locked: false,
        Effective: { Locked: true },
      });
      const read = RecordSchema.parse(
        await (await operator.fetch(`api/v1/forms/102/records/${created.Id}`)).json(),
      );
      expect(read.Values).not.toHaveProperty('Phone');
      expect(read.Values).not.toHaveProperty('Country');
    } finally {
      await save(102, OPERATOR_USER, [{ Name: 'General', Hidden: false, Locked: false }]);
    }
  });

  it('refuses an element the form does not have with 400 naming it, and stores nothing of the batch', async () => {
    const before = await storedRows();
    const changes = await changeCount();
    const response = await save(102, OPERATORS, [
      { Name: 'Email', Hidden: true, Locked: false },
      { Name: 'NoSuchElement', Hidden: true, Locked: false },
    ]);
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.Code).toBe('VALIDATION');
    expect(body.Issues).toEqual([expect.objectContaining({ path: ['Changes', 1, 'Name'] })]);
    expect(body.Message).toContain('NoSuchElement');
    expect(await storedRows()).toEqual(before);
    expect(await changeCount()).toBe(changes);
  });

  it('refuses an owner or a form that does not exist with 404 naming it, and stores nothing', async () => {
    const before = await storedRows();
    const changes = await changeCount();
    for (const owner of [
      { OwnerType: 'user', OwnerId: 9999 },
      { OwnerType: 'profile', OwnerId: 9999 },
    ] as const) {
      const response = await save(102, owner, [{ Name: 'Email', Hidden: true, Locked: false }], 0);
      expect(response.status).toBe(404);
      const body = await errorBody(response);
      expect(body.Code).toBe('NOT_FOUND');
      expect(body.Issues).toEqual([expect.objectContaining({ path: ['OwnerId'] })]);
    }
    const read = await supervisor.fetch('api/v1/permissions/forms/102?ownerType=user&ownerId=9999');
    expect(read.status).toBe(404);
    const form = await save(999, OPERATORS, [{ Name: 'Email', Hidden: true, Locked: false }], 0);
    expect(form.status).toBe(404);
    expect((await errorBody(form)).Issues).toEqual([expect.objectContaining({ path: ['WebTemplateNo'] })]);
    const unknownField = await supervisor.json('PUT', 'api/v1/permissions/forms/102', {
      ...OPERATORS,
      Version: 0,
      Changes: [{ Name: 'Email', Hidden: true, Locked: false, Extra: 1 }],
    });
    expect(unknownField.status).toBe(400);
    expect(await storedRows()).toEqual(before);
    expect(await changeCount()).toBe(changes);
  });

  it('refuses a save from a stale version with 409, so two editors never overwrite each other', async () => {
    const { Version } = await editor(103, OPERATORS);
    expect(
      (await save(103, OPERATORS, [{ Name: 'Severity', Hidden: false, Locked: true }], Version)).status,
    ).toBe(200);
    const before = await storedRows();
    const stale = await save(103, OPERATORS, [{ Name: 'Severity', Hidden: true, Locked: false }], Version);
    expect(stale.status).toBe(409);
    expect((await errorBody(stale)).Code).toBe('VERSION_CONFLICT');
    expect(await storedRows()).toEqual(before);
    const fresh = await editor(103, OPERATORS);
    expect(fresh.Version).toBeGreaterThan(Version);
    expect(fresh.Elements.find((element) => element.Name === 'Severity')).toMatchObject({ Locked: true });
    await save(103, OPERATORS, [{ Name: 'Severity', Hidden: false, Locked: false }], fresh.Version);
  });

  it('audits each changed element (who, when, old and new flags) in an append-only table', async () => {
    const savedAt = new Date(server.clock.now()).toISOString();
    await save(103, OPERATOR_USER, [
      { Name: 'Title', Hidden: false, Locked: true },
      { Name: 'Status', Hidden: false, Locked: false }, // unchanged: no change row
    ]);
    const history = PermissionHistoryPageSchema.parse(
      await (await supervisor.fetch('api/v1/permissions/history?webTemplateNo=103&limit=1')).json(),
    );
    expect(history.Items).toEqual([
      expect.objectContaining({
        UserName: 'supervisor',
        WebTemplateNo: 103,
        ElementName: 'Title',
        OwnerType: 'user',
        OwnerId: 2,
        OldHidden: false,
        OldLocked: false,
        NewHidden: false,
        NewLocked: true,
      }),
    ]);
    expect(history.Items[0]!.AtUtc).toBe(savedAt);
    const id = history.Items[0]!.Id;
    await withDb(async (sql) => {
      const row = `INTO element_permission_changes (id, at_utc, user_id, user_name, web_template_no,
         element_name, owner_type, owner_id, old_hidden, old_locked, new_hidden, new_locked)
       VALUES (?, '2020-01-01T00:00:00.000Z', 1, 'mallory', 103, 'Title', 'user', 2, 0, 0, 0, 0)`;
      // Each engine's way to overwrite a row by its key: a replace on SQLite, an upsert on PostgreSQL.
      const overwrite =
        sql.engine === 'sqlite'
          ? `INSERT OR REPLACE ${row}`
          : `INSERT ${row} ON CONFLICT (id) DO UPDATE SET new_locked = excluded.new_locked`;
      for (const statement of [
        'UPDATE element_permission_changes SET new_locked = 0 WHERE id = ?',
        'DELETE FROM element_permission_changes WHERE id = ?',
        overwrite,
      ]) {
        await expect(sql.run(statement, [id])).rejects.toThrow(/append-only/);
      }
    });
    const again = PermissionHistoryPageSchema.parse(
      await (await supervisor.fetch('api/v1/permissions/history?webTemplateNo=103&limit=1')).json(),
    );
    expect(again.Items[0]).toEqual(history.Items[0]);
    await save(103, OPERATOR_USER, [{ Name: 'Title', Hidden: false, Locked: false }]);
  });

  it('refuses a save while viewing a timepoint with 409 READ_ONLY_TIMEPOINT, storing nothing', async () => {
    const before = await storedRows();
    const { Version } = await editor(102, OPERATORS);
    const response = await supervisor.json(
      'PUT',
      `api/v1/permissions/forms/102?Timepoint=${encodeURIComponent('2026-01-01T00:00:00.000Z')}`,
      { ...OPERATORS, Version, Changes: [{ Name: 'Email', Hidden: true, Locked: false }] },
    );
    expect(response.status).toBe(409);
    expect((await errorBody(response)).Code).toBe('READ_ONLY_TIMEPOINT');
    expect(await storedRows()).toEqual(before);
  });

  it('lists every permission row by form and owner, with the owners’ names', async () => {
    const overview = PermissionOverviewSchema.parse(
      await (await supervisor.fetch('api/v1/permissions')).json(),
    );
    expect(overview.Items).toContainEqual(
      expect.objectContaining({
        WebTemplateNo: 102,
        OwnerType: 'profile',
        OwnerId: 2,
        OwnerName: 'Operators',
        ElementName: 'Rating',
        Hidden: false,
        Locked: true,
      }),
    );
    const keys = overview.Items.map((row) => [
      row.WebTemplateNo,
      row.OwnerType === 'profile' ? 0 : 1,
      row.OwnerId,
    ]);
    expect(keys).toEqual([...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!));
    const owners = PermissionOwnersSchema.parse(
      await (await supervisor.fetch('api/v1/permissions/owners')).json(),
    );
    expect(owners.Users.map((owner) => owner.Name)).toContain('operator');
    expect(owners.Profiles.map((owner) => owner.Name)).toEqual(expect.arrayContaining(['Operators']));
  });
});
