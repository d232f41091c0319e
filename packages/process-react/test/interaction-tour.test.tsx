import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createV1Client, type Process, type V1Client } from '@procedo/client-api';
import { ShellProvider } from '@procedo/forms-react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../../apps/mock-server/src/server';
import { createCookieFetch } from '../../client-api/test/cookie-fetch';
import { DetailPageCompletion } from '../src/components/DetailPageCompletion';
import { ProcessCommand } from '../src/components/ProcessCommand';
import { ProcessSteps } from '../src/components/ProcessSteps';
import type { ProcessRunner } from '../src/hooks/runner-context';
import { useProcessRunner } from '../src/hooks/useProcessRunner';
import { stepIdFromUrl } from '../src/machine/targets';
import { ProcessRunnerProvider, type ProcessRunnerWindow } from '../src/ProcessRunnerProvider';

// The runner against the real reference server (its engine and seeded Interaction tour), the
// way a host page uses it: no fake of our own API.

let server: { url: string; close(): Promise<void> };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'procedo-process-react-'));
  server = await startServer({ port: 0, dataDir, logLevel: 'silent' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function signedIn(userName: 'operator' | 'supervisor'): Promise<V1Client> {
  const jar = createCookieFetch();
  const v1 = createV1Client({ baseUrl: server.url, fetch: jar.fetch, getCsrfToken: jar.csrf });
  await v1.session.logon({ Database: 'demo', UserName: userName, Password: 'demo' });
  return v1;
}

/** A window whose other windows and tabs are recorded, not opened (jsdom opens none). */
function testWindow() {
  const win = {
    location: { href: 'http://localhost/apps/flow/step/', origin: 'http://localhost', assign: vi.fn() },
    innerWidth: 1200,
    innerHeight: 800,
    screen: { width: 1920, height: 1080 },
    top: { location: { href: 'http://localhost/', assign: vi.fn() } },
    parent: { location: { href: 'http://localhost/', assign: vi.fn() } },
    frames: {},
    open: vi.fn(() => ({}) as Window),
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  };
  return win as typeof win & ProcessRunnerWindow;
}

const WAIT = { timeout: 15_000 };

/** What a host page shows: the command, the process's steps, and the page a step navigated to. */
function TourHost({
  onRunner,
  onProcess,
  page,
}: {
  onRunner: (runner: ProcessRunner) => void;
  onProcess: (process: Process) => void;
  page: string | null;
}) {
  const runner = useProcessRunner();
  onRunner(runner);
  const [process, setProcess] = useState<Process | null>(null);
  const pageStepId = page ? stepIdFromUrl(page) : null;
  useEffect(() => {
    if (process) onProcess(process);
  }, [process, onProcess]);
  return (
    <>
      <ProcessCommand onCreated={({ process: created }) => setProcess(created)} />
      {process && <ProcessView processId={process.Id} onLoaded={setProcess} />}
      {page && pageStepId !== null && (
        <DetailPageCompletion
          key={page}
          stepId={pageStepId}
          queryString={new URL(page, 'http://localhost').search.slice(1)}
          currentPageUrl={page}
        />
      )}
    </>
  );
}

/** Shared between the host and the provider's onChanged: bumps on every change. */
let changes = 0;
const changeListeners = new Set<() => void>();
const notifyChanged = () => {
  changes++;
  for (const listener of changeListeners) listener();
};

function ProcessView({ processId, onLoaded }: { processId: number; onLoaded: (process: Process) => void }) {
  const runner = useProcessRunner();
  const [process, setProcess] = useState<Process | null>(null);
  const [version, setVersion] = useState(changes);
  useEffect(() => {
    const listener = () => setVersion(changes);
    changeListeners.add(listener);
    return () => {
      changeListeners.delete(listener);
    };
  }, []);
  useEffect(() => {
    void version;
    let live = true;
    runner.api.process(processId).then((answer) => {
      if (!live) return;
      setProcess(answer);
      onLoaded(answer);
    });
    return () => {
      live = false;
    };
  }, [runner.api, processId, version, onLoaded]);
  return process ? <ProcessSteps process={process} /> : null;
}

function TourApp(props: {
  v1: V1Client;
  isSupervisor: boolean;
  navigate: (url: string) => void;
  win: ProcessRunnerWindow;
  onRunner: (runner: ProcessRunner) => void;
  onProcess: (process: Process) => void;
  page: string | null;
}) {
  return (
    <ShellProvider>
      <ProcessRunnerProvider
        api={props.v1.processes}
        isSupervisor={props.isSupervisor}
        navigate={props.navigate}
        onChanged={notifyChanged}
        window={props.win}
      >
        <TourHost onRunner={props.onRunner} onProcess={props.onProcess} page={props.page} />
      </ProcessRunnerProvider>
    </ShellProvider>
  );
}

function renderTour(v1: V1Client, isSupervisor: boolean) {
  const navigate = vi.fn();
  let runner: ProcessRunner | undefined;
  let latest: Process | undefined;
  const captureRunner = (value: ProcessRunner) => {
    runner = value;
  };
  const captureProcess = (value: Process) => {
    latest = value;
  };
  const win = testWindow();
  const app = (page: string | null) => (
    <TourApp
      v1={v1}
      isSupervisor={isSupervisor}
      navigate={navigate}
      win={win}
      onRunner={captureRunner}
      onProcess={captureProcess}
      page={page}
    />
  );
  const view = render(app(null));
  return {
    navigate,
    win,
    runner: () => runner as ProcessRunner,
    process: () => latest as Process,
    showPage: (page: string | null) => view.rerender(app(page)),
  };
}

async function runStepNamed(user: ReturnType<typeof userEvent.setup>, name: string) {
  const button = await screen.findByRole('button', { name: `Run ${name}` }, WAIT);
  await waitFor(
    () =>
      expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(false),
    WAIT,
  );
  await user.click(button);
}

async function answerConfirm(user: ReturnType<typeof userEvent.setup>, title: string, answer: 'Yes' | 'No') {
  const dialog = await screen.findByRole('alertdialog', { name: title }, WAIT);
  await user.click(within(dialog).getByRole('button', { name: answer }));
}

describe.each([
  ['operator', false, (id: number) => `/apps/flow/step/?id=${id}`],
  ['supervisor', true, (id: number) => `/apps/flow/home/flow?id=${id}&stepid=`],
] as const)('the Interaction tour through useProcessRunner, as %s', (userName, isSupervisor, finalPage) => {
  it('runs every interaction against the real engine and lands on the right page', async () => {
    const user = userEvent.setup();
    const v1 = await signedIn(userName);
    const tour = renderTour(v1, isSupervisor);

    // The process command: create with Start (mode 1), which runs the first step at once.
    const list = await screen.findByRole('radiogroup', { name: 'Process command' }, WAIT);
    // The list box can be in the page before its commands arrive.
    await user.click(await within(list).findByRole('radio', { name: /Interaction tour/ }, WAIT));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    // 1. Confirm: no cancels (a warning toast; the step stays active), yes proceeds.
    await answerConfirm(user, 'Confirm the start', 'No');
    expect(await screen.findByText(/The tour has been cancelled/, {}, WAIT)).toBeTruthy();
    await runStepNamed(user, 'Confirm the start');
    await answerConfirm(user, 'Confirm the start', 'Yes');

    // 2. Prompt with a suggestion: an empty answer does not proceed; a name does.
    let box = (await screen.findByRole(
      'textbox',
      { name: 'What should this tour be called?' },
      WAIT,
    )) as HTMLInputElement;
    expect(box.value).toBe('My first tour');
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(tour.runner().phase).toBe('idle'), WAIT);
    await runStepNamed(user, 'Name your tour');
    box = (await screen.findByRole(
      'textbox',
      { name: 'What should this tour be called?' },
      WAIT,
    )) as HTMLInputElement;
    await user.clear(box);
    await user.type(box, 'Tour of the week');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    // 3. The URL in a dialog titled with the step name (not modal); closing it ends the run.
    const help = await screen.findByRole('dialog', { name: 'Read about processes' }, WAIT);
    expect(help.getAttribute('data-modal')).toBe('false');
    expect(within(help).getByTitle('Read about processes').getAttribute('src')).toBe('/help/processes');
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(tour.runner().phase).toBe('finished'), WAIT);

    // 4. Pick list, several.
    await runStepNamed(user, 'Choose suppliers to review');
    const multi = await screen.findByRole(
      'group',
      { name: 'Which suppliers should the review cover?' },
      WAIT,
    );
    const boxes = within(multi).getAllByRole('checkbox');
    expect(boxes.length).toBeGreaterThan(1);
    await user.click(boxes[0] as HTMLElement);
    await user.click(boxes[1] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // 5. Pick list, one (the run proceeds to it by itself).
    const single = await screen.findByRole('radiogroup', { name: 'Which supplier leads the review?' }, WAIT);
    const lead = within(single).getAllByRole('radio')[1] as HTMLInputElement;
    await user.click(lead);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // 6. The report document: produce, open through its link, continue (the run finishes).
    const report = await screen.findByRole('dialog', { name: 'Produce the tour report' }, WAIT);
    await user.click(within(report).getByRole('button', { name: 'Produce the document' }));
    const link = await screen.findByRole('link', { name: 'Open the document' }, WAIT);
    const documentUrl = link.getAttribute('href') ?? '';
    expect(documentUrl).toMatch(/report-document/);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(tour.navigate).toHaveBeenCalled(), WAIT);
    const processId = tour.process().Id;
    expect(tour.navigate).toHaveBeenLastCalledWith(expect.stringContaining(finalPage(processId)));

    // 7. The detail page opens in this page (_self, through navigate) with a_step_id.
    tour.navigate.mockClear();
    await runStepNamed(user, 'Check the lead supplier');
    await waitFor(() => expect(tour.navigate).toHaveBeenCalled(), WAIT);
    const page = String(tour.navigate.mock.calls[0]?.[0]);
    expect(page).toMatch(/a_step_id=\d+/);
    expect(page).toMatch(/UGoToItemNo=/);
    // Without the required data the server says so and nothing moves; with it the step completes.
    act(() => tour.showPage(page.replace(/UGoToItemNo=[^&]*&?/, '')));
    await user.click(await screen.findByRole('button', { name: 'Complete the step' }, WAIT));
    const bar = screen.getByRole('region', { name: 'Process step' });
    expect((await within(bar).findByRole('alert', {}, WAIT)).textContent).toMatch(/UGoToItemNo/);
    act(() => tour.showPage(page));
    tour.navigate.mockClear();
    await user.click(await screen.findByRole('button', { name: 'Complete the step' }, WAIT));
    const ended = within(screen.getByRole('region', { name: 'Process step' }));
    expect((await ended.findByRole('status', {}, WAIT)).textContent).toBe(
      'This part of the process has ended.',
    );
    await waitFor(
      () => expect(tour.navigate).toHaveBeenCalledWith(expect.stringContaining(finalPage(processId))),
      WAIT,
    );
    act(() => tour.showPage(null));

    // 8. Completion confirm: yes completes and proceeds to 9. Completion prompt with a suggestion.
    tour.navigate.mockClear();
    await runStepNamed(user, 'Confirm the tour is done');
    await answerConfirm(user, 'Confirm the tour is done', 'Yes');
    const feedback = (await screen.findByRole(
      'textbox',
      { name: 'How did you find the tour?' },
      WAIT,
    )) as HTMLInputElement;
    expect(feedback.value).toBe('Clear and quick');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    // The last step completes the process: supervisors land on the flow home page, others on the step page.
    await waitFor(
      () => expect(tour.navigate).toHaveBeenCalledWith(expect.stringContaining(finalPage(processId))),
      WAIT,
    );
    const done = await v1.processes.process(processId);
    expect(done.State).toBe('completed');
    expect(done.AllSteps.every((step) => step.State === 'completed' || step.State === 'skipped')).toBe(true);
    // A whole tour of UI interactions: generous for a loaded two-core machine running every suite.
  }, 180_000);
});
