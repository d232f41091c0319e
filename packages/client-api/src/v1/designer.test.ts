import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { HttpStatusError } from '../errors';
import { PublishFormRequestSchema } from './designer';
import { createDesignerClient } from './designer-client';
import {
  BreakingChangeError,
  DefinitionConflictError,
  isBreakingChangeError,
  isDefinitionConflictError,
} from './designer-versions';
import type { FormDefinition } from './form-schemas';

const definition: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 102,
  Name: 'Supplier',
  Title: 'Supplier',
  Entity: 'supplier',
  Kind: 'record',
  Elements: [{ Kind: 'text', Name: 'Name', Label: 'Name' }],
};
const stamp = { PublishedAt: '2026-11-24T10:00:00.000Z', PublishedBy: 'supervisor', ChangeNote: 'Note' };

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return {
    ...fake,
    v1: createDesignerClient({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }),
  };
}

describe('designer api', () => {
  it('calls the designer endpoints, with the CSRF header on a publish', async () => {
    const { v1, seen } = client((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/v1/designer/forms') {
        return json(200, {
          Items: [
            {
              WebTemplateNo: 102,
              Name: 'Supplier',
              Title: 'Supplier',
              Kind: 'record',
              Entity: 'supplier',
              Version: 2,
              PublishedAt: stamp.PublishedAt,
              PublishedBy: stamp.PublishedBy,
            },
          ],
        });
      }
      if (pathname.endsWith('/diff')) return json(200, { From: 1, To: 2, Changes: [] });
      if (pathname === '/api/v1/designer/forms/102/versions') {
        return request.method === 'GET'
          ? json(200, { Items: [{ Version: 2, ...stamp }] })
          : json(201, { Version: 3, ...stamp, Definition: definition });
      }
      return json(200, { WebTemplateNo: 102, Version: 2, ...stamp, Definition: definition });
    });
    await v1.designer.forms.list();
    await v1.designer.forms.get(102);
    await v1.designer.forms.versions(102);
    await v1.designer.forms.version(102, 1);
    await v1.designer.forms.diff(102, 1, 2);
    await expect(
      v1.designer.forms.publish(102, { BaseVersion: 2, Definition: definition, ChangeNote: 'Note' }),
    ).resolves.toMatchObject({ Version: 3 });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /api/v1/designer/forms',
      'GET /api/v1/designer/forms/102',
      'GET /api/v1/designer/forms/102/versions',
      'GET /api/v1/designer/forms/102/versions/1',
      'GET /api/v1/designer/forms/102/diff?from=1&to=2',
      'POST /api/v1/designer/forms/102/versions',
    ]);
    expect(seen.at(-1)?.headers.get('x-csrf-token')).toBe('t');
  });

  it('throws DefinitionConflictError with the current version on 409 CONFLICT', async () => {
    const { v1 } = client(() =>
      json(409, { Message: 'Another designer published first', Code: 'CONFLICT', CurrentVersion: 4 }),
    );
    const error = await v1.designer.forms
      .publish(102, { BaseVersion: 3, Definition: definition, ChangeNote: 'Mine' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DefinitionConflictError);
    expect(isDefinitionConflictError(error)).toBe(true);
    expect((error as DefinitionConflictError).currentVersion).toBe(4);
  });

  it('throws BreakingChangeError with what would break on 409 BREAKING_CHANGE, and ApiError-like errors otherwise', async () => {
    const breaking = [{ Element: 'Country', Reason: 'removed-with-values' }];
    const { v1 } = client(() =>
      json(409, { Message: 'Confirm', Code: 'BREAKING_CHANGE', Breaking: breaking }),
    );
    const error = await v1.designer.forms
      .publish(102, { BaseVersion: 3, Definition: definition, ChangeNote: 'Drop' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BreakingChangeError);
    expect(isBreakingChangeError(error)).toBe(true);
    expect((error as BreakingChangeError).breaking).toEqual(breaking);

    const issues = [
      { code: 'empty_label', path: ['Definition', 'Elements', 0, 'Label'], message: 'Enter a label' },
    ];
    const invalid = client(() =>
      json(400, { Message: 'Invalid request', Code: 'VALIDATION', Issues: issues }),
    );
    const refused = await invalid.v1.designer.forms
      .publish(102, { BaseVersion: 3, Definition: definition, ChangeNote: 'Bad' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpStatusError);
    expect(isBreakingChangeError(refused) || isDefinitionConflictError(refused)).toBe(false);
    expect((refused as HttpStatusError).body?.Issues).toEqual(issues);
  });

  it('refuses a publish body with unknown fields or without a change note', () => {
    expect(
      PublishFormRequestSchema.safeParse({
        BaseVersion: 1,
        Definition: definition,
        ChangeNote: 'x',
        Extra: 1,
      }).success,
    ).toBe(false);
    expect(
      PublishFormRequestSchema.safeParse({ BaseVersion: 1, Definition: definition, ChangeNote: '  ' })
        .success,
    ).toBe(false);
  });
});

describe('the audit trail of definition changes', () => {
  it('asks designer/changes with the kind, cursor and page size given, and reads the page strictly', async () => {
    const entry = { Kind: 'command', Key: 4, Name: 'CAPA', Version: 2, ...stamp };
    const { v1, seen } = client(() => json(200, { Items: [entry], NextCursor: 'abc' }));
    await expect(v1.designer.changes()).resolves.toEqual({ Items: [entry], NextCursor: 'abc' });
    await v1.designer.changes({ kind: 'form', cursor: 'abc', limit: 10 });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /api/v1/designer/changes',
      'GET /api/v1/designer/changes?kind=form&cursor=abc&limit=10',
    ]);
    const { v1: strict } = client(() => json(200, { Items: [{ ...entry, Kind: 'menu' }], NextCursor: null }));
    await expect(strict.designer.changes()).rejects.toThrow();
  });
});
