import { createV1Client, type Process, type ProcessesApi } from '@procedo/client-api';
import { ShellProvider } from '@procedo/forms-react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProcessRunner } from '../hooks/runner-context';
import { useProcessRunner } from '../hooks/useProcessRunner';
import { PROCESS_LABELS } from '../labels';
import { ProcessRunnerProvider, preloadProcessRunner } from '../ProcessRunnerProvider';
import { ProcessBreadcrumbs } from './ProcessBreadcrumbs';
import { ProcessCommand } from './ProcessCommand';
import { ProcessSteps } from './ProcessSteps';

const REASON = PROCESS_LABELS.readOnlyTimepoint('2026-03-01 09:30');

const process: Process = {
  Id: 7,
  Name: 'Seal CAPA',
  CommandId: 4,
  CommandName: 'CAPA',
  ParentProcessId: null,
  ParentUrl: null,
  State: 'open',
  CurrentStepId: 71,
  CreatedBy: 'operator',
  CreatedAtUtc: '2026-03-01T09:00:00.000Z',
  CompletedAtUtc: null,
  Hint: null,
  BreadCrumbHtml: '',
  Variables: [],
  PropertyBag: null,
  AllSteps: [
    {
      Id: 70,
      ProcessId: 7,
      ParentProcessId: null,
      StepName: 'Corrective action',
      StepKind: 'action',
      State: 'completed',
      Position: 0,
      Hint: null,
      UrlToOpenTarget: null,
      SubProcessId: null,
      CompletedAtUtc: '2026-03-01T09:10:00.000Z',
      CompletedBy: 'operator',
    },
    {
      Id: 71,
      ProcessId: 7,
      ParentProcessId: null,
      StepName: 'Preventive action',
      StepKind: 'action',
      State: 'active',
      Position: 1,
      Hint: null,
      UrlToOpenTarget: null,
      SubProcessId: null,
      CompletedAtUtc: null,
      CompletedBy: null,
    },
  ],
  SubProcesses: [],
  History: [],
};

const commands = [
  { Id: 4, Name: 'CAPA', Description: '', OpenFlow: true, Start: false, AskName: false, StepCount: 3 },
];

/** An API whose every call is a spy that fails the test when it is reached. */
function spyApi() {
  const calls: string[] = [];
  const api = new Proxy({} as ProcessesApi, {
    get: (_target, name) => () => {
      calls.push(String(name));
      return Promise.reject(new Error(`unexpected call ${String(name)}`));
    },
  });
  return { api, calls };
}

function Capture({ onRunner }: { onRunner: (runner: ProcessRunner) => void }) {
  onRunner(useProcessRunner());
  return null;
}

function renderIn(api: ProcessesApi, readOnlyReason: string | null, children: ReactNode) {
  let runner: ProcessRunner | undefined;
  render(
    <ShellProvider>
      <ProcessRunnerProvider api={api} isSupervisor navigate={vi.fn()} readOnlyReason={readOnlyReason}>
        <Capture
          onRunner={(value) => {
            runner = value;
          }}
        />
        {children}
      </ProcessRunnerProvider>
    </ShellProvider>,
  );
  return () => runner as ProcessRunner;
}

// These tests drive the runner itself: its code is loaded first (on demand: runner-on-demand.test).
beforeAll(() => preloadProcessRunner());

describe('process controls while a timepoint is viewed', () => {
  it('turns Run, Reset step, Reset chain and Reset process off, each saying why', () => {
    renderIn(spyApi().api, REASON, <ProcessSteps process={process} />);
    const reason = screen.getByText(REASON);
    const buttons = [
      screen.getByRole('button', { name: 'Run Preventive action' }),
      screen.getByRole('button', { name: 'Reset step Corrective action' }),
      screen.getByRole('button', { name: 'Reset chain Preventive action' }),
      screen.getByRole('button', { name: 'Reset process' }),
    ];
    for (const button of buttons) {
      expect(button.hasAttribute('disabled'), button.textContent ?? '').toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(reason.id);
      expect(button.getAttribute('data-read-only')).toBe('true');
    }
  });

  it('leaves them on for the current data', () => {
    renderIn(spyApi().api, null, <ProcessSteps process={process} />);
    expect(screen.getByRole('button', { name: 'Run Preventive action' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(screen.getByRole('button', { name: 'Reset process' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(REASON)).toBeNull();
  });

  it('turns Create of the process command off, saying why', async () => {
    const user = userEvent.setup();
    const { api, calls } = spyApi();
    renderIn(api, REASON, <ProcessCommand commands={commands} />);
    await user.click(screen.getByRole('radio', { name: 'CAPA' }));
    const create = screen.getByRole('button', { name: PROCESS_LABELS.create });
    expect(create.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(REASON).id).toBe(create.getAttribute('aria-describedby'));
    expect(calls).toEqual([]);
  });

  it('makes the runner refuse runs, resets and creations before any call, with the reason as an error toast', async () => {
    const { api, calls } = spyApi();
    const runner = renderIn(api, REASON, null);
    act(() => runner().runStep(7, { Id: 71, Name: 'Preventive action', StepKind: 'action' }));
    await act(async () => {
      expect(await runner().resetStep(71)).toBe(false);
      expect(await runner().resetStepChain(71)).toBe(false);
      expect(await runner().resetProcess(7)).toBe(false);
      expect(await runner().startProcess(commands[0])).toBeNull();
    });
    expect(calls).toEqual([]);
    expect(screen.getAllByText(REASON).length).toBeGreaterThan(0);
  });

  it('sends no run through a client that views a timepoint, even when the host forgot the reason', async () => {
    const seen: string[] = [];
    const v1 = createV1Client({
      baseUrl: 'http://h',
      fetch: async (input, init) => {
        seen.push(`${init?.method ?? 'GET'} ${String(input)}`);
        return new Response('{}', { status: 500 });
      },
      getCsrfToken: () => 't',
      readOnlyTimepoint: () => '2026-03-01 09:30',
    });
    const runner = renderIn(v1.processes, null, null);
    act(() => runner().runStep(7, { Id: 71, Name: 'Preventive action', StepKind: 'action' }));
    // The run fails on the client's refusal: its error shows, and nothing was sent.
    const dialog = await screen.findByRole('alertdialog', { name: 'Preventive action' });
    expect(within(dialog).getByText(/2026-03-01 09:30/)).toBeTruthy();
    await act(async () => {
      expect(await runner().resetProcess(7)).toBe(false);
    });
    expect(seen).toEqual([]);
  });
});

describe('ProcessBreadcrumbs with linkHref', () => {
  it('rewrites every link, e.g. to keep the page’s timepoint', async () => {
    render(
      <ProcessBreadcrumbs
        html='<a href="/apps/flow/home/flow?id=1">Orders</a> › <a href="/apps/flow/home/flow?id=2">Approve</a>'
        linkHref={(href) => `${href}&Timepoint=2026-03-01+09%3A30`}
      />,
    );
    expect((await screen.findAllByRole('link')).map((link) => link.getAttribute('href'))).toEqual([
      '/apps/flow/home/flow?id=1&Timepoint=2026-03-01+09%3A30',
      '/apps/flow/home/flow?id=2&Timepoint=2026-03-01+09%3A30',
    ]);
  });
});
