import type { FormDefinition, FormElement, LeafElement } from '../v1/form-schemas';

/** How an element (or a form property) differs between two definitions. */
export type DefinitionChangeKind = 'added' | 'removed' | 'changed' | 'moved';

/** One difference between two definitions (the designer API's `Changes`). */
export interface DefinitionChange {
  /** The element's `Name`, or the form property (`Title`, `HelpTopic`…). */
  Path: string;
  Change: DefinitionChangeKind;
  /** The element property that changed (`Label`, `Kind`, `Tabs`…), for `changed` on an element. */
  Property?: string;
  /** The old value: the element removed, the property's old value, or the old place when moved. */
  Before?: unknown;
  /** The new value: the element added, the property's new value, or the new place when moved. */
  After?: unknown;
}

/** Where an element sits: its tab (`TabsName.TabName`, null at the top level) and its index there. */
export interface ElementPlace {
  Tab: string | null;
  Index: number;
}

interface Located {
  element: FormElement | LeafElement;
  place: ElementPlace;
}

function locate(definition: Pick<FormDefinition, 'Elements'>): Map<string, Located> {
  const found = new Map<string, Located>();
  definition.Elements.forEach((element, index) => {
    found.set(element.Name, { element, place: { Tab: null, Index: index } });
    if (element.Kind !== 'tabs') return;
    for (const tab of element.Tabs) {
      tab.Elements.forEach((child, childIndex) => {
        found.set(child.Name, {
          element: child,
          place: { Tab: `${element.Name}.${tab.Name}`, Index: childIndex },
        });
      });
    }
  });
  return found;
}

/** Structural equality of JSON values (key order does not matter). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => same(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (!same(left[key], right[key])) return false;
  }
  return true;
}

/** An element's own properties: a tab strip's tabs without their elements (those are compared one by one). */
function ownProperties(element: FormElement | LeafElement): Record<string, unknown> {
  if (element.Kind !== 'tabs') return element;
  return { ...element, Tabs: element.Tabs.map(({ Elements: _elements, ...tab }) => tab) };
}

/**
 * The names of `order`'s items that keep their relative order in `other` (a longest common
 * subsequence): the rest moved. An insertion or removal elsewhere moves nothing.
 */
export function keptInOrder(order: readonly string[], other: readonly string[]): Set<string> {
  const rows = order.length;
  const cols = other.length;
  const table: number[][] = Array.from({ length: rows + 1 }, () => new Array<number>(cols + 1).fill(0));
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      table[i]![j] =
        order[i] === other[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < rows && j < cols) {
    if (order[i] === other[j]) {
      kept.add(order[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

/** The common elements of one container, in the container's order. */
function commonOrder(located: Map<string, Located>, common: Set<string>): Map<string | null, string[]> {
  const byTab = new Map<string | null, string[]>();
  for (const [name, { place }] of located) {
    if (!common.has(name)) continue;
    const list = byTab.get(place.Tab) ?? [];
    list.push(name);
    byTab.set(place.Tab, list);
  }
  return byTab;
}

/**
 * The differences from definition `a` to `b`, element by element (by `Name`): form properties
 * first, then the elements of `b` in its order (added, changed per property, moved), then those
 * removed in `a`'s order. `diffDefinitions(a, a)` is empty. Pure: the server's diff of two stored
 * versions and the designer's diff of a draft are the same function.
 */
export function diffDefinitions(a: FormDefinition, b: FormDefinition): DefinitionChange[] {
  const changes: DefinitionChange[] = [];
  const formKeys = new Set([...Object.keys(a), ...Object.keys(b)]);
  formKeys.delete('Elements');
  for (const key of formKeys) {
    const before = (a as Record<string, unknown>)[key];
    const after = (b as Record<string, unknown>)[key];
    if (!same(before, after)) changes.push({ Path: key, Change: 'changed', Before: before, After: after });
  }

  const from = locate(a);
  const to = locate(b);
  const common = new Set([...to.keys()].filter((name) => from.has(name)));
  // Moved: into another tab, or out of the order the elements common to both keep in a tab.
  const fromOrder = commonOrder(from, common);
  const toOrder = commonOrder(to, common);
  const moved = new Set<string>();
  for (const [tab, names] of toOrder) {
    const kept = keptInOrder(fromOrder.get(tab) ?? [], names);
    for (const name of names) {
      if (!kept.has(name)) moved.add(name);
    }
  }

  for (const [name, { element, place }] of to) {
    const old = from.get(name);
    if (!old) {
      changes.push({ Path: name, Change: 'added', After: element });
      continue;
    }
    const before = ownProperties(old.element);
    const after = ownProperties(element);
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!same(before[key], after[key])) {
        changes.push({
          Path: name,
          Change: 'changed',
          Property: key,
          Before: before[key],
          After: after[key],
        });
      }
    }
    if (moved.has(name)) changes.push({ Path: name, Change: 'moved', Before: old.place, After: place });
  }
  for (const [name, { element }] of from) {
    if (!to.has(name)) changes.push({ Path: name, Change: 'removed', Before: element });
  }
  return changes;
}
