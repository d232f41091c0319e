import { HttpStatusError, NetworkError } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { httpStatusText, isHttpFailure, processErrorText } from './errors';

const failure = (status: number, bodyText: string, message?: string) =>
  new HttpStatusError({
    status,
    method: 'POST',
    url: '/api/v1/user/system/user-processes/command/create-process',
    bodyText,
    ...(message === undefined ? {} : { body: { Message: message, Code: 'X' } }),
  });

describe('the error text of a failed process call (spec §8)', () => {
  it('prefers the JSON Message', () => {
    expect(processErrorText(failure(400, '{"Message":"No such command"}', 'No such command'))).toBe(
      'No such command',
    );
  });

  it('else the response text', () => {
    expect(processErrorText(failure(502, 'Upstream proxy error'))).toBe('Upstream proxy error');
  });

  it('else the status text', () => {
    expect(processErrorText(failure(503, ''))).toBe('Service Unavailable');
    expect(processErrorText(failure(302, '  '))).toBe('Found');
    expect(httpStatusText(599)).toBe('HTTP 599');
  });

  it('gives other errors their message', () => {
    expect(processErrorText(new NetworkError({ url: '/x', method: 'POST' }))).toBe('Network error: POST /x');
    expect(processErrorText('plain')).toBe('plain');
  });

  it('counts statuses of 300 and above as failures', () => {
    expect(isHttpFailure(failure(300, ''))).toBe(true);
    expect(isHttpFailure(failure(500, ''))).toBe(true);
    expect(isHttpFailure(new Error('x'))).toBe(false);
  });
});
