import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ValueElement } from '../forms/validate';
import {
  conditionProblem,
  filterProblems,
  operatorsFor,
  readSearchParams,
  type SearchCondition,
  SearchConditionMessages,
  type SearchQueryParams,
  writeSearchParams,
} from './search-query';

const elements = new Map<string, ValueElement>([
  ['Name', { Kind: 'text', Name: 'Name', Label: 'Name' }],
  ['Qty', { Kind: 'number', Name: 'Qty', Label: 'Quantity' }],
  ['Due', { Kind: 'date', Name: 'Due', Label: 'Due' }],
  [
    'Status',
    {
      Kind: 'select',
      Name: 'Status',
      Label: 'Status',
      Options: [
        { Value: 'Open', Label: 'Open' },
        { Value: 'Closed', Label: 'Closed' },
      ],
    },
  ],
  ['Active', { Kind: 'checkbox', Name: 'Active', Label: 'Active' }],
]);

describe('conditionProblem', () => {
  it('accepts conditions that fit their field', () => {
    const good: SearchCondition[] = [
      { Field: 'Name', Op: 'contains', Value: 'acme' },
      { Field: 'Qty', Op: 'between', Value: '2', Value2: '10' },
      { Field: 'Due', Op: 'ge', Value: '2026-01-31' },
      { Field: 'Status', Op: 'in', Values: ['Open', 'Closed'] },
      { Field: 'Active', Op: 'equals', Value: 'true' },
      { Field: 'Name', Op: 'empty' },
    ];
    for (const condition of good) expect(conditionProblem(condition, elements)).toBeNull();
  });

  it('names what is wrong with a condition', () => {
    const cases: [SearchCondition, string][] = [
      [{ Field: 'Secret', Op: 'equals', Value: 'x' }, SearchConditionMessages.unknownField],
      [{ Field: 'Name', Op: 'lt', Value: 'x' }, SearchConditionMessages.operator],
      [{ Field: 'Qty', Op: 'equals', Value: 'ten' }, SearchConditionMessages.number],
      [{ Field: 'Due', Op: 'equals', Value: '31.01.2026' }, SearchConditionMessages.date],
      [{ Field: 'Due', Op: 'equals', Value: '2026-02-30' }, SearchConditionMessages.date],
      [{ Field: 'Status', Op: 'equals', Value: 'Maybe' }, SearchConditionMessages.option],
      [{ Field: 'Active', Op: 'equals', Value: 'yes' }, SearchConditionMessages.checkbox],
      [{ Field: 'Qty', Op: 'between', Value: '10', Value2: '2' }, SearchConditionMessages.range],
      [{ Field: 'Qty', Op: 'between', Value: '1' }, SearchConditionMessages.valueMissing],
      [{ Field: 'Name', Op: 'equals' }, SearchConditionMessages.valueMissing],
      [{ Field: 'Status', Op: 'in' }, SearchConditionMessages.valueMissing],
    ];
    for (const [condition, message] of cases) expect(conditionProblem(condition, elements)).toBe(message);
  });

  it('reports problems by condition index', () => {
    const problems = filterProblems(
      {
        Combine: 'or',
        Conditions: [
          { Field: 'Name', Op: 'contains', Value: 'a' },
          { Field: 'Due', Op: 'lt', Value: '2026-13-01' },
        ],
      },
      elements,
    );
    expect(problems).toEqual([{ index: 1, field: 'Due', message: SearchConditionMessages.date }]);
  });

  it('offers only comparisons a kind supports', () => {
    expect(operatorsFor('checkbox')).toEqual(['equals']);
    expect(operatorsFor('text')).not.toContain('between');
    expect(operatorsFor('date')).toContain('between');
  });
});

const field = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/);
const text = fc.string({ maxLength: 30 });
const condition = fc.record(
  {
    Field: field,
    Op: fc.constantFrom('contains', 'equals', 'between', 'in', 'empty' as const),
    Value: text,
    Value2: text,
    Values: fc.array(text, { minLength: 1, maxLength: 4 }),
  },
  { requiredKeys: ['Field', 'Op'] },
);
const queryArb: fc.Arbitrary<SearchQueryParams> = fc.record(
  {
    text: fc.string({ minLength: 1, maxLength: 20 }).filter((value) => value.trim() !== ''),
    sort: fc.record({ Field: field, Direction: fc.constantFrom('asc' as const, 'desc' as const) }),
    where: fc.record({
      Combine: fc.constantFrom('and' as const, 'or' as const),
      Conditions: fc.array(condition, { minLength: 1, maxLength: 5 }),
    }),
    filterIds: fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 5 }),
  },
  { requiredKeys: [] },
);

describe('search parameters', () => {
  it('read back exactly what was written, through a URL, for any query', () => {
    fc.assert(
      fc.property(queryArb, (query) => {
        const url = new URL('http://host/form?WebTemplateNo=101');
        writeSearchParams(url.searchParams, query);
        const { query: read, problems } = readSearchParams(new URL(url.href).searchParams);
        expect(problems).toEqual([]);
        expect(read).toEqual(query);
        expect(url.searchParams.get('WebTemplateNo')).toBe('101');
      }),
      { numRuns: 300 },
    );
  });

  it('names the parameter it cannot read', () => {
    const { problems } = readSearchParams(
      new URLSearchParams({ sort: 'Name; DROP', where: '{"Combine":"xor"}', filterIds: '1,,2' }),
    );
    expect(problems.map((problem) => problem.param)).toEqual(['sort', 'where', 'filterIds']);
  });

  it('removes parts that are cleared', () => {
    const params = new URLSearchParams('sort=-Name&where=x&filterIds=1&text=a&keep=1');
    writeSearchParams(params, { sort: null, where: null, filterIds: [], text: '' });
    expect(params.toString()).toBe('keep=1');
  });
});
