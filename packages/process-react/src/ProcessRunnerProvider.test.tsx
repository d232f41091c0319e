import type { ProcessesApi, StepResult } from '@procedo/client-api';
import { ShellProvider } from '@procedo/forms-react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProcessRunner } from './hooks/runner-context';
import { useProcessRunner } from './hooks/useProcessRunner';
import { stepResult } from './machine/fixtures';
import {
  ProcessRunnerProvider,
  type ProcessRunnerWindow,
  preloadProcessRunner,
} from './ProcessRunnerProvider';
import { STEP_FRAME_MESSAGES } from './runners/step-runner';

// Results are handed to the runner as a page would (`handleResult`); no case here reaches the API.
const unusedApi = {} as ProcessesApi;

function fakeWindow() {
  const top = { location: { href: 'http://localhost/', assign: vi.fn() } };
  const parent = { location: { href: 'http://localhost/', assign: vi.fn() } };
  const win = {
    location: { href: 'http://localhost/apps/flow/step/?id=7', origin: 'http://localhost', assign: vi.fn() },
    innerWidth: 1200,
    innerHeight: 800,
    screen: { width: 1920, height: 1080 },
    top,
    parent,
    frames: {},
    open: vi.fn(() => ({}) as Window),
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  };
  return win as typeof win & ProcessRunnerWindow;
}

/** Hands the test the runner, and is the page content under the runner's dialogs. */
function Probe({ onRunner }: { onRunner: (runner: ProcessRunner) => void }) {
  onRunner(useProcessRunner());
  return <button type="button">Outside</button>;
}

function setup(options: { isSupervisor?: boolean } = {}) {
  const navigate = vi.fn();
  const onChanged = vi.fn();
  const win = fakeWindow();
  let runner: ProcessRunner | undefined;
  const capture = (value: ProcessRunner) => {
    runner = value;
  };
  render(
    <ShellProvider>
      <ProcessRunnerProvider
        api={unusedApi}
        isSupervisor={options.isSupervisor ?? false}
        navigate={navigate}
        onChanged={onChanged}
        window={win}
      >
        <Probe onRunner={capture} />
      </ProcessRunnerProvider>
    </ShellProvider>,
  );
  const handle = (patch: Partial<StepResult>) =>
    act(() => {
      runner?.handleResult(stepResult(patch));
    });
  return { navigate, onChanged, win, handle, runner: () => runner as ProcessRunner };
}

// These tests drive the runner itself: its code is loaded first (on demand: runner-on-demand.test).
beforeAll(() => preloadProcessRunner());

describe('ProcessRunnerProvider: opening a step by its UrlToOpenTarget (spec §2)', () => {
  it.each(['', '_dialog', 'orders_dialog'])(
    '%j opens a dialog titled with the step name, not modal',
    async (target) => {
      const user = userEvent.setup();
      const { onChanged, handle } = setup();
      handle({ UrlToOpen: '/help/processes', UrlToOpenTarget: target });
      const dialog = screen.getByRole('dialog', { name: 'Approve order' });
      expect(dialog.getAttribute('data-modal')).toBe('false');
      expect(screen.getByTitle('Approve order').getAttribute('src')).toBe('/help/processes');
      // Not modal: the page below stays usable (a modal dialog hides it from assistive technology).
      expect(screen.getByRole('button', { name: 'Outside' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(onChanged).toHaveBeenCalled();
    },
  );

  it('_top and _parent navigate those windows', () => {
    const { win, handle } = setup();
    handle({ UrlToOpen: '/form?a_step_id=70', UrlToOpenTarget: '_top' });
    expect(win.top.location.assign).toHaveBeenCalledWith('/form?a_step_id=70');
    handle({ UrlToOpen: '/form?a_step_id=71', UrlToOpenTarget: '_parent' });
    expect(win.parent.location.assign).toHaveBeenCalledWith('/form?a_step_id=71');
  });

  it('names starting _tab open a named tab; names starting _blank a new window', () => {
    const { win, handle } = setup();
    handle({ UrlToOpen: '/form?a=1', UrlToOpenTarget: '_tab_orders' });
    expect(win.open).toHaveBeenLastCalledWith('/form?a=1', '_tab_orders');
    handle({ UrlToOpen: '/form?a=2', UrlToOpenTarget: '_blank_report' });
    expect(win.open).toHaveBeenLastCalledWith(
      '/form?a=2',
      '_blank_report',
      expect.stringContaining('popup=yes'),
    );
  });

  it('_self goes through the injected navigate (routers)', () => {
    const { navigate, win, handle } = setup();
    handle({ UrlToOpen: '/form?a_step_id=70', UrlToOpenTarget: '_self' });
    expect(navigate).toHaveBeenCalledWith('/form?a_step_id=70');
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('refuses a javascript: URL with an error toast', async () => {
    const { win, handle } = setup();
    handle({ UrlToOpen: 'javascript:alert(1)', UrlToOpenTarget: '_tab' });
    expect(win.open).not.toHaveBeenCalled();
    expect(await screen.findByText(/Refusing to open/)).toBeTruthy();
  });
});

describe('ProcessRunnerProvider: completion (spec §4)', () => {
  it('sends others to the step page', () => {
    const { navigate, handle } = setup({ isSupervisor: false });
    handle({ IsCompleted: true });
    expect(navigate).toHaveBeenCalledWith('/apps/flow/step/?id=7');
  });

  it('sends supervisors to the flow home page', () => {
    const { navigate, handle } = setup({ isSupervisor: true });
    handle({ IsCompleted: true });
    expect(navigate).toHaveBeenCalledWith('/apps/flow/home/flow?id=7&stepid=70');
  });

  it('closes the step dialog instead when its page completes the step', () => {
    const { navigate, onChanged, handle, runner } = setup();
    handle({ UrlToOpen: '/form?a_step_id=70', UrlToOpenTarget: '_dialog' });
    expect(screen.getByRole('dialog', { name: 'Approve order' })).toBeTruthy();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: STEP_FRAME_MESSAGES.stepFinished, processId: 7, stepId: 70 },
          origin: 'http://localhost',
        }),
      );
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(runner().phase).toBe('finished');
    expect(navigate).not.toHaveBeenCalled();
    expect(onChanged).toHaveBeenCalled();
  });

  it('ignores step messages from another origin', () => {
    const { handle } = setup();
    handle({ UrlToOpen: '/form?a_step_id=70', UrlToOpenTarget: '_dialog' });
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: STEP_FRAME_MESSAGES.stepFinished },
          origin: 'http://evil.example',
        }),
      );
    });
    expect(screen.getByRole('dialog', { name: 'Approve order' })).toBeTruthy();
  });

  it('shows the confirm a result asks for (modal: the page below is hidden)', () => {
    const { handle } = setup();
    handle({ ConfirmRequired: true, ConfirmMessage: 'Approve the order?' });
    expect(screen.getByRole('alertdialog', { name: 'Approve order' }).textContent).toContain(
      'Approve the order?',
    );
    expect(screen.queryByRole('button', { name: 'Outside' })).toBeNull();
  });

  it('shows an AlertMessage as text, or as sanitised HTML when it holds markup', async () => {
    const user = userEvent.setup();
    const { handle } = setup();
    handle({ AlertMessage: 'Check the totals', CancelProceed: true });
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Check the totals');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    handle({ AlertMessage: '<b>Stock</b> is low<img src=x onerror="window.hacked=1">', CancelProceed: true });
    const html = await screen.findByRole('alertdialog');
    // DOMPurify loads on demand: the markup comes once it has.
    expect((await within(html).findByText('Stock', { selector: 'b' })).textContent).toBe('Stock');
    expect(html.innerHTML).not.toContain('onerror');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('shows a prompt with its suggestion; an empty answer does not proceed', async () => {
    const user = userEvent.setup();
    const { handle, runner } = setup();
    handle({ PromptRequired: true, PromptMessage: 'Order reference', PromptSuggestion: 'PO-1' });
    const box = screen.getByRole('textbox', { name: 'Order reference' }) as HTMLInputElement;
    expect(box.value).toBe('PO-1');
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(runner().phase).toBe('idle');
  });
});
