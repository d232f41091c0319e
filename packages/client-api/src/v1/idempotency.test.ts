import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch';
import { createV1Client } from './client';
import { idempotencyHeaders } from './idempotency';

describe('idempotencyHeaders', () => {
  it('sends the key as a quoted structured-field string, escaping quotes and backslashes', () => {
    expect(idempotencyHeaders('8e03978e-40d5')).toEqual({ 'Idempotency-Key': '"8e03978e-40d5"' });
    expect(idempotencyHeaders('a"b\\c')).toEqual({ 'Idempotency-Key': '"a\\"b\\\\c"' });
    expect(idempotencyHeaders(undefined)).toEqual({});
  });

  it('refuses keys the server would refuse', () => {
    expect(() => idempotencyHeaders('')).toThrow(RangeError);
    expect(() => idempotencyHeaders('k'.repeat(256))).toThrow(RangeError);
    expect(() => idempotencyHeaders('schlüssel')).toThrow(RangeError);
    expect(idempotencyHeaders('k'.repeat(255))['Idempotency-Key']).toHaveLength(257);
  });
});

describe('the calls that create', () => {
  // Answers that fail the schemas are fine here: only the requests sent are checked.
  const setup = () => {
    const fake = fakeFetch(() => new Response('{}', { status: 500 }));
    return {
      ...fake,
      v1: createV1Client({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }),
    };
  };

  it('send Idempotency-Key on record create, process create and upload when given', async () => {
    const { v1, seen } = setup();
    await v1.records.create(102, { Values: {} }, { idempotencyKey: 'r1' }).catch(() => {});
    await v1.processes.createProcess(7, {}, { idempotencyKey: 'p1' }).catch(() => {});
    await v1.forms.upload(new Blob(['x']), 'a.txt', { idempotencyKey: 'u1' }).catch(() => {});
    expect(seen.map((s) => [s.method, s.url.pathname, s.headers.get('idempotency-key')])).toEqual([
      ['POST', '/api/v1/forms/102/records', '"r1"'],
      ['POST', '/api/v1/user/system/user-processes/command/create-process', '"p1"'],
      ['POST', '/api/v1/files', '"u1"'],
    ]);
  });

  it('send no Idempotency-Key without one', async () => {
    const { v1, seen } = setup();
    await v1.records.create(102, { Values: {} }).catch(() => {});
    await v1.processes.createProcess(7, {}).catch(() => {});
    await v1.forms.upload(new Blob(['x']), 'a.txt').catch(() => {});
    expect(seen.map((s) => s.headers.get('idempotency-key'))).toEqual([null, null, null]);
  });
});
