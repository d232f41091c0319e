import {
  ApiErrorBodySchema,
  ConflictBodySchema,
  CreatableCommandListSchema,
  type FormDefinition,
  FormResponseSchema,
  type Process,
  ProcessSchema,
  RecordSchema,
  SessionContextSchema,
  StepResultSchema,
} from '@procedo/client-api';
import { DesignerFormSchema } from '@procedo/client-api/designer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { INTERACTION_TOUR } from './db/seed-processes';
import {
  command,
  fakeClock,
  readResponse,
  startTestServer,
  TestClient,
  type TestServer,
} from './testing/harness';
import { createTestPgDatabase, type TestPgDatabase } from './testing/pg';

// Two servers of one deployment on one PostgreSQL database (issue 15): what a user does on one
// holds on the other, because sessions, record versions, logon counters and step results live in
// the database and cache refreshes travel by LISTEN/NOTIFY.

let database: TestPgDatabase;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  database = await createTestPgDatabase();
  // One clock for both, as the servers of a deployment share real time: a version one publishes
  // is in force at the other's "now".
  const clock = fakeClock();
  const shared = {
    databaseUrl: database.url,
    now: clock.now,
    logonRateLimit: { max: 3, windowMs: 60_000 },
  };
  a = await startTestServer(shared);
  b = await startTestServer(shared);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.drop();
});

const on = (server: TestServer) => new TestClient(() => server.url);
/** The same browser (its cookies) talking to another server of the deployment. */
function sameBrowserOn(client: TestClient, server: TestServer): TestClient {
  const other = on(server);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}
async function signedIn(server: TestServer, userName = 'supervisor') {
  const client = on(server);
  await client.logon(userName);
  return client;
}
const errorBody = async (response: Response) => ApiErrorBodySchema.parse(await response.json());
async function ok<S extends z.core.$ZodType>(schema: S, response: Response, status = 200) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return z.parse(schema, JSON.parse(text));
}

describe('a session', () => {
  it('made on A works on B, and a logout on A ends it on B', async () => {
    const onA = await signedIn(a);
    const contextA = await ok(SessionContextSchema, await onA.fetch('api/v1/session'));
    const onB = sameBrowserOn(onA, b);
    const contextB = await ok(SessionContextSchema, await onB.fetch('api/v1/session'));
    expect(contextB.SessionId).toBe(contextA.SessionId);
    expect(contextB.User.name).toBe('supervisor');

    expect((await onA.json('POST', 'api/v1/session/logout')).status).toBe(204);
    const after = await onB.fetch('api/v1/session');
    expect(after.status).toBe(401);
    expect((await errorBody(after)).Code).toBe('NOT_LOGGED_ON');
  });
});

describe('a record', () => {
  // Raced on four records: one pair may by chance reach the database one after the other (then it
  // is a plain stale save), so one race alone could miss a broken conflict check.
  it.each([1, 2, 3, 4])(
    'saved at the same version on A and on B at once: one success, one 409, one new version (#%i)',
    async () => {
      const onA = await signedIn(a);
      const onB = await signedIn(b);
      const created = await ok(
        RecordSchema,
        await onA.json('POST', 'api/v1/forms/102/records', {
          Values: { Name: 'Cluster Supplies', Status: 'Approved' },
        }),
        201,
      );
      const save = (client: TestClient, country: string) =>
        client.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
          Version: created.Version,
          Values: { Country: country },
        });
      const answers = await Promise.all([save(onA, 'Chile'), save(onB, 'Peru')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!;
      const saved = RecordSchema.parse(await winner.json());
      const conflict = ConflictBodySchema.parse(
        await answers.find((answer) => answer.status === 409)!.json(),
      );
      expect(conflict.Current).toMatchObject({ Version: created.Version + 1 });
      expect(conflict.Current.Values.Country).toBe(saved.Values.Country);

      for (const client of [onA, onB]) {
        const current = await ok(RecordSchema, await client.fetch(`api/v1/forms/102/records/${created.Id}`));
        expect(current).toMatchObject({ Version: created.Version + 1 });
        expect(current.Values.Country).toBe(saved.Values.Country);
        const next = await client.fetch(
          `api/v1/forms/102/records/${created.Id}?version=${created.Version + 2}`,
        );
        expect(next.status).toBe(404);
      }
    },
  );
});

/** The names of the elements of the supplier form's General tab. */
function generalNames(definition: FormDefinition): string[] {
  const tabs = definition.Elements[0];
  if (tabs?.Kind !== 'tabs') throw new Error('form 102 starts with its tabs');
  return tabs.Tabs[0]!.Elements.map((element) => element.Name);
}

describe('a cache refresh', () => {
  it('on A (a designer publish) is seen by B, which had the form cached', async () => {
    const designer = await signedIn(a);
    const operatorOnB = await signedIn(b, 'operator');
    const formOnB = async () =>
      generalNames((await ok(FormResponseSchema, await operatorOnB.fetch('api/v1/forms/102'))).Definition);
    expect(await formOnB()).not.toContain('ClusterCode');

    const base = await ok(DesignerFormSchema, await designer.fetch('api/v1/designer/forms/102'));
    const draft = structuredClone(base.Definition);
    const tabs = draft.Elements[0];
    if (tabs?.Kind !== 'tabs') throw new Error('form 102 starts with its tabs');
    tabs.Tabs[0]!.Elements.push({ Kind: 'text', Name: 'ClusterCode', Label: 'Cluster code' });
    const published = await designer.json('POST', 'api/v1/designer/forms/102/versions', {
      BaseVersion: base.Version,
      Definition: draft,
      ChangeNote: 'Add the cluster code',
    });
    expect(published.status).toBe(201);
    // A serves it at once (its own listeners ran before the publish answered).
    expect(
      generalNames((await ok(FormResponseSchema, await designer.fetch('api/v1/forms/102'))).Definition),
    ).toContain('ClusterCode');

    // The notification reaches B asynchronously: poll, bounded (2 s), and fail if it never does.
    let names = await formOnB();
    for (let i = 0; i < 40 && !names.includes('ClusterCode'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      names = await formOnB();
    }
    expect(names).toContain('ClusterCode');
  });
});

describe('Template.CacheRefresh', () => {
  /** The product search form's title as `client` sees it (in its user's language). */
  const titleOn = async (client: TestClient) =>
    (await ok(FormResponseSchema, await client.fetch('api/v1/forms/110'))).Definition.Title;
  /** Polls B (the notification is asynchronous) for up to 2 s; the last title read. */
  async function awaitTitle(client: TestClient, title: string) {
    let seen = await titleOn(client);
    for (let i = 0; i < 40 && seen !== title; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await titleOn(client);
    }
    return seen;
  }

  it('on A after a change in the database is seen by B, which had the translation cached', async () => {
    const translator = await signedIn(a, 'translator');
    const supervisor = await signedIn(a);
    const operatorOnB = await signedIn(b, 'operator');
    expect((await operatorOnB.json('PATCH', 'api/v1/session/preferences', { language: 'de' })).status).toBe(
      200,
    );
    try {
      // B reads the form in German first, so it has the translations cached.
      const before = await titleOn(operatorOnB);
      expect(before).not.toBe('Artikel');
      const saved = await readResponse(
        await translator.callback(
          command({
            CommandType: 'wtoElementExecCommand',
            CommandElementName: 'ProductSearch',
            DbEntityId: '1',
            ParentId: '110',
            PropertyId: '2',
            LangCode: 'de',
            CommandName: 'entity.translation.save',
            TranslationText: 'Artikel',
          }),
        ),
      );
      expect(saved.status, saved.body).toBe('OK');
      // A translation saved on A drops B's cached one too.
      expect(await awaitTitle(operatorOnB, 'Artikel')).toBe('Artikel');

      // A change made in the database behind the servers' backs: B keeps what it cached …
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query(
          "UPDATE demo.translations SET text = 'Waren' WHERE lang_code = 'de' AND parent_id = 110 AND property_id = 2",
        );
      } finally {
        await client.end();
      }
      expect(await titleOn(operatorOnB)).toBe('Artikel');
      // … until a cache refresh on A, which B hears of.
      const refresh = await readResponse(
        await supervisor.callback(command({ CommandType: 'Template.CacheRefresh' })),
      );
      expect(refresh.status).toBe('OK');
      expect(await awaitTitle(operatorOnB, 'Waren')).toBe('Waren');
    } finally {
      await operatorOnB.json('PATCH', 'api/v1/session/preferences', { language: 'en' });
    }
  });
});

describe('a step run', () => {
  const BASE = 'api/v1/user/system/user-processes';
  const run = (client: TestClient, stepId: number, body: unknown) =>
    client.json('POST', `${BASE}/steps/${stepId}/action/run`, body);
  async function tourCommand(client: TestClient): Promise<number> {
    const commands = await ok(
      CreatableCommandListSchema,
      await client.fetch(`${BASE}/lookup/commands/creatable-as-process?$orderby=Name`),
    );
    const id = commands.find((command) => command.Name === INTERACTION_TOUR)?.Id;
    if (id === undefined) throw new Error(`no command ${INTERACTION_TOUR}`);
    return id;
  }
  const completionsOf = (process: Process, stepId: number) =>
    process.History.filter((event) => event.StepId === stepId && event.Kind === 'step-completed');

  it('repeated on B after A answered returns the stored result, and the step completes once', async () => {
    const onA = await signedIn(a);
    const onB = sameBrowserOn(onA, b);
    const tourId = await tourCommand(onA);
    // The create with an Idempotency-Key, retried on B (a client whose first answer was lost).
    const createOn = (client: TestClient) =>
      client.fetch(`${BASE}/command/create-process?originatingCommandId=${tourId}&mode=1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': client.cookies.get('procedo_csrf') ?? '',
          'idempotency-key': '"cluster-tour-1"',
        },
        body: '{}',
      });
    const tour: Process = await ok(ProcessSchema, await createOn(onA), 201);
    const retried = await createOn(onB);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect((await ok(ProcessSchema, retried, 201)).Id).toBe(tour.Id);
    const [s1, s2] = tour.AllSteps;
    const asked = await ok(StepResultSchema, await run(onA, s1!.Id, null));
    expect(asked.ConfirmRequired).toBe(true);
    const answer = { ...asked, Confirmed: true, ConfirmResult: true };

    const first = await run(onA, s1!.Id, answer);
    const firstBody = await first.text();
    expect(first.status, firstBody).toBe(200);
    const again = await run(onB, s1!.Id, answer);
    const againBody = await again.text();
    expect(again.status).toBe(first.status);
    expect(JSON.parse(againBody)).toEqual(JSON.parse(firstBody));

    const process = await ok(ProcessSchema, await onB.fetch(`${BASE}/process/${tour.Id}`));
    expect(process.CurrentStepId).toBe(s2!.Id);
    expect(completionsOf(process, s1!.Id)).toHaveLength(1);
  });

  // Raced three times, for the reason the record saves are.
  it.each([1, 2, 3])(
    'sent to A and to B at once has one effect: both answer the same result, the step completes once (#%i)',
    async () => {
      const onA = await signedIn(a);
      const onB = sameBrowserOn(onA, b);
      const tour = await ok(
        ProcessSchema,
        await onA.json(
          'POST',
          `${BASE}/command/create-process?originatingCommandId=${await tourCommand(onA)}&mode=1`,
          {},
        ),
        201,
      );
      const [s1, s2] = tour.AllSteps;
      const asked = await ok(StepResultSchema, await run(onA, s1!.Id, null));
      const answer = { ...asked, Confirmed: true, ConfirmResult: true };
      const answers = await Promise.all([run(onA, s1!.Id, answer), run(onB, s1!.Id, answer)]);
      const bodies = await Promise.all(answers.map((response) => response.text()));
      expect(
        answers.map((response) => response.status),
        bodies.join('\n'),
      ).toEqual([200, 200]);
      expect(JSON.parse(bodies[1]!)).toEqual(JSON.parse(bodies[0]!));
      const process = await ok(ProcessSchema, await onA.fetch(`${BASE}/process/${tour.Id}`));
      expect(process.CurrentStepId).toBe(s2!.Id);
      expect(completionsOf(process, s1!.Id)).toHaveLength(1);
    },
  );
});

describe('the failed-logon limit', () => {
  it('is shared: failures spread over A and B reach it, and the next is 429 on either server', async () => {
    const attempt = (server: TestServer, password: string) =>
      on(server).json('POST', 'api/v1/session/logon', {
        Database: 'demo',
        UserName: 'demo',
        Password: password,
      });
    for (const server of [a, b, a]) expect((await attempt(server, 'wrong')).status).toBe(401);
    for (const server of [b, a]) {
      const limited = await attempt(server, 'wrong');
      expect(limited.status).toBe(429);
      expect((await errorBody(limited)).Code).toBe('RATE_LIMITED');
    }
    // Even the right password waits out the window, on either server.
    expect((await attempt(b, 'demo')).status).toBe(429);
  });
});
