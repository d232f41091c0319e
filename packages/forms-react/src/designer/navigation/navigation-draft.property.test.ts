import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addNavChild,
  addNavSibling,
  eachNavNode,
  moveNavNode,
  type NavigationDraft,
  navigationDraftFrom,
  navigationDraftToDefinition,
  removeNavNode,
} from './navigation-draft';
import { OPERATOR_NAVIGATION } from './navigation-fixtures';

const ops = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constantFrom('child' as const, 'sibling' as const, 'remove' as const),
      at: fc.nat(30),
    }),
    fc.record({
      kind: fc.constant('move' as const),
      at: fc.nat(30),
      move: fc.constantFrom('up' as const, 'down' as const, 'in' as const, 'out' as const),
    }),
  ),
  { maxLength: 40 },
);

const keys = (draft: NavigationDraft) => {
  const found: string[] = [];
  eachNavNode(draft, (node) => found.push(node.key));
  return found;
};

describe('navigation draft (properties)', () => {
  it('never loses, duplicates or renumbers a node: moves keep the set, adds add one, removes take the subtree', () => {
    fc.assert(
      fc.property(ops, (list) => {
        let draft = navigationDraftFrom(OPERATOR_NAVIGATION);
        for (const op of list) {
          const all = keys(draft);
          const key = all[op.at % Math.max(all.length, 1)];
          const before = new Set(all);
          if (op.kind === 'move') {
            if (!key) continue;
            draft = moveNavNode(draft, key, op.move);
            expect(new Set(keys(draft))).toEqual(before);
          } else if (op.kind === 'remove') {
            if (!key) continue;
            const subtree = new Set<string>();
            eachNavNode(draft, (node, place) => {
              if (node.key === key || (place.parent !== null && subtree.has(place.parent)))
                subtree.add(node.key);
            });
            draft = removeNavNode(draft, key);
            expect(new Set(keys(draft))).toEqual(new Set(all.filter((k) => !subtree.has(k))));
          } else {
            const added =
              op.kind === 'child'
                ? addNavChild(draft, key ?? null, 'New')
                : addNavSibling(draft, key ?? '', 'New');
            draft = added.draft;
            expect(keys(draft).length).toBe(all.length + 1);
            expect(before.has(added.key)).toBe(false);
          }
          expect(new Set(keys(draft)).size).toBe(keys(draft).length);
        }
        // Stored nodes keep their ids; the definition round-trips.
        const definition = navigationDraftToDefinition(draft);
        const again = navigationDraftToDefinition(navigationDraftFrom(definition));
        expect(again).toEqual(definition);
        eachNavNode(draft, (node) => {
          if (/^n\d+$/.test(node.key)) expect(node.id).toBe(Number(node.key.slice(1)));
          else expect(node.id).toBeUndefined();
        });
      }),
    );
  });
});
