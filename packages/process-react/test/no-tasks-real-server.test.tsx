import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createV1Client, Messages, type V1Client } from '@procedo/client-api';
import { ShellProvider } from '@procedo/forms-react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSqlite } from '../../../apps/mock-server/src/db/sqlite';
import { startServer } from '../../../apps/mock-server/src/server';
import { createCookieFetch } from '../../client-api/test/cookie-fetch';
import { ProcessCommand } from '../src/components/ProcessCommand';
import { ProcessRunnerProvider } from '../src/ProcessRunnerProvider';

// Spec §4: a process command whose new process has no step says 'The new process does not
// contain any tasks.' No seeded command is empty, so this test adds one to the demo database
// (the real SQLite file, between two runs of the real server), as a designer would before its
// steps are defined.

let server: { url: string; close(): Promise<void> };
let dataDir: string;
const EMPTY_COMMAND = 'Periodic review (no steps yet)';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-process-react-no-tasks-'));
  // The first start creates, migrates and seeds the databases.
  server = await startServer({ port: 0, dataDir, logLevel: 'silent' });
  await server.close();
  const db = openSqlite(path.join(dataDir, 'demo.sqlite'));
  try {
    db.prepare(
      'INSERT INTO process_commands (name, description, open_flow, start, ask_name) VALUES (?, ?, 0, 1, 0)',
    ).run(EMPTY_COMMAND, 'A command whose steps are not defined yet.');
  } finally {
    db.close();
  }
  server = await startServer({ port: 0, dataDir, logLevel: 'silent' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signedIn(): Promise<V1Client> {
  const jar = createCookieFetch();
  const v1 = createV1Client({ baseUrl: server.url, fetch: jar.fetch, getCsrfToken: jar.csrf });
  await v1.session.logon({ Database: 'demo', UserName: 'operator', Password: 'demo' });
  return v1;
}

describe('ProcessCommand: a command without steps', { timeout: 60_000 }, () => {
  it(`creates the process, then says '${Messages.processHasNoTasks}' and runs nothing`, async () => {
    const user = userEvent.setup();
    const v1 = await signedIn();
    const navigate = vi.fn();
    const onCreated = vi.fn();
    render(
      <ShellProvider>
        <ProcessRunnerProvider api={v1.processes} isSupervisor={false} navigate={navigate}>
          <ProcessCommand onCreated={onCreated} />
        </ProcessRunnerProvider>
      </ShellProvider>,
    );
    await user.click(await screen.findByRole('radio', { name: EMPTY_COMMAND }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const alert = await screen.findByRole('alertdialog', {}, { timeout: 15_000 });
    expect(within(alert).getByText(Messages.processHasNoTasks)).toBeTruthy();
    expect(onCreated).toHaveBeenCalledTimes(1);
    const [{ process }] = onCreated.mock.calls[0] as [{ process: { Id: number; AllSteps: unknown[] } }];
    expect(process.AllSteps).toEqual([]);
    // Nothing was opened or navigated to.
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
