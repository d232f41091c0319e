import type { SiteMapNode } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { filterSiteMap } from './site-map-filter';

const node = (title: string, children: SiteMapNode[] = []): SiteMapNode => ({
  title,
  url: children.length > 0 ? null : `/${title.toLowerCase()}`,
  description: null,
  children,
});

const tree = [
  node('Quality', [node('Suppliers'), node('Batches'), node('Deviations')]),
  node('Processes', [node('Process explorer'), node('Start a process')]),
];

describe('filterSiteMap', () => {
  it('keeps the whole tree for an empty or blank text', () => {
    expect(filterSiteMap(tree, '')).toEqual(tree);
    expect(filterSiteMap(tree, '   ')).toEqual(tree);
  });

  it('keeps matching items with the groups that lead to them, ignoring case', () => {
    expect(filterSiteMap(tree, 'BATCH')).toEqual([node('Quality', [node('Batches')])]);
  });

  it('keeps a matching group with all its children', () => {
    expect(filterSiteMap(tree, 'process')).toEqual([tree[1]]);
  });

  it('is empty when nothing matches', () => {
    expect(filterSiteMap(tree, 'draft 42')).toEqual([]);
  });
});
