import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { ResponseShapeError } from '../errors';
import { createV1Client } from './client';
import { type UserAccount, UserCreateSchema, UserPatchSchema } from './user-schemas';
import { isUserConflictError } from './users';

const account: UserAccount = {
  id: 2,
  name: 'operator',
  legalName: 'Olive Operator',
  preferences: { ui: 'modern', language: 'en' },
  profileId: 2,
  profileName: 'Operators',
  isSupervisor: false,
  department: 'Manufacturing',
  region: 'EMEA',
  mobileTel: '+44 7700 900456',
  emailBusiness: 'olive.operator@procedo.example',
  emailPrivate: '',
  jobTitle: 'Production Operator',
  isDisabled: false,
  roles: [],
  version: 3,
};

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return { ...fake, v1: createV1Client({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }) };
}

describe('users api', () => {
  it('calls the users endpoints with the CSRF header on writes', async () => {
    const { v1, seen } = client((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/v1/users') {
        return request.method === 'GET'
          ? json(200, { Users: [account], NextCursor: null })
          : json(201, account);
      }
      if (pathname === '/api/v1/users/2' && request.method === 'GET')
        return json(200, { User: account, History: [] });
      if (pathname === '/api/v1/users/me') return json(200, { User: account, Languages: ['en'] });
      return json(200, account);
    });
    await expect(v1.users.list({ text: ' oper ', limit: 10 })).resolves.toEqual({
      Users: [account],
      NextCursor: null,
    });
    await v1.users.get(2);
    await v1.users.update(2, { Version: 3, jobTitle: 'Lead' });
    await v1.users.disable(2);
    await v1.users.enable(2);
    await v1.users.create({ name: 'n', legalName: 'N', profileId: 2, password: 'long enough' });
    await expect(v1.users.me()).resolves.toEqual({ User: account, Languages: ['en'] });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /api/v1/users?text=oper&limit=10',
      'GET /api/v1/users/2',
      'PATCH /api/v1/users/2',
      'POST /api/v1/users/2/disable',
      'POST /api/v1/users/2/enable',
      'POST /api/v1/users',
      'GET /api/v1/users/me',
    ]);
    expect(seen[2]?.headers.get('x-csrf-token')).toBe('t');
  });

  it('turns a 409 with the current user into a UserConflictError', async () => {
    const { v1 } = client(() =>
      json(409, { Message: 'changed', Code: 'VERSION_CONFLICT', Current: { ...account, version: 4 } }),
    );
    const error = await v1.users.update(2, { Version: 3, region: 'APAC' }).catch((e: unknown) => e);
    expect(isUserConflictError(error)).toBe(true);
    expect((error as { current: UserAccount }).current.version).toBe(4);
  });

  it('refuses an answer that is not a user account', async () => {
    const { v1 } = client(() => json(200, { ...account, roles: ['root'] }));
    await expect(v1.users.disable(2)).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe('user field rules', () => {
  const issues = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('checks each field as the server does: lengths, e-mail, phone characters, language, name characters', () => {
    const result = UserPatchSchema.safeParse({
      Version: 1,
      name: 'has space',
      legalName: '',
      mobileTel: '12a',
      emailPrivate: 'a@b',
      language: 'English',
      region: 'r'.repeat(101),
      roles: ['design', 'design'],
    });
    expect(issues(result)).toEqual({
      name: "Use letters, digits, '.', '_', '-' or '@' only",
      legalName: 'Enter a value',
      mobileTel: 'Use digits, spaces and + ( ) - . / only',
      emailPrivate: 'Enter an e-mail address such as name@example.com',
      language: 'Choose a language',
      region: 'Use at most 100 characters',
      roles: 'Give each role once',
    });
  });

  it('accepts empty optional fields, trims texts and refuses unknown fields', () => {
    expect(UserPatchSchema.parse({ Version: 1, emailBusiness: '', mobileTel: '', jobTitle: ' x ' })).toEqual({
      Version: 1,
      emailBusiness: '',
      mobileTel: '',
      jobTitle: 'x',
    });
    expect(UserPatchSchema.safeParse({ Version: 1, passwordHash: 'x' }).success).toBe(false);
    expect(
      issues(UserCreateSchema.safeParse({ name: 'a', legalName: 'A', profileId: 1, password: 'short' })),
    ).toEqual({
      password: 'Use at least 8 characters',
    });
  });
});
