import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormDefinition, LeafElement } from '../v1/form-schemas';
import { diffDefinitions } from './diff';

const text = (Name: string, Label: string): LeafElement => ({ Kind: 'text', Name, Label });

/** A definition: top-level fields, then a tab strip with two tabs of fields. */
function definition(top: LeafElement[], first: LeafElement[], second: LeafElement[]): FormDefinition {
  return {
    schemaVersion: 1,
    WebTemplateNo: 102,
    Name: 'Supplier',
    Title: 'Supplier',
    Entity: 'supplier',
    Kind: 'record',
    Elements: [
      ...top,
      {
        Kind: 'tabs',
        Name: 'Sections',
        Label: 'Sections',
        Tabs: [
          { Name: 'General', Label: 'General', Elements: first },
          { Name: 'More', Label: 'More', Elements: second },
        ],
      },
    ],
  };
}

/** Fields named F0…Fn spread over the three containers, with labels. */
const fields = fc
  .array(fc.tuple(fc.constantFrom(0, 1, 2), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 12 })
  .map((items) => items.map(([container, label], i) => ({ container, element: text(`F${i}`, `L${label}`) })));

type Placed = { container: number; element: LeafElement };
const build = (items: Placed[]) =>
  definition(
    items.filter((item) => item.container === 0).map((item) => item.element),
    items.filter((item) => item.container === 1).map((item) => item.element),
    items.filter((item) => item.container === 2).map((item) => item.element),
  );

describe('diffDefinitions', () => {
  it('finds nothing between a definition and itself (or a copy of it)', () => {
    fc.assert(
      fc.property(fields, (items) => {
        const a = build(items);
        expect(diffDefinitions(a, a)).toEqual([]);
        expect(diffDefinitions(a, structuredClone(a))).toEqual([]);
      }),
    );
  });

  it('names exactly the elements removed, added and relabelled, and nothing as moved', () => {
    fc.assert(
      fc.property(
        fields,
        fc.array(fc.constantFrom('remove', 'relabel', 'keep'), { minLength: 12, maxLength: 12 }),
        fc.array(fc.tuple(fc.constantFrom(0, 1, 2), fc.nat(20)), { maxLength: 5 }),
        (items, actions, additions) => {
          const removed: string[] = [];
          const relabelled: string[] = [];
          const after: Placed[] = [];
          items.forEach((item, i) => {
            const action = actions[i];
            if (action === 'remove') removed.push(item.element.Name);
            else if (action === 'relabel') {
              relabelled.push(item.element.Name);
              after.push({ ...item, element: { ...item.element, Label: `${item.element.Label} (new)` } });
            } else after.push(item);
          });
          const added: string[] = [];
          additions.forEach(([container, at], i) => {
            const name = `New${i}`;
            added.push(name);
            after.splice(Math.min(at, after.length), 0, { container, element: text(name, 'New') });
          });
          const changes = diffDefinitions(build(items), build(after));
          const named = (change: string) =>
            changes
              .filter((c) => c.Change === change)
              .map((c) => c.Path)
              .sort();
          expect(named('removed')).toEqual([...removed].sort());
          expect(named('added')).toEqual([...added].sort());
          expect(named('changed')).toEqual([...relabelled].sort());
          expect(changes.filter((c) => c.Change === 'changed').every((c) => c.Property === 'Label')).toBe(
            true,
          );
          expect(named('moved')).toEqual([]);
        },
      ),
    );
  });

  it('names an element moved to another tab or out of order, with its old and new place', () => {
    const a = definition([text('A', 'A'), text('B', 'B'), text('C', 'C')], [text('D', 'D')], []);
    const b = definition([text('C', 'C'), text('A', 'A'), text('B', 'B')], [], [text('D', 'D')]);
    expect(diffDefinitions(a, b)).toEqual([
      { Path: 'C', Change: 'moved', Before: { Tab: null, Index: 2 }, After: { Tab: null, Index: 0 } },
      {
        Path: 'D',
        Change: 'moved',
        Before: { Tab: 'Sections.General', Index: 0 },
        After: { Tab: 'Sections.More', Index: 0 },
      },
    ]);
  });

  it('names a kind change and a form property change with their values', () => {
    const a = definition([text('A', 'A')], [], []);
    const b = { ...definition([{ Kind: 'number', Name: 'A', Label: 'A' }], [], []), Title: 'Vendor' };
    expect(diffDefinitions(a, b)).toEqual([
      { Path: 'Title', Change: 'changed', Before: 'Supplier', After: 'Vendor' },
      { Path: 'A', Change: 'changed', Property: 'Kind', Before: 'text', After: 'number' },
    ]);
  });
});
