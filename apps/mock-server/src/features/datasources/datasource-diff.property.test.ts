import type { DatasourceColumn } from '@procedo/client-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffColumns } from './datasource-diff';

const column = fc.record(
  {
    Name: fc.constantFrom('Name', 'Country', 'Status', 'Rating', 'Phone', 'Email'),
    Caption: fc.constantFrom('A', 'B', 'C'),
    Description: fc.constantFrom('x', 'y'),
    DataFormId: fc.constantFrom(101, 102),
    Kind: fc.constantFrom('text', 'number', 'select'),
  },
  { requiredKeys: ['Name', 'Caption', 'Kind'] },
) as fc.Arbitrary<DatasourceColumn>;
const columns = fc.uniqueArray(column, { selector: (c) => c.Name, maxLength: 6 });

describe('diffColumns', () => {
  it('finds nothing between a version and itself', () => {
    fc.assert(fc.property(columns, (a) => diffColumns(a, a).length === 0));
  });

  it('names exactly the columns added and removed, and a change for every property that differs', () => {
    fc.assert(
      fc.property(columns, columns, (a, b) => {
        const changes = diffColumns(a, b);
        const names = (list: readonly DatasourceColumn[]) => new Set(list.map((c) => c.Name));
        const [before, after] = [names(a), names(b)];
        const of = (kind: string) =>
          changes
            .filter((change) => change.Change === kind)
            .map((change) => change.Column)
            .sort();
        expect(of('added')).toEqual([...after].filter((name) => !before.has(name)).sort());
        expect(of('removed')).toEqual([...before].filter((name) => !after.has(name)).sort());
        for (const next of b) {
          const old = a.find((c) => c.Name === next.Name);
          if (!old) continue;
          for (const property of ['Caption', 'Description', 'DataFormId', 'Kind'] as const) {
            const reported = changes.some(
              (change) => change.Column === next.Name && change.Property === property,
            );
            expect(reported).toBe(old[property] !== next[property]);
          }
        }
      }),
    );
  });
});
