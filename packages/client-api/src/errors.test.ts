import { describe, expect, it } from 'vitest';
import {
  CallbackError,
  HtmlResponseError,
  HttpStatusError,
  isCallbackError,
  isHtmlResponseError,
  isHttpStatusError,
  isNetworkError,
  isNotLoggedOnError,
  isProcedoApiError,
  isResponseShapeError,
  NetworkError,
  NotLoggedOnError,
  ResponseShapeError,
} from './errors';

describe('error family', () => {
  it('names the method and URL in an HTTP status error and keeps the parsed body', () => {
    const error = new HttpStatusError({
      status: 404,
      method: 'GET',
      url: 'http://x/api/v1/steps/9',
      bodyText: '{"Message":"Unknown step","Code":"NOT_FOUND"}',
      body: { Message: 'Unknown step', Code: 'NOT_FOUND' },
    });
    expect(error.message).toBe('GET http://x/api/v1/steps/9 failed: HTTP 404');
    expect(error.serverMessage).toBe('Unknown step');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('HttpStatusError');
  });

  it('keeps the original error in cause, not in the message', () => {
    const cause = new TypeError('fetch failed');
    const error = new NetworkError({ url: '/callback', method: 'POST', cause });
    expect(error.cause).toBe(cause);
    expect(error.message).not.toContain('fetch failed');
  });

  it('recognises each class with its guard and no other', () => {
    const errors = [
      new HttpStatusError({ status: 500, method: 'POST', url: '/callback', bodyText: '' }),
      new NotLoggedOnError(),
      new ResponseShapeError({ issues: [{ code: 'x', path: ['a'], message: 'bad' }] }),
      new CallbackError({ serverMessage: 'Invalid xml was found', status: 400 }),
      new HtmlResponseError({ html: '<html></html>', status: 502 }),
      new NetworkError(),
    ];
    const guards = [
      isHttpStatusError,
      isNotLoggedOnError,
      isResponseShapeError,
      isCallbackError,
      isHtmlResponseError,
      isNetworkError,
    ];
    errors.forEach((error, i) => {
      expect(isProcedoApiError(error)).toBe(true);
      expect(guards.map((guard) => guard(error))).toEqual(guards.map((_, j) => i === j));
    });
    expect(isProcedoApiError(new Error('plain'))).toBe(false);
    expect(isProcedoApiError(null)).toBe(false);
  });

  it('recognises errors made in another window by their brand', () => {
    // What an error from an iframe's copy of the library looks like: same shape, other prototype.
    const foreign = { isProcedoApiError: true, kind: 'NotLoggedOnError', message: 'Not logged on' };
    expect(isProcedoApiError(foreign)).toBe(true);
    expect(isNotLoggedOnError(foreign)).toBe(true);
    expect(isHttpStatusError(foreign)).toBe(false);
  });
});
