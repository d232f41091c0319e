import type { RecordSearchPageQuery, SearchPage, ValueElement } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { criteriaConditions, searchPageFetcher, withCriteria } from './search-conditions';

const elements = new Map<string, ValueElement>([
  ['Name', { Kind: 'text', Name: 'Name', Label: 'Name' }],
  ['Qty', { Kind: 'number', Name: 'Qty', Label: 'Quantity' }],
  ['Active', { Kind: 'checkbox', Name: 'Active', Label: 'Active' }],
  ['Supplier', { Kind: 'picker', Name: 'Supplier', Label: 'Supplier', Source: 'suppliers' }],
]);

describe('criteriaConditions', () => {
  it('turns typed text into contains, other values into equals, a picked record into its id, and skips empties', () => {
    expect(
      criteriaConditions(
        {
          Name: 'acme',
          Qty: 5,
          Active: false,
          Supplier: { Id: '12', Text: 'Acme' },
          Unknown: 'x',
          Empty: '',
        },
        elements,
      ),
    ).toEqual([
      { Field: 'Name', Op: 'contains', Value: 'acme' },
      { Field: 'Qty', Op: 'equals', Value: '5' },
      { Field: 'Supplier', Op: 'equals', Value: '12' },
    ]);
    expect(criteriaConditions({ Active: true }, elements)).toEqual([
      { Field: 'Active', Op: 'equals', Value: 'true' },
    ]);
  });
});

describe('withCriteria', () => {
  const criteria = {
    Combine: 'and' as const,
    Conditions: [{ Field: 'Name', Op: 'contains' as const, Value: 'a' }],
  };
  it('ands the grid’s conditions after the criteria', () => {
    expect(
      withCriteria(criteria, { Combine: 'and', Conditions: [{ Field: 'Qty', Op: 'gt', Value: '1' }] }),
    ).toEqual({
      Combine: 'and',
      Conditions: [criteria.Conditions[0], { Field: 'Qty', Op: 'gt', Value: '1' }],
    });
    expect(withCriteria(null, null)).toBeNull();
  });
  it('refuses to widen or narrow an or-filter into the criteria', () => {
    const or = {
      Combine: 'or' as const,
      Conditions: [
        { Field: 'Qty', Op: 'gt' as const, Value: '1' },
        { Field: 'Qty', Op: 'lt' as const, Value: '0' },
      ],
    };
    expect(() => withCriteria(criteria, or)).toThrow(RangeError);
    expect(withCriteria(null, or)).toBe(or);
  });
});

describe('searchPageFetcher', () => {
  it('asks the keyset search with the criteria, the grid query, saved filters and the timepoint', async () => {
    const calls: [number, RecordSearchPageQuery | undefined][] = [];
    const page: SearchPage = { Rows: [], NextCursor: null, HasMore: false, Total: 0, TotalIsExact: true };
    const fetchPage = searchPageFetcher(
      {
        searchPage: async (no, query) => {
          calls.push([no, query]);
          return page;
        },
      },
      111,
      {
        criteria: [{ Field: 'Name', Op: 'contains', Value: 'a' }],
        filterIds: [4],
        timepoint: '2026-07-01 00:00',
      },
    );
    const signal = new AbortController().signal;
    await fetchPage({
      after: 'c1',
      limit: 50,
      count: true,
      sort: { Field: 'Qty', Direction: 'desc' },
      where: null,
      signal,
    });
    expect(calls).toEqual([
      [
        111,
        {
          sort: { Field: 'Qty', Direction: 'desc' },
          where: { Combine: 'and', Conditions: [{ Field: 'Name', Op: 'contains', Value: 'a' }] },
          after: 'c1',
          limit: 50,
          count: 'exact',
          filterIds: [4],
          timepoint: '2026-07-01 00:00',
          signal,
        },
      ],
    ]);
  });
});
