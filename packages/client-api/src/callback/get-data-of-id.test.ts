import { describe, expect, it } from 'vitest';
import { createErrorHandler, type ErrorHandlerUi } from '../error-handler';
import { CallbackError, ResponseShapeError } from '../errors';
import type { FetchLike } from '../http';
import { createCallbackClient } from './client';
import { getDataOfId } from './get-data-of-id';

function fixedFetch(status: number, body: string) {
  const bodies: string[] = [];
  const fetch: FetchLike = async (_input, init) => {
    bodies.push(String(init?.body));
    return new Response(body, { status, headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
  };
  return { fetch, bodies };
}
const ok = (result: string) => `<Response><Status>OK</Status><Result>${result}</Result></Response>`;
const error = (message: string) => `<Response><Status>ERROR</Status><Message>${message}</Message></Response>`;

function recordingHandler() {
  const calls: unknown[][] = [];
  const ui: ErrorHandlerUi = {
    alert: (text) => void calls.push(['alert', text]),
    notifyError: (text) => void calls.push(['notifyError', text]),
    showHtml: (html, title) => void calls.push(['showHtml', html, title]),
    prompt: (message, value) => void calls.push(['prompt', message, value]),
    openLogon: async () => {
      calls.push(['openLogon']);
      return true;
    },
  };
  const handler = createErrorHandler({ ui, verbose: false, console: { error: () => {} } });
  return { handler, calls };
}

const record = {
  Id: 17,
  Entity: 'supplier',
  Version: 3,
  IsDeleted: false,
  Values: { Name: 'Atlas' },
  UpdatedBy: 'supervisor',
  UpdatedAt: '2026-11-23T10:00:00.000Z',
};

describe('element data as JSON (spec §7)', () => {
  it("asks Web.Data.XmlOfId for <form>:<record>:<element> as Json and answers the element's { Name, Value }", async () => {
    const { fetch, bodies } = fixedFetch(200, ok('{"Name":"Rating","Value":5}'));
    const client = createCallbackClient({ fetch, getCsrfToken: () => null });
    await expect(
      client.elementData({ webTemplateNo: 102, recordId: 17, element: 'Rating' }),
    ).resolves.toEqual({
      Name: 'Rating',
      Value: 5,
    });
    expect(bodies[0]).toBe(
      '<Command><CommandType>Web.Data.XmlOfId</CommandType><DataId>102:17:Rating</DataId><ReturnType>Json</ReturnType></Command>',
    );
  });

  it('refuses an answer that is not element data', async () => {
    const { fetch } = fixedFetch(200, ok('{"Value":5}'));
    const client = createCallbackClient({ fetch, getCsrfToken: () => null });
    await expect(
      client.elementData({ webTemplateNo: 102, recordId: 17, element: 'Rating' }),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe("GetDataOfId and 'Unable to set ajax call back for GetDataOfId' (spec §8, error window)", () => {
  it('resolves the record read as JSON', async () => {
    const { fetch } = fixedFetch(200, ok(JSON.stringify(record).replace(/</g, '&lt;')));
    const { handler, calls } = recordingHandler();
    const client = createCallbackClient({ fetch, getCsrfToken: () => null });
    await expect(getDataOfId(client, '102:17', { errorHandler: handler })).resolves.toEqual(record);
    expect(calls).toEqual([]);
  });

  it('shows the message in the error window with the reason when the call fails, and resolves null', async () => {
    const { fetch } = fixedFetch(200, error('Record 99 of form 102 does not exist'));
    const { handler, calls } = recordingHandler();
    const client = createCallbackClient({ fetch, getCsrfToken: () => null });
    await expect(getDataOfId(client, '102:99', { errorHandler: handler })).resolves.toBeNull();
    expect(calls).toEqual([
      [
        'showHtml',
        '<p>Unable to set ajax call back for GetDataOfId</p><p>Record 99 of form 102 does not exist</p>',
        undefined,
      ],
    ]);
  });

  it('keeps the logon window for NOT_LOGGED_ON and the HTTP 500 alert', async () => {
    const loggedOut = recordingHandler();
    const notLoggedOn = fixedFetch(200, '<Response><Status>NOT_LOGGED_ON</Status></Response>');
    await getDataOfId(
      createCallbackClient({ fetch: notLoggedOn.fetch, getCsrfToken: () => null }),
      '102:17',
      {
        errorHandler: loggedOut.handler,
      },
    );
    expect(loggedOut.calls).toEqual([['openLogon']]);

    const failed = recordingHandler();
    const http500 = fixedFetch(500, error('An unexpected error occurred.'));
    await getDataOfId(createCallbackClient({ fetch: http500.fetch, getCsrfToken: () => null }), '102:17', {
      errorHandler: failed.handler,
    });
    expect(failed.calls).toEqual([['alert', 'Unable to set ajax call back for GetDataOfId: HTTP 500']]);
  });

  it("adds a verbose server's exception line to the error window", () => {
    const calls: unknown[][] = [];
    const handler = createErrorHandler({
      verbose: true,
      console: { error: () => {} },
      ui: {
        alert: () => {},
        notifyError: () => {},
        prompt: () => {},
        openLogon: async () => true,
        showHtml: (html, title) => void calls.push([html, title]),
      },
    });
    handler.showErrorWindow('Unable to set ajax call back for GetDataOfId', {
      cause: new CallbackError({ serverMessage: 'No such form', exception: 'Error: <x>', status: 200 }),
      title: 'Supplier',
    });
    expect(calls).toEqual([
      [
        '<p>Unable to set ajax call back for GetDataOfId</p><p>No such form</p><pre>Error: &lt;x&gt;</pre>',
        'Supplier',
      ],
    ]);
  });
});
