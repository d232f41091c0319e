import { describe, expect, it } from 'vitest';
import { createAjaxCounter } from '../ajax-counter';
import {
  CallbackError,
  HtmlResponseError,
  HttpStatusError,
  NetworkError,
  NotLoggedOnError,
  ResponseShapeError,
} from '../errors';
import type { FetchLike } from '../http';
import { createServerTimeoutCookie } from '../server-timeout';
import { createCallbackClient } from './client';
import { parseSiteMap } from './xml';

interface Seen {
  url: string;
  headers: Headers;
  body: string;
}

/** An in-memory fetch that answers every request with one fixed response. */
function fixedFetch(status: number, body: string, contentType = 'application/xml; charset=utf-8') {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (input, init) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers), body: String(init?.body) });
    return new Response(body, { status, headers: { 'Content-Type': contentType } });
  };
  return { fetch, seen };
}

const ok = (result: string) => `<Response><Status>OK</Status><Result>${result}</Result></Response>`;

describe('callback client', () => {
  it('posts the encoded command as XML with the CSRF token to /callback', async () => {
    const { fetch, seen } = fixedFetch(200, ok('&lt;Component/&gt;'));
    const client = createCallbackClient({ baseUrl: 'http://h:1/', fetch, getCsrfToken: () => 'tok' });
    await expect(client.xmlOfComponentName('a&b')).resolves.toBe('<Component/>');
    expect(seen[0]?.url).toBe('http://h:1/callback');
    expect(seen[0]?.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(seen[0]?.headers.get('x-csrf-token')).toBe('tok');
    expect(seen[0]?.body).toBe(
      '<Command><CommandType>Web.Resources.XmlOfComponentName</CommandType><ComponentName>a&amp;b</ComponentName></Command>',
    );
  });

  it('reads the site map at a timepoint with X-Procedo-Timepoint, and now without it', async () => {
    const { fetch, seen } = fixedFetch(200, ok('&lt;SiteMap/&gt;'));
    const client = createCallbackClient({ fetch });
    await client.siteMap({ timepoint: '2026-11-01T10:00:00.000Z' });
    await client.siteMap();
    expect(seen[0]?.headers.get('x-procedo-timepoint')).toBe('2026-11-01T10:00:00.000Z');
    expect(seen[1]?.headers.get('x-procedo-timepoint')).toBeNull();
  });

  it('marks a background command for the server and leaves the timeout cookie alone', async () => {
    const { fetch, seen } = fixedFetch(200, ok(''));
    let refreshes = 0;
    const serverTimeout = {
      refresh: () => {
        refreshes += 1;
        return 0;
      },
      read: () => null,
    };
    const client = createCallbackClient({ fetch, serverTimeout });
    await client.send({ CommandType: 'Template.CacheRefresh' }, { background: true });
    expect(seen[0]?.headers.get('x-procedo-background')).toBe('1');
    expect(refreshes).toBe(0);
    await client.send({ CommandType: 'Template.CacheRefresh' });
    expect(seen[1]?.headers.has('x-procedo-background')).toBe(false);
    expect(refreshes).toBe(1);
  });

  it('sends no CSRF header when there is no token', async () => {
    const { fetch, seen } = fixedFetch(200, ok(''));
    await createCallbackClient({ fetch, getCsrfToken: () => null }).send({
      CommandType: 'Template.CacheRefresh',
    });
    expect(seen[0]?.url).toBe('/callback');
    expect(seen[0]?.headers.has('x-csrf-token')).toBe(false);
  });

  it('reads the KeepAlive expiry from an element, JSON or text result', async () => {
    for (const result of [
      '<SessionExpiresAt>2030-01-01T10:00:00.000Z</SessionExpiresAt>',
      '{"SessionExpiresAt":"2030-01-01T10:00:00.000Z"}',
      '2030-01-01T10:00:00.000Z',
    ]) {
      const { fetch } = fixedFetch(200, ok(result));
      await expect(createCallbackClient({ fetch, getCsrfToken: () => null }).keepAlive()).resolves.toEqual({
        expiresAt: '2030-01-01T10:00:00.000Z',
      });
    }
    const { fetch } = fixedFetch(200, ok('tomorrow'));
    await expect(
      createCallbackClient({ fetch, getCsrfToken: () => null }).keepAlive(),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('maps NOT_LOGGED_ON, ERROR, HTTP 500, HTML and transport failures to the error family', async () => {
    const cases: Array<[number, string, string | undefined, unknown]> = [
      [200, '<Response><Status>NOT_LOGGED_ON</Status></Response>', undefined, NotLoggedOnError],
      [
        400,
        '<Response><Status>ERROR</Status><Message>Invalid xml was found</Message></Response>',
        undefined,
        CallbackError,
      ],
      [500, '<Response><Status>ERROR</Status><Message>Oops</Message></Response>', undefined, HttpStatusError],
      [500, 'Internal Server Error', 'text/plain', HttpStatusError],
      [502, '<!DOCTYPE html><html><body>Bad gateway</body></html>', 'text/html', HtmlResponseError],
      [200, '<html><body>login</body></html>', 'application/xml', HtmlResponseError],
      [200, '<Response><Status>OK', undefined, ResponseShapeError],
      [404, 'Not found', 'text/plain', HttpStatusError],
    ];
    for (const [status, body, type, expected] of cases) {
      const { fetch } = fixedFetch(status, body, type);
      const error = await createCallbackClient({ fetch, getCsrfToken: () => null })
        .send({ CommandType: 'Web.Session', CommandName: 'KeepAlive' })
        .catch((e: unknown) => e);
      expect(error, `${status} ${body}`).toBeInstanceOf(expected as never);
    }
    const failing: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    const error = await createCallbackClient({ fetch: failing, getCsrfToken: () => null })
      .send({ CommandType: 'Template.CacheRefresh' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
  });

  it('carries the Message and Exception of an HTTP 500 callback answer', async () => {
    const { fetch } = fixedFetch(
      500,
      '<Response><Status>ERROR</Status><Message>Failed</Message><Exception>Boom: at x</Exception></Response>',
    );
    const error = (await createCallbackClient({ fetch, getCsrfToken: () => null })
      .send({ CommandType: 'Template.CacheRefresh' })
      .catch((e: unknown) => e)) as HttpStatusError;
    expect(error).toMatchObject({
      status: 500,
      method: 'POST',
      url: '/callback',
      serverMessage: 'Failed',
      exception: 'Boom: at x',
    });
  });

  it('drives the ajax counter and refreshes the timeout cookie only on success', async () => {
    const counter = createAjaxCounter();
    const cookies = new Map<string, string>();
    const serverTimeout = createServerTimeoutCookie({
      cookies: { get: (n) => cookies.get(n) ?? null, set: (n, v) => void cookies.set(n, v) },
      now: () => 0,
      timeoutMinutes: () => 1,
      isLocked: () => false,
    });
    const seen: number[] = [];
    let answer = ok('x');
    const fetch: FetchLike = async () => {
      seen.push(counter.getSnapshot());
      return new Response(answer, { status: 200 });
    };
    const client = createCallbackClient({
      fetch,
      getCsrfToken: () => null,
      ajaxCounter: counter,
      serverTimeout,
    });
    await client.xmlOfComponentName('c');
    expect(seen).toEqual([1]);
    expect(counter.getSnapshot()).toBe(0);
    expect(serverTimeout.read()).toBe(65_000);

    cookies.clear();
    answer = '<Response><Status>NOT_LOGGED_ON</Status></Response>';
    await expect(client.xmlOfComponentName('c')).rejects.toBeInstanceOf(NotLoggedOnError);
    expect(counter.getSnapshot()).toBe(-1);
    expect(serverTimeout.read()).toBeNull();
  });

  it('refuses a command XML cannot carry before calling the server or the counter', async () => {
    const counter = createAjaxCounter();
    const { fetch, seen } = fixedFetch(200, ok(''));
    const client = createCallbackClient({ fetch, getCsrfToken: () => null, ajaxCounter: counter });
    await expect(client.xmlOfComponentName('\u0001')).rejects.toBeInstanceOf(RangeError);
    expect(seen).toHaveLength(0);
    expect(counter.getSnapshot()).toBe(0);
  });
});

describe('callback client: ToggleBookmarkSelectedRecord', () => {
  it('sends the table and record ids and resolves with the new state', async () => {
    const { fetch, seen } = fixedFetch(200, ok('<Bookmark TableId="102" RecordId="17" Selected="true"/>'));
    const client = createCallbackClient({ fetch, getCsrfToken: () => 'tok' });
    await expect(client.toggleBookmark(102, 17)).resolves.toEqual({
      TableId: 102,
      RecordId: 17,
      Selected: true,
    });
    expect(seen[0]?.body).toBe(
      '<Command><CommandType>ToggleBookmarkSelectedRecord</CommandType><BookmarkTableId>102</BookmarkTableId><BookmarkRecordId>17</BookmarkRecordId></Command>',
    );
  });

  it('reads Selected="false" as a removed bookmark', async () => {
    const { fetch } = fixedFetch(200, ok('<Bookmark TableId="102" RecordId="17" Selected="false"/>'));
    await expect(createCallbackClient({ fetch }).toggleBookmark(102, 17)).resolves.toMatchObject({
      Selected: false,
    });
  });

  it('throws a CallbackError with the server message for a record the user cannot see', async () => {
    const { fetch } = fixedFetch(
      200,
      '<Response><Status>ERROR</Status><Message>No record 9 on form 102 to bookmark.</Message></Response>',
    );
    const error = await createCallbackClient({ fetch })
      .toggleBookmark(102, 9)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallbackError);
    expect((error as CallbackError).serverMessage).toBe('No record 9 on form 102 to bookmark.');
  });

  it('refuses an answer without a readable Bookmark state', async () => {
    for (const result of ['', '<Bookmark TableId="102" RecordId="17" Selected="yes"/>', 'true']) {
      const { fetch } = fixedFetch(200, ok(result));
      await expect(createCallbackClient({ fetch }).toggleBookmark(102, 17)).rejects.toBeInstanceOf(
        ResponseShapeError,
      );
    }
  });
});

describe('translation commands', () => {
  const result = {
    CommandElementName: 'Country',
    DbEntityId: 1,
    ParentId: 102,
    PropertyId: 1,
    LangCode: 'de',
    TranslationText: 'Land',
    IsTranslated: true,
    DefaultLangCode: 'en',
    DefaultText: 'Country',
  };

  it('sends entity.translation.get with the key and LangCode and reads the JSON Result', async () => {
    const { fetch, seen } = fixedFetch(200, ok(JSON.stringify(result)));
    const client = createCallbackClient({ fetch });
    await expect(
      client.translationGet({
        commandElementName: 'Country',
        dbEntityId: 1,
        parentId: 102,
        propertyId: 1,
        langCode: 'de',
      }),
    ).resolves.toEqual(result);
    expect(seen[0]?.body).toBe(
      '<Command><CommandType>wtoElementExecCommand</CommandType><CommandName>entity.translation.get</CommandName><CommandElementName>Country</CommandElementName><DbEntityId>1</DbEntityId><ParentId>102</ParentId><PropertyId>1</PropertyId><LangCode>de</LangCode></Command>',
    );
  });

  it('sends entity.translation.save with TranslationText, without LangCode when none is given', async () => {
    const { fetch, seen } = fixedFetch(200, ok(JSON.stringify({ ...result, TranslationText: 'Staat' })));
    const client = createCallbackClient({ fetch });
    await client.translationSave({
      commandElementName: 'Country',
      dbEntityId: 1,
      parentId: 102,
      propertyId: 1,
      translationText: 'Staat',
    });
    expect(seen[0]?.body).toContain('<CommandName>entity.translation.save</CommandName>');
    expect(seen[0]?.body).toContain('<TranslationText>Staat</TranslationText>');
    expect(seen[0]?.body).not.toContain('LangCode');
  });

  it('refuses a Result with a field the schema does not know (strict)', async () => {
    const { fetch } = fixedFetch(200, ok(JSON.stringify({ ...result, Extra: 1 })));
    const client = createCallbackClient({ fetch });
    await expect(
      client.translationGet({ commandElementName: 'Country', dbEntityId: 1, parentId: 102, propertyId: 1 }),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it("surfaces 'Unknown language' as a CallbackError", async () => {
    const { fetch } = fixedFetch(
      400,
      '<Response><Status>ERROR</Status><Message>Unknown language</Message></Response>',
    );
    const client = createCallbackClient({ fetch });
    await expect(
      client.translationSave({
        commandElementName: 'Country',
        dbEntityId: 1,
        parentId: 102,
        propertyId: 1,
        langCode: 'xx',
        translationText: 'x',
      }),
    ).rejects.toMatchObject({ serverMessage: 'Unknown language' });
  });
});

describe('parseSiteMap node ids', () => {
  it('reads a node Id when the server sends one and leaves it out otherwise', () => {
    expect(
      parseSiteMap('<SiteMap><Node Id="7" Title="Help"><Node Title="Tour" Url="/help"/></Node></SiteMap>'),
    ).toEqual([
      {
        id: 7,
        title: 'Help',
        url: null,
        description: null,
        children: [{ title: 'Tour', url: '/help', description: null, children: [] }],
      },
    ]);
  });
});
