import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { createDesignerClient } from './designer-client';
import { PublishCommandRequestSchema } from './designer-commands';
import { DefinitionConflictError, isDefinitionConflictError } from './designer-versions';
import {
  type CommandDefinition,
  CommandDefinitionSchema,
  StepDefinitionSchema,
} from './process-command-schemas';

const command: CommandDefinition = {
  Name: 'CAPA',
  Description: 'Corrective and preventive action',
  OpenFlow: true,
  Start: false,
  AskName: true,
  Steps: [{ name: 'Corrective action', kind: 'action', prompt: { message: 'Which action?' } }],
};
const stamp = { PublishedAt: '2026-11-24T10:00:00.000Z', PublishedBy: 'supervisor', ChangeNote: 'Note' };

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return {
    ...fake,
    v1: createDesignerClient({ baseUrl: 'http://h', fetch: fake.fetch, getCsrfToken: () => 't' }),
  };
}

describe('designer commands api', () => {
  it('calls the designer/commands endpoints, with the CSRF header on a publish', async () => {
    const { v1, seen } = client((request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/v1/designer/commands') {
        return json(200, {
          Items: [{ CommandId: 4, Name: 'CAPA', Description: '', StepCount: 1, Version: 2, ...stamp }].map(
            ({ ChangeNote: _note, ...item }) => item,
          ),
        });
      }
      if (pathname.endsWith('/diff')) return json(200, { From: 1, To: 2, Changes: [] });
      if (pathname === '/api/v1/designer/commands/4/versions') {
        return request.method === 'GET'
          ? json(200, { Items: [{ Version: 2, ...stamp }] })
          : json(201, { Version: 3, ...stamp, Command: command });
      }
      return json(200, { CommandId: 4, Version: 2, ...stamp, Command: command });
    });
    await v1.designer.commands.list();
    await v1.designer.commands.get(4);
    await v1.designer.commands.versions(4);
    await v1.designer.commands.version(4, 1);
    await v1.designer.commands.diff(4, 1, 2);
    await expect(
      v1.designer.commands.publish(4, { BaseVersion: 2, Command: command, ChangeNote: 'Note' }),
    ).resolves.toMatchObject({ Version: 3 });
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /api/v1/designer/commands',
      'GET /api/v1/designer/commands/4',
      'GET /api/v1/designer/commands/4/versions',
      'GET /api/v1/designer/commands/4/versions/1',
      'GET /api/v1/designer/commands/4/diff?from=1&to=2',
      'POST /api/v1/designer/commands/4/versions',
    ]);
    expect(seen.at(-1)?.headers.get('x-csrf-token')).toBe('t');
  });

  it('throws DefinitionConflictError with the current version on 409 CONFLICT', async () => {
    const { v1 } = client(() =>
      json(409, { Message: 'Another designer published first', Code: 'CONFLICT', CurrentVersion: 4 }),
    );
    const error = await v1.designer.commands
      .publish(4, { BaseVersion: 3, Command: command, ChangeNote: 'Mine' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DefinitionConflictError);
    expect(isDefinitionConflictError(error)).toBe(true);
    expect((error as DefinitionConflictError).currentVersion).toBe(4);
  });

  it('refuses a publish body with unknown fields or without a change note', () => {
    expect(
      PublishCommandRequestSchema.safeParse({ BaseVersion: 1, Command: command, ChangeNote: 'x', Extra: 1 })
        .success,
    ).toBe(false);
    expect(
      PublishCommandRequestSchema.safeParse({ BaseVersion: 1, Command: command, ChangeNote: ' ' }).success,
    ).toBe(false);
  });

  it("checks each step's options by its kind, and step names and proceeds across the steps", () => {
    const issues = (value: unknown) =>
      (StepDefinitionSchema.safeParse(value).error?.issues ?? []).map((issue) => issue.path.join('.'));
    expect(issues({ name: 'Open', kind: 'form' })).toEqual(['url']);
    expect(issues({ name: 'Pick', kind: 'pick-list-single', url: '/x' })).toEqual(['pickList', 'url']);
    expect(issues({ name: 'Child', kind: 'sub-process', subProcessCommand: 'CAPA' })).toEqual([]);
    expect(issues({ name: 'Run', kind: 'action', extra: 1 })).toHaveLength(1);
    const steps = [
      { name: 'A', kind: 'action', confirm: { message: 'Go?', cancelToast: 'No', noProceedsTo: 0 } },
      { name: 'A', kind: 'action' },
    ];
    const result = CommandDefinitionSchema.safeParse({ ...command, Steps: steps });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      ['Steps', 0, 'confirm', 'noProceedsTo'],
      ['Steps', 1, 'name'],
    ]);
  });
});
