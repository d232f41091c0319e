import { describe, expect, it } from 'vitest';
import { searchFilters } from './search-filters';

describe('searchFilters', () => {
  it('drops empty values and unticked boxes', () => {
    expect(searchFilters({ Name: 'at', Country: '', Status: null, Flag: false, On: true })).toEqual({
      Name: 'at',
      On: true,
    });
  });
});
