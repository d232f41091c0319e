import { describe, expect, it } from 'vitest';
import { formatColumnChoice, readColumnChoice, shownColumns } from './column-choice';

const columns = [
  { Name: 'Name', Caption: 'Name' },
  { Name: 'Country', Caption: 'Country' },
  { Name: 'Status', Caption: 'Status' },
];

describe('column choice', () => {
  it('reads the stored order and drops unknown and repeated names', () => {
    expect(readColumnChoice('Status,Name,Gone,Name', columns)).toEqual(['Status', 'Name']);
  });

  it('shows every column in the form order when nothing usable is stored', () => {
    expect(readColumnChoice(null, columns)).toEqual(['Name', 'Country', 'Status']);
    expect(readColumnChoice('', columns)).toEqual(['Name', 'Country', 'Status']);
    expect(readColumnChoice('Gone', columns)).toEqual(['Name', 'Country', 'Status']);
  });

  it('stores a changed choice and forgets the default one', () => {
    expect(formatColumnChoice(['Status', 'Name'], columns)).toBe('Status,Name');
    expect(formatColumnChoice(['Country', 'Name', 'Status'], columns)).toBe('Country,Name,Status');
    expect(formatColumnChoice(['Name', 'Country', 'Status'], columns)).toBeNull();
    expect(formatColumnChoice([], columns)).toBeNull();
  });

  it('shows the chosen columns in order, and every column when none is chosen', () => {
    expect(shownColumns(columns, ['Status', 'Name']).map((c) => c.Name)).toEqual(['Status', 'Name']);
    expect(shownColumns(columns, []).map((c) => c.Name)).toEqual(['Name', 'Country', 'Status']);
  });
});

describe('readColumnChoice with datasource columns', () => {
  it('defaults to the form’s own columns, and keeps a stored datasource column', () => {
    const all = [{ Name: 'Name' }, { Name: 'Country' }, { Name: 'Rating' }];
    const own = all.slice(0, 2);
    expect(readColumnChoice(null, all, own)).toEqual(['Name', 'Country']);
    expect(readColumnChoice('Name,Rating', all, own)).toEqual(['Name', 'Rating']);
  });
});
