import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createV1Client, HttpStatusError, type Process, type V1Client } from '@procedo/client-api';
import { ShellProvider } from '@procedo/forms-react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../../apps/mock-server/src/server';
import { createCookieFetch } from '../../client-api/test/cookie-fetch';
import { ProcessCommand } from '../src/components/ProcessCommand';
import { ProcessSteps } from '../src/components/ProcessSteps';
import type { ProcessRunner } from '../src/hooks/runner-context';
import { useProcessRunner } from '../src/hooks/useProcessRunner';
import { ProcessRunnerProvider } from '../src/ProcessRunnerProvider';

// Components against the real reference server: no fake of our own API.

let server: { url: string; close(): Promise<void> };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-process-react-components-'));
  server = await startServer({ port: 0, dataDir, logLevel: 'silent' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const WAIT = { timeout: 15_000 };

async function signedIn(userName: 'operator' | 'supervisor' = 'operator'): Promise<V1Client> {
  const jar = createCookieFetch();
  const v1 = createV1Client({ baseUrl: server.url, fetch: jar.fetch, getCsrfToken: jar.csrf });
  await v1.session.logon({ Database: 'demo', UserName: userName, Password: 'demo' });
  return v1;
}

function Capture({ onRunner }: { onRunner: (runner: ProcessRunner) => void }) {
  onRunner(useProcessRunner());
  return null;
}

function renderWithRunner(v1: V1Client, children: ReactNode, isSupervisor = false) {
  const navigate = vi.fn();
  const onChanged = vi.fn();
  let runner: ProcessRunner | undefined;
  const capture = (value: ProcessRunner) => {
    runner = value;
  };
  const view = render(
    <ShellProvider>
      <ProcessRunnerProvider
        api={v1.processes}
        isSupervisor={isSupervisor}
        navigate={navigate}
        onChanged={onChanged}
      >
        <Capture onRunner={capture} />
        {children}
      </ProcessRunnerProvider>
    </ShellProvider>,
  );
  return { navigate, onChanged, runner: () => runner as ProcessRunner, view };
}

/** The process an `onCreated` mock was called with. */
function createdProcess(onCreated: ReturnType<typeof vi.fn>): Process {
  const [event] = onCreated.mock.calls[0] ?? [];
  if (!event) throw new Error('onCreated was not called');
  return (event as { process: Process }).process;
}

async function commandId(v1: V1Client, name: string): Promise<number> {
  const command = (await v1.processes.creatableCommands()).find((item) => item.Name === name);
  if (!command) throw new Error(`no command ${name}`);
  return command.Id;
}

describe('ProcessCommand against the real server', { timeout: 60_000 }, () => {
  it("says 'A command needs to be selected' when Create is pressed with no choice", async () => {
    const user = userEvent.setup();
    const v1 = await signedIn();
    renderWithRunner(v1, <ProcessCommand />);
    await screen.findByRole('radio', { name: /Interaction tour/ }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert').textContent).toBe('A command needs to be selected');
    await user.click(screen.getByRole('radio', { name: /Interaction tour/ }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("asks 'Enter a name for the new process', creates with mode 1 and opens the flow page", async () => {
    const user = userEvent.setup();
    const v1 = await signedIn();
    const onCreated = vi.fn();
    const { navigate } = renderWithRunner(v1, <ProcessCommand onCreated={onCreated} />);
    // CAPA: 'open flow' set, a name asked.
    await user.click(await screen.findByRole('radio', { name: /CAPA/ }, WAIT));
    expect(
      (screen.getByRole('checkbox', { name: 'Open in the flow page' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const name = await screen.findByRole('textbox', { name: 'Enter a name for the new process' }, WAIT);
    await user.clear(name);
    await user.type(name, 'CAPA for batch 17');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled(), WAIT);
    const process = createdProcess(onCreated);
    expect(process.Name).toBe('CAPA for batch 17');
    expect(navigate).toHaveBeenCalledWith(`/apps/flow/home/flow?id=${process.Id}`);
    // Mode 1: the first step is active at once.
    expect(process.AllSteps[0]?.State).toBe('active');
  });

  it('creates with mode 0 when neither option is set: no step active, nothing run or opened', async () => {
    const user = userEvent.setup();
    const v1 = await signedIn();
    const onCreated = vi.fn();
    const { navigate } = renderWithRunner(v1, <ProcessCommand onCreated={onCreated} />);
    await user.click(await screen.findByRole('radio', { name: /Interaction tour/ }, WAIT));
    await user.click(screen.getByRole('checkbox', { name: 'Start the first step' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled(), WAIT);
    const process = createdProcess(onCreated);
    expect(process.AllSteps.every((step) => step.State === 'waiting')).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('the first run of a mode-0 process starts at its first step', async () => {
    const user = userEvent.setup();
    const v1 = await signedIn();
    const process = await v1.processes.createProcess(
      await commandId(v1, 'Interaction tour'),
      {},
      { mode: 0 },
    );
    renderWithRunner(v1, <ProcessSteps process={process} />);
    const second = screen.getByRole('button', { name: 'Run Name your tour' });
    expect(second.hasAttribute('disabled') || second.getAttribute('data-disabled') === 'true').toBe(true);
    await user.click(screen.getByRole('button', { name: 'Run Confirm the start' }));
    expect(await screen.findByRole('alertdialog', { name: 'Confirm the start' }, WAIT)).toBeTruthy();
  });

  it('a failed creation hides the loading panel and shows the JSON Message in an error toast', async () => {
    const user = userEvent.setup();
    const v1 = await signedIn();
    const onCreated = vi.fn();
    renderWithRunner(v1, <ProcessCommand onCreated={onCreated} />);
    const id = await commandId(v1, 'CAPA');
    // What the server answers a 201-character name, read directly for comparison.
    const expected = await v1.processes.createProcess(id, { Name: 'x'.repeat(201) }).then(
      () => null,
      (error: unknown) => (error instanceof HttpStatusError ? error.body?.Message : null),
    );
    expect(expected).toBeTruthy();

    await user.click(await screen.findByRole('radio', { name: /CAPA/ }, WAIT));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const name = await screen.findByRole('textbox', { name: 'Enter a name for the new process' }, WAIT);
    await user.clear(name);
    // Pasted: typing 201 characters one by one is slow in jsdom.
    await user.click(name);
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(expected as string, {}, WAIT)).toBeTruthy();
    expect(document.querySelector('.procedo-LoadingPanel')).toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('ProcessSteps against the real server', { timeout: 60_000 }, () => {
  async function tourProcess(v1: V1Client): Promise<Process> {
    return v1.processes.createProcess(
      await commandId(v1, 'Interaction tour'),
      { Name: 'Steps test' },
      { mode: 1 },
    );
  }

  it('lists the steps in a table, the current one marked; only the active step of an open process runs', async () => {
    const v1 = await signedIn();
    const process = await tourProcess(v1);
    renderWithRunner(v1, <ProcessSteps process={process} />);
    const table = screen.getByRole('table', { name: 'Steps: Steps test' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(process.AllSteps.length);
    expect(rows[0]?.getAttribute('aria-current')).toBe('step');
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toContain('Confirm the start');
    expect(
      screen.getByRole('button', { name: 'Run Confirm the start' }).hasAttribute('disabled') ||
        screen.getByRole('button', { name: 'Run Confirm the start' }).getAttribute('data-disabled') ===
          'true',
    ).toBe(false);
    const waiting = screen.getByRole('button', { name: 'Run Name your tour' });
    expect(waiting.hasAttribute('disabled') || waiting.getAttribute('data-disabled') === 'true').toBe(true);
  });

  it.each([
    ['Reset step Confirm the start', 'The step has been reset'],
    ['Reset chain Confirm the start', 'The step chain has been reset'],
    ['Reset process', 'The process has been reset'],
  ])('%s shows %j and tells the host', async (buttonName, message) => {
    const user = userEvent.setup();
    const v1 = await signedIn('supervisor');
    const process = await tourProcess(v1);
    const { onChanged } = renderWithRunner(v1, <ProcessSteps process={process} />, true);
    await user.click(screen.getByRole('button', { name: buttonName }));
    expect(await screen.findByText(message, {}, WAIT)).toBeTruthy();
    expect(onChanged).toHaveBeenCalled();
  });

  it('a failed run shows the server error and leaves the process where it was; the user can go on', async () => {
    const user = userEvent.setup();
    const v1 = await signedIn();
    const process = await tourProcess(v1);
    const waiting = process.AllSteps[1];
    if (!waiting) throw new Error('the tour has steps');
    const { runner } = renderWithRunner(v1, <ProcessSteps process={process} />);
    act(() =>
      runner().runStep(process.Id, { Id: waiting.Id, Name: waiting.StepName, StepKind: waiting.StepKind }),
    );
    const error = await screen.findByRole('alertdialog', { name: 'Name your tour' }, WAIT);
    expect(error.textContent).toMatch(/not the active step/);
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('alertdialog', { name: 'Name your tour' }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(runner().phase).toBe('idle');
    const after = await v1.processes.process(process.Id);
    expect(after.CurrentStepId).toBe(process.AllSteps[0]?.Id);
    // The active step still runs.
    await user.click(screen.getByRole('button', { name: 'Run Confirm the start' }));
    expect(await screen.findByRole('alertdialog', { name: 'Confirm the start' }, WAIT)).toBeTruthy();
  });
});
