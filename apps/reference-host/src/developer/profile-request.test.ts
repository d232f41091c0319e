import { describe, expect, it } from 'vitest';
import { readProfileRequest } from './profile-request';

const read = (query: string, current = 1, handled: string | null = null) =>
  readProfileRequest(new URLSearchParams(query), current, handled);

describe('readProfileRequest (UGOTOPROFILENO)', () => {
  it('asks for a switch to another profile id', () => {
    expect(read('WebTemplateNo=102&UGOTOPROFILENO=2')).toEqual({ kind: 'switch', param: '2', profileId: 2 });
    expect(read('UGOTOPROFILENO= 2 ')).toEqual({ kind: 'switch', param: '2', profileId: 2 });
  });

  it('does nothing without the parameter, for the current profile, or for a value already acted on', () => {
    expect(read('WebTemplateNo=102')).toEqual({ kind: 'none' });
    expect(read('UGOTOPROFILENO=')).toEqual({ kind: 'none' });
    expect(read('UGOTOPROFILENO=1', 1)).toEqual({ kind: 'done', param: '1' });
    // The user switched back in the developer bar: the address's value is not applied again.
    expect(read('UGOTOPROFILENO=2', 1, '2')).toEqual({ kind: 'done', param: '2' });
  });

  it('refuses a value that is not a profile id, without asking the server', () => {
    for (const value of ['abc', '0', '-2', '1.5', '2e3', '12345678901']) {
      expect(read(`UGOTOPROFILENO=${value}`)).toEqual({ kind: 'invalid', param: value });
    }
  });
});
