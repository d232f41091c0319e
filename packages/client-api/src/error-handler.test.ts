import { describe, expect, it } from 'vitest';
import { createErrorHandler, type ErrorHandlerUi } from './error-handler';
import {
  CallbackError,
  HtmlResponseError,
  HttpStatusError,
  NetworkError,
  NotLoggedOnError,
  ResponseShapeError,
} from './errors';

type Call = [string, ...unknown[]];

function fakeUi() {
  const calls: Call[] = [];
  const logons: Array<(ok: boolean) => void> = [];
  const ui: ErrorHandlerUi = {
    alert: (text) => void calls.push(['alert', text]),
    notifyError: (text) => void calls.push(['notifyError', text]),
    showHtml: (html, title) => void calls.push(['showHtml', html, title]),
    prompt: (message, value) => void calls.push(['prompt', message, value]),
    openLogon: () => {
      calls.push(['openLogon']);
      return new Promise<boolean>((resolve) => logons.push(resolve));
    },
  };
  const logged: unknown[][] = [];
  const console = { error: (...args: unknown[]) => void logged.push(args) };
  return { ui, calls, logons, logged, console };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('error handler (spec §8)', () => {
  it("alerts an HTTP 500 with the caller's text plus ': HTTP 500'", () => {
    const { ui, calls, console } = fakeUi();
    const handler = createErrorHandler({ ui, verbose: false, console });
    handler.handle(new HttpStatusError({ status: 500, method: 'POST', url: '/callback', bodyText: '' }), {
      callerText: 'Loading the translation',
    });
    handler.handle(new HttpStatusError({ status: 500, method: 'GET', url: '/api/v1/x', bodyText: '{}' }));
    expect(calls).toEqual([
      ['alert', 'Loading the translation: HTTP 500'],
      ['alert', 'ERROR: HTTP 500'],
    ]);
  });

  it("shows an HTTP 500's exception line in the error window when verbose, and only the alert when not", () => {
    const error = new HttpStatusError({
      status: 500,
      method: 'POST',
      url: '/callback',
      bodyText: '',
      serverMessage: 'An unexpected error occurred.',
      exception: 'Error: <boom>',
    });
    const verbose = fakeUi();
    createErrorHandler({ ui: verbose.ui, verbose: true, console: verbose.console }).handle(error, {
      callerText: 'Saving',
    });
    expect(verbose.calls).toEqual([
      [
        'showHtml',
        '<p>Saving: HTTP 500</p><p>An unexpected error occurred.</p><pre>Error: &lt;boom&gt;</pre>',
        'Saving',
      ],
    ]);
    const quiet = fakeUi();
    createErrorHandler({ ui: quiet.ui, verbose: false, console: quiet.console }).handle(error, {
      callerText: 'Saving',
    });
    expect(quiet.calls).toEqual([['alert', 'Saving: HTTP 500']]);
  });

  it('opens the logon window once for NOT_LOGGED_ON, until logon succeeds', async () => {
    const { ui, calls, logons, console } = fakeUi();
    const handler = createErrorHandler({ ui, verbose: false, console });
    handler.handle(new NotLoggedOnError());
    handler.handle(new NotLoggedOnError());
    expect(calls).toEqual([['openLogon']]);

    logons[0]?.(false); // dismissed: still once
    await flush();
    handler.handle(new NotLoggedOnError());
    expect(calls).toHaveLength(1);

    handler.logonSucceeded();
    handler.handle(new NotLoggedOnError());
    expect(calls).toEqual([['openLogon'], ['openLogon']]);

    logons[1]?.(true); // the window itself reports success
    await flush();
    handler.handle(new NotLoggedOnError());
    expect(calls).toHaveLength(3);
  });

  it('shows an HTML page in the HTML Alert dialog', () => {
    const { ui, calls, console } = fakeUi();
    createErrorHandler({ ui, verbose: false, console }).handle(
      new HtmlResponseError({ html: '<html><body>Bad gateway</body></html>', status: 502 }),
      { callerText: 'Saving' },
    );
    expect(calls).toEqual([['showHtml', '<html><body>Bad gateway</body></html>', 'Saving']]);
  });

  it('offers the short exception line in a prompt when not verbose', () => {
    const { ui, calls, console } = fakeUi();
    createErrorHandler({ ui, verbose: false, console }).handle(
      new CallbackError({ serverMessage: 'Save failed', exception: 'SqlException: deadlock', status: 400 }),
    );
    expect(calls).toEqual([['prompt', 'Save failed', 'SqlException: deadlock']]);
  });

  it('shows the exception in the error window when verbose, escaped', () => {
    const { ui, calls, console } = fakeUi();
    createErrorHandler({ ui, verbose: true, console }).handle(
      new CallbackError({ serverMessage: 'Save <failed>', exception: 'X & Y', status: 400 }),
      { callerText: 'Saving' },
    );
    expect(calls).toEqual([['showHtml', '<p>Save &lt;failed&gt;</p><pre>X &amp; Y</pre>', 'Saving']]);
  });

  it('alerts application error text that has no exception line', () => {
    const { ui, calls, console } = fakeUi();
    createErrorHandler({ ui, verbose: true, console }).handle(
      new CallbackError({ serverMessage: 'Invalid xml was found', status: 400 }),
    );
    expect(calls).toEqual([['alert', 'Invalid xml was found']]);
  });

  it('notifies a JSON API error with the response Message (or text) plus the URL', () => {
    const { ui, calls, console } = fakeUi();
    const handler = createErrorHandler({ ui, verbose: false, console });
    handler.handle(
      new HttpStatusError({
        status: 404,
        method: 'GET',
        url: 'http://h/api/v1/steps/9',
        bodyText: '{"Message":"Unknown step","Code":"NOT_FOUND"}',
        body: { Message: 'Unknown step', Code: 'NOT_FOUND' },
      }),
    );
    handler.handle(
      new HttpStatusError({ status: 502, method: 'GET', url: 'http://h/api/v1/x', bodyText: 'Bad gateway' }),
    );
    handler.handle(new NetworkError({ url: 'http://h/api/v1/y', method: 'GET' }), { url: '/override' });
    handler.handle(
      new ResponseShapeError({
        issues: [{ code: 'c', path: ['Id'], message: 'Required' }],
        url: 'http://h/z',
      }),
    );
    expect(calls).toEqual([
      ['notifyError', 'Unknown step\nhttp://h/api/v1/steps/9'],
      ['notifyError', 'Bad gateway\nhttp://h/api/v1/x'],
      ['notifyError', 'Network error: GET http://h/api/v1/y\n/override'],
      ['notifyError', 'Unexpected response from GET http://h/z: Id Required\nhttp://h/z'],
    ]);
  });

  it('notifies an unknown failure with its error text', () => {
    const { ui, calls, console } = fakeUi();
    createErrorHandler({ ui, verbose: false, console }).handle(new Error('boom'), { url: '/x' });
    expect(calls).toEqual([['notifyError', 'boom\n/x']]);
  });

  it('logs every failure to the console', () => {
    const { ui, logged, console } = fakeUi();
    const handler = createErrorHandler({ ui, verbose: false, console });
    const errors = [new NotLoggedOnError(), new Error('boom'), new NetworkError()];
    for (const error of errors) handler.handle(error, { callerText: 'Loading' });
    expect(logged).toEqual(errors.map((error) => ['Procedo: Loading', error]));
  });
});
