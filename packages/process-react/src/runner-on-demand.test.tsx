import { Messages, type ProcessesApi } from '@procedo/client-api';
import { ShellProvider } from '@procedo/forms-react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProcessRunner } from './hooks/runner-context';
import { useProcessRunner } from './hooks/useProcessRunner';
import { stepResult } from './machine/fixtures';
import { ProcessRunnerProvider } from './ProcessRunnerProvider';

// Issue 14 item 7: the provider hands out its runner at once and loads the runner's code on the
// first call (a page that starts no process fetches none of it; e2e/responsive guards the build).
// Calls made before that code arrived must wait for it and then run as before. The loaded code is
// cached for the page (here: this file), so the one test below makes all its calls before it.

const capture: Record<string, ProcessRunner> = {};

function Probe({ name }: { name: string }) {
  capture[name] = useProcessRunner();
  return null;
}

const command = {
  Id: 4,
  Name: 'CAPA',
  Description: '',
  OpenFlow: true,
  Start: false,
  AskName: false,
  StepCount: 3,
};

describe('ProcessRunnerProvider: the runner loads on first use', () => {
  it('answers at once, idle; calls made before the code arrived wait for it, busy meanwhile, then run as before', async () => {
    const resetStep = vi.fn(async () => undefined);
    const createProcess = vi.fn();
    const navigate = vi.fn();
    render(
      <>
        <ShellProvider>
          <ProcessRunnerProvider
            api={{ resetStep } as unknown as ProcessesApi}
            isSupervisor={false}
            navigate={vi.fn()}
          >
            <Probe name="reset" />
          </ProcessRunnerProvider>
        </ShellProvider>
        <ShellProvider>
          <ProcessRunnerProvider api={{} as ProcessesApi} isSupervisor={false} navigate={navigate}>
            <Probe name="result" />
          </ProcessRunnerProvider>
        </ShellProvider>
        <ShellProvider>
          <ProcessRunnerProvider
            api={{ createProcess } as unknown as ProcessesApi}
            isSupervisor={false}
            navigate={vi.fn()}
            readOnlyReason="Read-only: a timepoint is viewed"
          >
            <Probe name="readOnly" />
          </ProcessRunnerProvider>
        </ShellProvider>
      </>,
    );
    const early = { ...capture };
    expect(early.reset?.phase).toBe('idle');
    expect(early.reset?.busy).toBe(false);

    let reset: Promise<boolean> | undefined;
    let created: Promise<unknown> | undefined;
    act(() => {
      reset = early.reset?.resetStep(7);
      early.result?.handleResult(stepResult({ IsCompleted: true }));
      created = early.readOnly?.startProcess(command);
    });
    expect(capture.reset?.busy).toBe(true);
    // (Awaited outside act: act holds React's updates, and the runner mounts through one.)
    await expect(reset).resolves.toBe(true);
    await expect(created).resolves.toBeNull();

    // The reset ran and said so; the page now holds the loaded runner, no longer busy.
    expect(resetStep).toHaveBeenCalledWith(7);
    expect(await screen.findByText(Messages.stepReset)).toBeTruthy();
    // The provider re-renders with the loaded runner after the call settles: wait for it.
    await waitFor(() => expect(capture.reset?.busy).toBe(false));
    expect(capture.reset).not.toBe(early.reset);
    // The result completed the step: the page moved on (spec §4).
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/apps/flow/step/?id=7'));
    // Read-only still refuses before any call, with the reason as an error toast.
    expect(await screen.findByText('Read-only: a timepoint is viewed')).toBeTruthy();
    expect(createProcess).not.toHaveBeenCalled();
  });
});
