import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NavigationDefinition, NavigationNode } from '../v1/navigation-schemas';
import { diffNavigation, walkNavigation } from './navigation';

/** A tree of up to ~30 nodes with ids 1…n, titles T<id>. */
const trees = fc.array(fc.nat(40), { minLength: 1, maxLength: 30 }).map((parents): NavigationDefinition => {
  const nodes: NavigationNode[] = [];
  const roots: NavigationNode[] = [];
  parents.forEach((parent, i) => {
    const node: NavigationNode = { Id: i + 1, Title: `T${i + 1}`, Children: [] };
    const host = parent < i ? nodes[parent] : undefined;
    (host ? host.Children : roots).push(node);
    nodes.push(node);
  });
  return { Nodes: roots };
});

const ids = (definition: NavigationDefinition) => {
  const found: number[] = [];
  walkNavigation(definition.Nodes, (node) => {
    if (node.Id !== undefined) found.push(node.Id);
  });
  return found;
};

/** Removes nodes (with their subtrees), renames some, re-parents some; returns what it did. */
function edit(definition: NavigationDefinition, plan: number[]) {
  const copy: NavigationDefinition = structuredClone(definition);
  const removed = new Set<number>();
  const renamed = new Set<number>();
  const moved = new Set<number>();
  const all: NavigationNode[] = [];
  walkNavigation(copy.Nodes, (node) => all.push(node));
  const detach = (list: NavigationNode[], id: number): NavigationNode | undefined => {
    const index = list.findIndex((node) => node.Id === id);
    if (index >= 0) return list.splice(index, 1)[0];
    for (const node of list) {
      const found = detach(node.Children, id);
      if (found) return found;
    }
    return undefined;
  };
  all.forEach((node, i) => {
    const what = plan[i % plan.length]! % 5;
    const id = node.Id!;
    if (removed.has(id) || !ids(copy).includes(id)) return;
    if (what === 1) {
      const gone = detach(copy.Nodes, id);
      if (gone) for (const inner of ids({ Nodes: [gone] })) removed.add(inner);
    } else if (what === 2) {
      node.Title = `${node.Title}!`;
      renamed.add(id);
    } else if (what === 3) {
      // To the top level, at the end: a new parent unless it already was a root.
      const wasRoot = copy.Nodes.some((root) => root.Id === id);
      const gone = detach(copy.Nodes, id);
      if (gone && !wasRoot) {
        copy.Nodes.push(gone);
        moved.add(id);
      } else if (gone) copy.Nodes.splice(copy.Nodes.length, 0, gone);
    }
  });
  copy.Nodes.push({ Title: 'New', Children: [{ Title: 'New child', Children: [] }] });
  return { after: copy, removed, renamed, moved };
}

describe('diffNavigation (properties)', () => {
  it('finds nothing between a navigation and itself or a copy', () => {
    fc.assert(
      fc.property(trees, (tree) => {
        expect(diffNavigation(tree, tree)).toEqual([]);
        expect(diffNavigation(tree, structuredClone(tree))).toEqual([]);
      }),
    );
  });

  it('reports every node removed, renamed, re-parented and added', () => {
    fc.assert(
      fc.property(trees, fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), (tree, plan) => {
        const { after, removed, renamed, moved } = edit(tree, plan);
        const changes = diffNavigation(tree, after);
        const of = (kind: string) =>
          new Set(changes.filter((c) => c.Change === kind).map((c) => c.NodeId ?? c.Path));
        expect(of('removed')).toEqual(removed);
        for (const id of renamed) if (!removed.has(id)) expect(of('renamed').has(id)).toBe(true);
        for (const id of moved) expect(of('moved').has(id)).toBe(true);
        expect(changes.filter((c) => c.Change === 'added').map((c) => c.Path)).toEqual([
          'New',
          'New / New child',
        ]);
      }),
    );
  });
});
