import { describe, expect, it } from 'vitest';
import { positional } from './pg-named';

describe('named parameters for PostgreSQL', () => {
  it('numbers each name once, in order of first use, and binds its value once', () => {
    expect(
      positional('SELECT @b, @a::text[], @b + 1 WHERE x = @a_1', {
        a: ['F', 'Id'],
        b: 2,
        a_1: null,
        unused: 9,
      }),
    ).toEqual({ text: 'SELECT $1, $2::text[], $1 + 1 WHERE x = $3', values: [2, ['F', 'Id'], null] });
  });

  it('refuses a name without a value rather than binding NULL', () => {
    expect(() => positional('SELECT @missing', {})).toThrow('No value for SQL parameter @missing');
  });
});
