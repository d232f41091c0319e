import { ApiErrorBodySchema } from '@procedo/client-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_BYTES } from '../http/limits';
import { type DbWatch, watchServerDb } from './db-fingerprint';
import { type SignedInServer, startSignedInServer } from './harness';

// Issue 15 item 7: malformed and hostile JSON against the real server's v1 write endpoints. Every
// case is answered 4xx with `{ Message, Code }` (ApiErrorBodySchema), never 5xx, and leaves the
// database as it was.

const PROCESSES = 'api/v1/user/system/user-processes';

/** The JSON kinds a field can hold; a wrong-type case gives a field a value of another kind. */
type Kind = 'string' | 'int' | 'boolean' | 'object' | 'array';

/** One v1 write endpoint: a body it accepts, and the kinds of that body's fields. */
interface Endpoint {
  label: string;
  method: string;
  path: string;
  base: Record<string, unknown>;
  kinds: Record<string, Kind>;
}

let signedIn: SignedInServer;
let db: DbWatch;
let endpoints: Endpoint[];

async function ok(response: Promise<Response>): Promise<Record<string, unknown>> {
  const answer = await response;
  const text = await answer.text();
  if (!answer.ok) throw new Error(`setup failed: ${answer.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

beforeAll(async () => {
  signedIn = await startSignedInServer();
  const { supervisor } = signedIn;
  const record = await ok(
    supervisor.json('POST', 'api/v1/forms/102/records', {
      Values: { Name: 'Hostile Input Ltd', Country: 'Norway', Status: 'Approved' },
    }),
  );
  const commands = (await ok(
    supervisor.fetch(`${PROCESSES}/lookup/commands/creatable-as-process`),
  )) as unknown as {
    Id: number;
    Name: string;
  }[];
  const capa = commands.find((command) => command.Name === 'CAPA')!;
  const process = await ok(
    supervisor.json('POST', `${PROCESSES}/command/create-process?originatingCommandId=${capa.Id}`, {}),
  );
  const stepId = (process.AllSteps as { Id: number }[])[0]!.Id;
  const form = await ok(supervisor.fetch('api/v1/designer/forms/102'));
  const operator = await ok(supervisor.fetch('api/v1/users/2'));
  endpoints = [
    {
      label: 'records create',
      method: 'POST',
      path: 'api/v1/forms/102/records',
      base: { Values: { Name: 'Near Miss Ltd', Country: 'Norway', Status: 'Approved' } },
      kinds: { Values: 'object' },
    },
    {
      label: 'records save',
      method: 'PUT',
      path: `api/v1/forms/102/records/${record.Id}`,
      base: { Version: record.Version, Values: { Name: 'Hostile Input AS' } },
      kinds: { Version: 'int', Values: 'object' },
    },
    {
      label: 'filters create',
      method: 'POST',
      path: 'api/v1/forms/102/filters',
      base: {
        Name: 'Near miss',
        IsShared: false,
        Filter: { Combine: 'and', Conditions: [{ Field: 'Name', Op: 'contains', Value: 'x' }] },
      },
      kinds: { Name: 'string', IsShared: 'boolean', Filter: 'object' },
    },
    {
      label: 'process create',
      method: 'POST',
      path: `${PROCESSES}/command/create-process?originatingCommandId=${capa.Id}`,
      base: { Name: 'Near miss' },
      kinds: { Name: 'string' },
    },
    {
      label: 'step run',
      method: 'POST',
      path: `${PROCESSES}/steps/${stepId}/action/run`,
      // Not a flag: flags also take 0/1 and '0'/'1'/'true'/'false' (spec §4).
      base: { PromptResult: 'Near miss' },
      kinds: { PromptResult: 'string' },
    },
    {
      label: 'designer publish',
      method: 'POST',
      path: 'api/v1/designer/forms/102/versions',
      base: { BaseVersion: form.Version, Definition: form.Definition, ChangeNote: 'Near miss' },
      kinds: { BaseVersion: 'int', Definition: 'object', ChangeNote: 'string' },
    },
    {
      label: 'users edit',
      method: 'PATCH',
      path: 'api/v1/users/2',
      base: {
        Version: (operator.User as { version: number }).version,
        jobTitle: 'Near miss',
        isSupervisor: false,
      },
      kinds: { Version: 'int', jobTitle: 'string', isSupervisor: 'boolean' },
    },
    {
      label: 'session preferences',
      method: 'PATCH',
      path: 'api/v1/session/preferences',
      base: { language: 'en' },
      kinds: { language: 'string' },
    },
  ];
  db = await watchServerDb(signedIn.server);
});
afterAll(async () => {
  db?.close();
  await signedIn.server.close();
});

/** A raw request: the text is sent as it is (duplicate keys, numbers JSON.stringify cannot write). */
function sendRaw(method: string, path: string, text: string, contentType = 'application/json') {
  return signedIn.supervisor.fetch(path, {
    method,
    headers: {
      'content-type': contentType,
      'x-csrf-token': signedIn.supervisor.cookies.get('procedo_csrf') ?? '',
    },
    body: text,
  });
}

interface Expected {
  status?: number;
  code?: string;
}

const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();

async function expectRefused(response: Response, expected: Expected = {}) {
  const text = await response.text();
  const context = `${response.status} ${text.slice(0, 300)}`;
  expect(response.status, context).toBeGreaterThanOrEqual(400);
  expect(response.status, context).toBeLessThan(500);
  expect(response.headers.get('content-type'), context).toMatch(/^application\/json/);
  const body = ApiErrorBodySchema.parse(JSON.parse(text));
  expect(body.Message.length, context).toBeGreaterThan(0);
  if (expected.status !== undefined) expect(response.status, context).toBe(expected.status);
  if (expected.code !== undefined) expect(body.Code, context).toBe(expected.code);
}

/** A hostile body for one endpoint: the raw text and what it must get. */
type Hostile = (endpoint: Endpoint) => fc.Arbitrary<{ text: string } & Expected>;

/** Sends every generated body to every endpoint and checks the answer and the database after each. */
async function refusesAll(hostile: Hostile, numRuns: number, having?: Kind) {
  const before = await db.full();
  const targets = having
    ? endpoints.filter((endpoint) => Object.values(endpoint.kinds).includes(having))
    : endpoints;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...targets).chain((endpoint) => hostile(endpoint).map((body) => ({ endpoint, body }))),
      async ({ endpoint, body }) => {
        const { status, code } = body;
        // Taken per case: a change is blamed on the case that made it, shrinking included.
        const quickBefore = await db.quick();
        await expectRefused(await sendRaw(endpoint.method, endpoint.path, body.text), { status, code });
        const quickAfter = await db.quick();
        const changed = Object.keys(quickAfter).filter((table) => quickAfter[table] !== quickBefore[table]);
        expect(changed, `${endpoint.label} changed ${changed.join(', ')}`).toEqual([]);
      },
    ),
    { numRuns },
  );
  expect(await db.full()).toEqual(before);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
}

const VALIDATION: Expected = { status: 400, code: 'VALIDATION' };

const valueOfKind: Record<Kind, fc.Arbitrary<unknown>> = {
  string: fc.string({ maxLength: 20 }),
  int: fc.integer(),
  boolean: fc.boolean(),
  object: fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  array: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
};
const KINDS = Object.keys(valueOfKind) as Kind[];

/** Base body's JSON with the field `key`'s value written as `valueText` (raw, so any token fits). */
function withField(base: Record<string, unknown>, key: string, valueText: string): string {
  const parts = Object.entries(base)
    .filter(([name]) => name !== key)
    .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
  parts.push(`${JSON.stringify(key)}:${valueText}`);
  return `{${parts.join(',')}}`;
}

const fieldOf = (endpoint: Endpoint) => fc.constantFrom(...Object.keys(endpoint.kinds));

describe('hostile JSON bodies on the v1 write endpoints, for any case', { timeout: 60_000 }, () => {
  it('refuses a field of the wrong type, or a body that is not an object, 400 VALIDATION', async () => {
    await refusesAll(
      (endpoint) =>
        fc.oneof(
          fieldOf(endpoint).chain((key) =>
            fc
              .constantFrom(...KINDS.filter((kind) => kind !== endpoint.kinds[key]))
              .chain((kind) => valueOfKind[kind])
              .map((value) => ({
                text: withField(endpoint.base, key, JSON.stringify(value)),
                ...VALIDATION,
              })),
          ),
          fc
            .oneof(fc.integer(), fc.string(), fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }))
            .map((value) => ({ text: JSON.stringify(value), ...VALIDATION })),
        ),
      400,
    );
  });

  it('refuses an unknown key (strict), a prototype key among them, 400 VALIDATION', async () => {
    const key = fc.oneof(
      fc.string({ minLength: 1, maxLength: 20 }).map((name) => `~${name}`),
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        '__defineGetter__',
      ),
    );
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constant({ isSupervisor: true, polluted: true }),
      fc.constant({ prototype: { polluted: true } }),
    );
    await refusesAll(
      (endpoint) =>
        fc.tuple(key, value).map(([name, inner]) => {
          const text = withField(endpoint.base, name, JSON.stringify(inner));
          return { text, ...VALIDATION };
        }),
      400,
    );
  });

  it('refuses a prototype key inside a nested object (record Values, a filter, a definition), 400', async () => {
    await refusesAll(
      (endpoint) =>
        fc
          .tuple(
            fc.constantFrom(...Object.keys(endpoint.kinds).filter((key) => endpoint.kinds[key] === 'object')),
            fc.constantFrom('__proto__', 'constructor', 'prototype'),
          )
          .map(([field, name]) => {
            const inner = JSON.stringify(endpoint.base[field]).replace(
              /^\{/,
              `{${JSON.stringify(name)}:{"polluted":true,"prototype":{"polluted":true}},`,
            );
            return { text: withField(endpoint.base, field, inner), status: 400 };
          }),
      150,
      'object',
    );
  });

  it('refuses a key given twice, even with the same valid value, 400 VALIDATION', async () => {
    await refusesAll(
      (endpoint) =>
        fc.tuple(fieldOf(endpoint), fc.boolean()).chain(([key, sameValue]) =>
          (sameValue ? fc.constant(endpoint.base[key]) : valueOfKind[endpoint.kinds[key]!]).map((first) => {
            // JSON.parse keeps the last: the body reads as the valid one unless the server sees the twin.
            const text = withField(endpoint.base, key, JSON.stringify(endpoint.base[key])).replace(
              /^\{/,
              `{${JSON.stringify(key)}:${JSON.stringify(first)},`,
            );
            return { text, ...VALIDATION };
          }),
        ),
      300,
    );
  });

  it('refuses deep nesting, in a field or as the whole body, 400', async () => {
    const nested = fc
      .tuple(fc.integer({ min: 65, max: 16_000 }), fc.boolean())
      .map(([depth, arrays]) =>
        arrays
          ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
          : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      );
    await refusesAll(
      (endpoint) =>
        fc.tuple(fieldOf(endpoint), nested, fc.boolean()).map(([key, value, whole]) => ({
          text: whole ? value : withField(endpoint.base, key, value),
          status: 400,
        })),
      150,
    );
  });

  it('refuses huge, negative-zero and non-JSON numbers, 4xx', async () => {
    const number = fc.oneof(
      fc.constantFrom('1e400', '-1e400', '-0', '-0.0', '1e-400', '0', '-1', '0.5', '1.5e3'),
      fc.constantFrom('123456789012345678901234567890', '9007199254740993', '-9007199254740993', '1e16'),
      fc.stringMatching(/^[1-9][0-9]{20,300}$/),
      // Not JSON at all: JSON.parse refuses them.
      fc.constantFrom('NaN', 'Infinity', '-Infinity', '+1', '01', '.5', '0x10', '1_000', '1e', '--1'),
    );
    await refusesAll(
      (endpoint) =>
        // Any 4xx: `1.5e3` is a well-formed version number, and a stale one is 409 VERSION_CONFLICT.
        fc
          .tuple(fieldOf(endpoint), number)
          .map(([key, text]) => ({ text: withField(endpoint.base, key, text) })),
      400,
    );
  });

  it('refuses huge strings: 400 past a field maximum within the body limit, 413 past the body limit', async () => {
    await refusesAll(
      (endpoint) =>
        fc
          .tuple(
            fc.constantFrom(...Object.keys(endpoint.kinds).filter((key) => endpoint.kinds[key] === 'string')),
            fc.integer({ min: 20_000, max: JSON_MAX_BYTES + 50_000 }),
            fc.constantFrom('x', 'é', '\u0000', '"'),
          )
          .map(([key, length, char]) => {
            const text = withField(endpoint.base, key, JSON.stringify(char.repeat(length)));
            return Buffer.byteLength(text) > JSON_MAX_BYTES
              ? { text, status: 413, code: 'PAYLOAD_TOO_LARGE' }
              : { text, ...VALIDATION };
          }),
      80,
      'string',
    );
  });

  it('refuses a body in an unsupported charset or of another type, 415', async () => {
    const before = await db.full();
    for (const endpoint of endpoints) {
      for (const type of [
        'application/json; charset=utf-7',
        'application/json; charset=ucs-4',
        'text/plain',
      ]) {
        await expectRefused(
          await sendRaw(endpoint.method, endpoint.path, JSON.stringify(endpoint.base), type),
          {
            status: 415,
            code: 'UNSUPPORTED_MEDIA_TYPE',
          },
        );
      }
    }
    expect(await db.full()).toEqual(before);
  });
});

describe('repeated query parameters, for any read and parameter', { timeout: 60_000 }, () => {
  it('refuses a parameter given twice 400 VALIDATION, on reads and on the create-process call', async () => {
    const reads: [path: string, param: string, value: string][] = [
      [PROCESSES, '$top', '5'],
      [PROCESSES, '$skip', '0'],
      [PROCESSES, 'state', 'open'],
      [PROCESSES, '$orderby', 'Name'],
      [`${PROCESSES}/lookup/commands/creatable-as-process`, '$orderby', 'Name'],
      ['api/v1/forms/102/search', 'text', 'a'],
      ['api/v1/forms/102/search', 'page', '0'],
      ['api/v1/forms/102/search/page', 'limit', '5'],
      ['api/v1/forms/102/search/page', 'count', 'exact'],
      ['api/v1/forms/102/search/page', 'sort', 'Name'],
      ['api/v1/users', 'limit', '5'],
      ['api/v1/users', 'text', 'o'],
      ['api/v1/audit', 'limit', '5'],
      ['api/v1/audit', 'UserName', 'supervisor'],
      ['api/v1/security-events', 'limit', '5'],
      ['api/v1/designer/changes', 'limit', '5'],
      ['api/v1/pickers/suppliers', 'text', 'a'],
    ];
    const before = await db.full();
    const commands = (await (
      await signedIn.supervisor.fetch(`${PROCESSES}/lookup/commands/creatable-as-process`)
    ).json()) as {
      Id: number;
    }[];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...reads).map(([path, param, value]) => ({ method: 'GET', path, param, value })),
          fc.constant({
            method: 'POST',
            path: `${PROCESSES}/command/create-process`,
            param: 'originatingCommandId',
            value: String(commands[0]!.Id),
          }),
        ),
        fc.integer({ min: 2, max: 5 }),
        fc.boolean(),
        async ({ method, path, param, value }, times, sameValue) => {
          const query = Array.from(
            { length: times },
            (_, i) =>
              `${encodeURIComponent(param)}=${encodeURIComponent(sameValue || i === 0 ? value : `${value}${i}`)}`,
          ).join('&');
          const response =
            method === 'GET'
              ? await signedIn.supervisor.fetch(`${path}?${query}`)
              : await sendRaw(method, `${path}?${query}`, '{}');
          await expectRefused(response, VALIDATION);
        },
      ),
      { numRuns: 300 },
    );
    expect(await db.full()).toEqual(before);
  });
});

describe('the near misses', () => {
  it('accepts each endpoint\u2019s base body as it is (so every hostile case above differs from a valid body only by its fault)', async () => {
    for (const endpoint of endpoints) {
      const response = await sendRaw(endpoint.method, endpoint.path, JSON.stringify(endpoint.base));
      expect(response.status, `${endpoint.label}: ${await response.text()}`).toBeLessThan(300);
    }
  });
});
