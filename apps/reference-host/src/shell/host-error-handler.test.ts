import { CallbackError, type ErrorHandlerUi } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { createHostErrorHandler } from './host-error-handler';

function recordingUi() {
  const calls: unknown[][] = [];
  const ui: ErrorHandlerUi = {
    alert: (text) => void calls.push(['alert', text]),
    notifyError: (text) => void calls.push(['notifyError', text]),
    showHtml: (html, title) => void calls.push(['showHtml', html, title]),
    prompt: (message, value) => void calls.push(['prompt', message, value]),
    openLogon: async () => true,
  };
  return { ui, calls };
}

const failure = new CallbackError({
  serverMessage: 'Save failed',
  exception: 'Error: deadlock',
  status: 200,
});
const quietConsole = () => {
  const original = console.error;
  console.error = () => {};
  return () => {
    console.error = original;
  };
};

describe("the host's error window follows the server's verbose setting (spec §8)", () => {
  it('shows the exception line in the error window when the session context says VerboseErrors', () => {
    const restore = quietConsole();
    const { ui, calls } = recordingUi();
    createHostErrorHandler({ VerboseErrors: true }, ui).handle(failure, { callerText: 'Saving' });
    restore();
    expect(calls).toEqual([['showHtml', '<p>Save failed</p><pre>Error: deadlock</pre>', 'Saving']]);
  });

  it('offers the line in a prompt when the server is not verbose (or does not say)', () => {
    const restore = quietConsole();
    const quiet = recordingUi();
    createHostErrorHandler({ VerboseErrors: false }, quiet.ui).handle(failure);
    const unsaid = recordingUi();
    createHostErrorHandler({}, unsaid.ui).handle(failure);
    restore();
    expect(quiet.calls).toEqual([['prompt', 'Save failed', 'Error: deadlock']]);
    expect(unsaid.calls).toEqual(quiet.calls);
  });
});
