import { ApiErrorBodySchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInServer, startSignedInServer } from '../testing/harness';
import { JSON_MAX_DEPTH, jsonShapeProblem } from './json-shape';

// The fixes the hostile-input properties (src/testing/hostile-*.property.test.ts) led to, each with
// the counterexample that found it, and `null` as the body of every call that takes none.

let signedIn: SignedInServer;
beforeAll(async () => {
  signedIn = await startSignedInServer();
});
afterAll(async () => {
  await signedIn.server.close();
});

const PROCESSES = 'api/v1/user/system/user-processes';

function send(method: string, path: string, text: string | undefined, contentType = 'application/json') {
  const headers: Record<string, string> = {
    'x-csrf-token': signedIn.supervisor.cookies.get('procedo_csrf') ?? '',
  };
  if (text !== undefined) headers['content-type'] = contentType;
  return signedIn.supervisor.fetch(path, { method, headers, body: text });
}

async function errorOf(response: Response) {
  return { status: response.status, ...ApiErrorBodySchema.parse(await response.json()) };
}

async function recordCount(): Promise<number> {
  const page = (await (
    await signedIn.supervisor.fetch('api/v1/forms/102/search/page?count=exact')
  ).json()) as {
    Total: number;
  };
  return page.Total;
}

describe('JSON bodies the parser refuses', () => {
  it('refuses a key given twice 400, which JSON.parse read as its last value (a record was created, 201)', async () => {
    const before = await recordCount();
    const error = await errorOf(
      await send(
        'POST',
        'api/v1/forms/102/records',
        '{"Values":{},"Values":{"Name":"Near Miss Ltd","Country":"Norway","Status":"Approved"}}',
      ),
    );
    expect(error).toMatchObject({ status: 400, Code: 'VALIDATION' });
    expect(error.Issues).toEqual([
      { code: 'duplicate_key', path: ['Values'], message: 'The key appears more than once' },
    ]);
    // A twin deeper in the body, named by its path.
    const nested = await errorOf(
      await send(
        'POST',
        'api/v1/forms/102/records',
        '{"Values":{"Name":"A","Name":"B","Status":"Approved"}}',
      ),
    );
    expect(nested.Issues?.[0]?.path).toEqual(['Values', 'Name']);
    expect(await recordCount()).toBe(before);
  });

  it('refuses __proto__, constructor and prototype as keys anywhere 400 (a record with Values.__proto__ was created, a publish with Definition.constructor stored)', async () => {
    const before = await recordCount();
    const proto = await errorOf(
      await send(
        'POST',
        'api/v1/forms/102/records',
        '{"Values":{"__proto__":{"polluted":true},"Name":"Near Miss Ltd","Country":"Norway","Status":"Approved"}}',
      ),
    );
    expect(proto).toMatchObject({ status: 400, Code: 'VALIDATION' });
    expect(proto.Issues).toEqual([
      { code: 'forbidden_key', path: ['Values', '__proto__'], message: 'The key __proto__ is not allowed' },
    ]);
    expect(await recordCount()).toBe(before);

    const form = (await (await signedIn.supervisor.fetch('api/v1/designer/forms/102')).json()) as {
      Version: number;
      Definition: Record<string, unknown>;
    };
    for (const key of ['constructor', 'prototype']) {
      const body = JSON.stringify({
        BaseVersion: form.Version,
        Definition: { [key]: { prototype: { polluted: true } }, ...form.Definition },
        ChangeNote: 'Sneaky',
      });
      const error = await errorOf(await send('POST', 'api/v1/designer/forms/102/versions', body));
      expect(error.Issues?.[0]).toMatchObject({ code: 'forbidden_key', path: ['Definition', key] });
    }
    const after = (await (await signedIn.supervisor.fetch('api/v1/designer/forms/102')).json()) as {
      Version: number;
    };
    expect(after.Version).toBe(form.Version);
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  });

  it('refuses a JSON body declared in UTF-7 415 (any charset but UTF-8, UTF-16 and ASCII)', async () => {
    const error = await errorOf(
      await send(
        'PATCH',
        'api/v1/session/preferences',
        '{"language":"en"}',
        'application/json; charset=utf-7',
      ),
    );
    expect(error).toMatchObject({ status: 415, Code: 'UNSUPPORTED_MEDIA_TYPE' });
    const utf16 = await signedIn.supervisor.fetch('api/v1/session/preferences', {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json; charset=utf-16le',
        'x-csrf-token': signedIn.supervisor.cookies.get('procedo_csrf') ?? '',
      },
      body: new Uint8Array(Buffer.from('{"language":"en"}', 'utf16le')),
    });
    expect(utf16.status).toBe(200);
  });

  it('counts nesting: the limit is accepted, one level more is refused with the path to it', () => {
    const nest = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(jsonShapeProblem(nest(JSON_MAX_DEPTH))).toBeNull();
    expect(jsonShapeProblem(`{"a":${nest(JSON_MAX_DEPTH)}}`)?.issues?.[0]).toMatchObject({
      code: 'too_deep',
      path: ['a', 0, 0].concat(Array(JSON_MAX_DEPTH - 3).fill(0)),
    });
    // Keys inside strings, escapes and arrays of objects are read as JSON reads them.
    expect(jsonShapeProblem('{"a":"{\\"a\\":1,\\"a\\":2}","b":[{"a":1},{"a":2}]}')).toBeNull();
    expect(jsonShapeProblem('{"a":1,"\\u0061":2}')?.issues?.[0]).toMatchObject({
      code: 'duplicate_key',
      path: ['a'],
    });
    expect(jsonShapeProblem('[{"x":1},{"y":[1,{"z":1,"z":2}]}]')?.issues?.[0]?.path).toEqual([
      1,
      'y',
      1,
      'z',
    ]);
  });
});

describe('a null JSON body, on every call that takes no body', () => {
  it('is accepted like no body: process and step resets, the step run, report and pick-list calls, process creation', async () => {
    const commands = (await (
      await signedIn.supervisor.fetch(`${PROCESSES}/lookup/commands/creatable-as-process`)
    ).json()) as {
      Id: number;
      Name: string;
    }[];
    const capa = commands.find((command) => command.Name === 'CAPA')!;
    const created = await send(
      'POST',
      `${PROCESSES}/command/create-process?originatingCommandId=${capa.Id}`,
      'null',
    );
    expect(created.status).toBe(201);
    const process = (await created.json()) as { Id: number; AllSteps: { Id: number }[] };
    const step = process.AllSteps[0]!.Id;
    expect((await send('POST', `${PROCESSES}/steps/${step}/action/run`, 'null')).status).toBe(200);
    expect((await send('POST', `${PROCESSES}/process/${process.Id}/reset/hard`, 'null')).status).toBe(200);
    expect((await send('POST', `${PROCESSES}/steps/${step}/reset/hard`, 'null')).status).toBe(200);
    expect((await send('POST', `${PROCESSES}/steps/${step}/chain/reset/hard`, 'null')).status).toBe(200);
    // Not a pick list nor a report: refused for the step's kind (409), never for the body (400).
    for (const call of ['pick-list/data', 'action/complete/report-document']) {
      const error = await errorOf(await send('POST', `${PROCESSES}/steps/${step}/${call}`, 'null'));
      expect(error).toMatchObject({ status: 409, Code: 'OUT_OF_ORDER' });
    }
    // A body with content is still refused on a call that takes none.
    const error = await errorOf(await send('POST', `${PROCESSES}/steps/${step}/reset/hard`, '{"x":1}'));
    expect(error).toMatchObject({ status: 400, Code: 'VALIDATION' });
  });

  it('is accepted by the user, filter and session calls without a body', async () => {
    expect((await send('POST', 'api/v1/users/2/disable', 'null')).status).toBe(200);
    expect((await send('POST', 'api/v1/users/2/enable', 'null')).status).toBe(200);
    const filter = (await (
      await signedIn.supervisor.json('POST', 'api/v1/forms/102/filters', {
        Name: 'Null body',
        Filter: { Combine: 'and', Conditions: [{ Field: 'Name', Op: 'contains', Value: 'x' }] },
      })
    ).json()) as { Id: number };
    expect((await send('DELETE', `api/v1/forms/102/filters/${filter.Id}`, 'null')).status).toBe(200);
    expect((await send('POST', 'api/v1/session/keep-alive', 'null')).status).toBe(200);
    expect((await send('POST', 'api/v1/session/logout', 'null')).status).toBe(204);
  });
});
