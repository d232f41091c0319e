import {
  type FormDefinition,
  FormDefinitionSchema,
  type FormElement,
  type FormElementKind,
  type LeafElement,
} from '@procedo/client-api';

/**
 * The form designer's draft: a form definition as a tree whose nodes keep a stable `id` while
 * their `Name`, place and properties change (a duplicate or empty Name is a problem to show, not
 * a lost selection). Framework-free: every operation returns a new draft and leaves its input as
 * it was, so the component keeps the previous one for undo-free "nothing typed is lost".
 */

/** Every element kind of `FormElementSchema`, in the order the Add menu offers them. */
export const ELEMENT_KINDS = [
  'text',
  'textarea',
  'number',
  'date',
  'select',
  'checkbox',
  'picker',
  'phone',
  'brackets',
  'file',
  'info',
  'button',
  'results',
  'tabs',
] as const satisfies readonly FormElementKind[];
export type LeafKind = Exclude<FormElementKind, 'tabs'>;
export const LEAF_KINDS = ELEMENT_KINDS.filter((kind): kind is LeafKind => kind !== 'tabs');

/** An element's properties (a tab strip's without its `Tabs`, which are the node's `tabs`). */
export type DraftElement = LeafElement | Omit<Extract<FormElement, { Kind: 'tabs' }>, 'Tabs'>;
export interface DraftTab {
  id: string;
  Name: string;
  Label: string;
  children: DraftNode[];
}
export interface DraftNode {
  id: string;
  element: DraftElement;
  /** A tab strip's tabs; absent for other kinds. */
  tabs?: DraftTab[];
}
/** The form's own properties. */
export type DraftForm = Omit<FormDefinition, 'Elements'>;
export interface FormDraft {
  form: DraftForm;
  nodes: DraftNode[];
  /** The next node id's number. */
  nextId: number;
}
/** Where an element goes: the form itself (`null`) or a tab (its id). */
export type DraftParent = string | null;

/** A problem of the draft: at a node (`id`, its `Name`) or the form (`id` null), at `path` in it. */
export interface DraftProblem {
  id: string | null;
  name: string | null;
  /** The property path inside the element (e.g. `['Options', 0, 'Label']`), or the form's. */
  path: (string | number)[];
  message: string;
}

/** A draft of an existing definition. */
export function draftFromDefinition(definition: FormDefinition): FormDraft {
  const { Elements, ...form } = definition;
  let next = 1;
  const id = () => `n${next++}`;
  const node = (element: FormElement): DraftNode => {
    if (element.Kind !== 'tabs') return { id: id(), element: { ...element } };
    const { Tabs, ...rest } = element;
    return {
      id: id(),
      element: rest,
      tabs: Tabs.map((tab) => ({
        id: id(),
        Name: tab.Name,
        Label: tab.Label,
        children: tab.Elements.map(node),
      })),
    };
  };
  const nodes = Elements.map(node);
  return { form, nodes, nextId: next };
}

/** The definition a draft stands for (valid or not: see {@link draftProblems}). */
export function draftToDefinition(draft: FormDraft): FormDefinition {
  const element = (node: DraftNode): FormElement =>
    node.tabs
      ? ({
          ...node.element,
          Tabs: node.tabs.map((tab) => ({
            Name: tab.Name,
            Label: tab.Label,
            Elements: tab.children.map((child) => element(child) as LeafElement),
          })),
        } as FormElement)
      : (node.element as FormElement);
  return { ...draft.form, Elements: draft.nodes.map(element) };
}

/** Every node of the draft with the tab it sits in (`null` at the form's level), in form order. */
export function allNodes(draft: FormDraft): { node: DraftNode; parent: DraftParent }[] {
  const out: { node: DraftNode; parent: DraftParent }[] = [];
  for (const node of draft.nodes) {
    out.push({ node, parent: null });
    for (const tab of node.tabs ?? [])
      for (const child of tab.children) out.push({ node: child, parent: tab.id });
  }
  return out;
}

/** Every tab of the draft with its strip. */
export function allTabs(draft: FormDraft): { tab: DraftTab; strip: DraftNode }[] {
  return draft.nodes.flatMap((strip) => (strip.tabs ?? []).map((tab) => ({ tab, strip })));
}

export function findNode(draft: FormDraft, id: string): DraftNode | undefined {
  return allNodes(draft).find((entry) => entry.node.id === id)?.node;
}

export function findTab(draft: FormDraft, id: string): DraftTab | undefined {
  return allTabs(draft).find((entry) => entry.tab.id === id)?.tab;
}

const PREFIX: Record<FormElementKind, string> = {
  text: 'Text',
  textarea: 'TextArea',
  number: 'Number',
  date: 'Date',
  select: 'Select',
  checkbox: 'Checkbox',
  picker: 'Picker',
  phone: 'Phone',
  brackets: 'Brackets',
  file: 'File',
  info: 'Info',
  button: 'Button',
  results: 'Results',
  tabs: 'Tabs',
};

function usedNames(draft: FormDraft): Set<string> {
  const names = new Set(allNodes(draft).map((entry) => entry.node.element.Name));
  for (const { tab } of allTabs(draft)) names.add(tab.Name);
  return names;
}

/** A Name no element or tab of the draft has: the prefix and the lowest free number. */
export function uniqueName(draft: FormDraft, prefix: string, taken: ReadonlySet<string> = new Set()): string {
  const used = usedNames(draft);
  for (let n = 1; ; n++) {
    const name = `${prefix}${n}`;
    if (!used.has(name) && !taken.has(name)) return name;
  }
}

/** The valid properties a new element of `kind` starts with. */
export function defaultElement(kind: LeafKind, Name: string): LeafElement {
  const base = { Name, Label: Name };
  switch (kind) {
    case 'select':
      return { ...base, Kind: kind, Options: [{ Value: 'option1', Label: 'Option 1' }] };
    case 'picker':
      return { ...base, Kind: kind, Source: 'suppliers' };
    case 'info':
      return { ...base, Kind: kind, Text: '' };
    case 'button':
      return { ...base, Kind: kind, Action: 'save' };
    case 'results':
      return { ...base, Kind: kind, Columns: [{ Name: 'Name', Caption: 'Name' }] };
    default:
      return { ...base, Kind: kind };
  }
}

function withId(draft: FormDraft): [string, FormDraft] {
  return [`n${draft.nextId}`, { ...draft, nextId: draft.nextId + 1 }];
}

/** The sibling list a parent holds, rebuilt by `update`; the draft unchanged for an unknown parent. */
function mapSiblings(
  draft: FormDraft,
  parent: DraftParent,
  update: (siblings: DraftNode[]) => DraftNode[],
): FormDraft {
  if (parent === null) return { ...draft, nodes: update(draft.nodes) };
  return {
    ...draft,
    nodes: draft.nodes.map((node) =>
      node.tabs?.some((tab) => tab.id === parent)
        ? {
            ...node,
            tabs: node.tabs.map((tab) =>
              tab.id === parent ? { ...tab, children: update(tab.children) } : tab,
            ),
          }
        : node,
    ),
  };
}

function siblingsOf(draft: FormDraft, parent: DraftParent): DraftNode[] | undefined {
  return parent === null ? draft.nodes : findTab(draft, parent)?.children;
}

/** Where a node sits: its parent and index; undefined for an unknown id. */
export function locate(draft: FormDraft, id: string): { parent: DraftParent; index: number } | undefined {
  const entry = allNodes(draft).find((candidate) => candidate.node.id === id);
  if (!entry) return undefined;
  const siblings = siblingsOf(draft, entry.parent) ?? [];
  return { parent: entry.parent, index: siblings.findIndex((node) => node.id === id) };
}

const clampIndex = (index: number, length: number) => Math.max(0, Math.min(length, Math.trunc(index)));

/**
 * Adds a new element of `kind` with a unique generated Name and valid defaults at `index` of
 * `parent` (clamped). Tab strips go only on the form's level (the schema nests no strips); a
 * tab strip starts with one tab. Returns the draft and the new node's id (null when refused).
 */
export function addElement(
  draft: FormDraft,
  kind: FormElementKind,
  parent: DraftParent,
  index: number,
): { draft: FormDraft; id: string | null } {
  const siblings = siblingsOf(draft, parent);
  if (!siblings || (kind === 'tabs' && parent !== null)) return { draft, id: null };
  const Name = uniqueName(draft, PREFIX[kind]);
  let [id, next] = withId(draft);
  let node: DraftNode;
  if (kind === 'tabs') {
    const TabName = uniqueName(draft, 'Tab', new Set([Name]));
    let tabId: string;
    [tabId, next] = withId(next);
    node = {
      id,
      element: { Kind: 'tabs', Name, Label: Name },
      tabs: [{ id: tabId, Name: TabName, Label: TabName, children: [] }],
    };
  } else {
    node = { id, element: defaultElement(kind, Name) };
  }
  const at = clampIndex(index, siblings.length);
  next = mapSiblings(next, parent, (list) => [...list.slice(0, at), node, ...list.slice(at)]);
  return { draft: next, id };
}

/** Adds a tab at the end of a tab strip; returns the new tab's id (null for an unknown strip). */
export function addTab(draft: FormDraft, stripId: string): { draft: FormDraft; id: string | null } {
  const strip = draft.nodes.find((node) => node.id === stripId && node.tabs);
  if (!strip?.tabs) return { draft, id: null };
  const Name = uniqueName(draft, 'Tab');
  const [id, next] = withId(draft);
  const tab: DraftTab = { id, Name, Label: Name, children: [] };
  return {
    draft: {
      ...next,
      nodes: next.nodes.map((node) => (node === strip ? { ...node, tabs: [...strip.tabs!, tab] } : node)),
    },
    id,
  };
}

/**
 * Moves a node to `index` of `parent` (the index as in the list without the node). Refused
 * (draft unchanged) for an unknown node or parent, or a tab strip into a tab.
 */
export function moveElement(draft: FormDraft, id: string, parent: DraftParent, index: number): FormDraft {
  const node = findNode(draft, id);
  const from = locate(draft, id);
  if (!node || !from || (node.tabs && parent !== null)) return draft;
  if (parent !== null && (!findTab(draft, parent) || node.tabs?.some((tab) => tab.id === parent)))
    return draft;
  const removed = mapSiblings(draft, from.parent, (list) => list.filter((candidate) => candidate.id !== id));
  const siblings = siblingsOf(removed, parent)!;
  const at = clampIndex(index, siblings.length);
  return mapSiblings(removed, parent, (list) => [...list.slice(0, at), node, ...list.slice(at)]);
}

/**
 * One step up or down in form order, as the keyboard moves: among siblings, and across the
 * edges of tabs — an element at the top of a tab goes to the end of the tab before it, or out
 * above the strip from the first tab; a form-level element just below a strip goes into its
 * last tab. Tab strips and tabs move among their siblings only. Unchanged at either end.
 */
export function moveStep(draft: FormDraft, id: string, direction: 'up' | 'down'): FormDraft {
  const tabEntry = allTabs(draft).find((entry) => entry.tab.id === id);
  if (tabEntry) return moveTab(draft, tabEntry.strip, id, direction);
  const node = findNode(draft, id);
  const at = locate(draft, id);
  if (!node || !at) return draft;
  const up = direction === 'up';
  const siblings = siblingsOf(draft, at.parent)!;
  if (at.parent === null) {
    const neighbour = siblings[at.index + (up ? -1 : 1)];
    if (!neighbour) return draft;
    if (neighbour.tabs && !node.tabs && neighbour.tabs.length > 0) {
      const tab = up ? neighbour.tabs[neighbour.tabs.length - 1]! : neighbour.tabs[0]!;
      return moveElement(draft, id, tab.id, up ? tab.children.length : 0);
    }
    return moveElement(draft, id, null, at.index + (up ? -1 : 1));
  }
  const target = at.index + (up ? -1 : 1);
  if (target >= 0 && target < siblings.length) return moveElement(draft, id, at.parent, target);
  const { strip } = allTabs(draft).find((entry) => entry.tab.id === at.parent)!;
  const tabs = strip.tabs!;
  const t = tabs.findIndex((tab) => tab.id === at.parent);
  const nextTab = tabs[t + (up ? -1 : 1)];
  if (nextTab) return moveElement(draft, id, nextTab.id, up ? nextTab.children.length : 0);
  const stripIndex = draft.nodes.indexOf(strip);
  return moveElement(draft, id, null, up ? stripIndex : stripIndex + 1);
}

function moveTab(draft: FormDraft, strip: DraftNode, id: string, direction: 'up' | 'down'): FormDraft {
  const tabs = [...strip.tabs!];
  const from = tabs.findIndex((tab) => tab.id === id);
  const to = from + (direction === 'up' ? -1 : 1);
  if (to < 0 || to >= tabs.length) return draft;
  [tabs[from], tabs[to]] = [tabs[to]!, tabs[from]!];
  return { ...draft, nodes: draft.nodes.map((node) => (node === strip ? { ...node, tabs } : node)) };
}

/**
 * Moves `id` before, after or (a tab, or a strip's first tab) into `targetId`, as a pointer drop
 * puts it; tabs move among the tabs of their own strip. Unchanged when the drop is not allowed.
 */
export function dropMove(
  draft: FormDraft,
  id: string,
  targetId: string,
  position: 'before' | 'after' | 'on',
): FormDraft {
  if (id === targetId) return draft;
  const draggedTab = allTabs(draft).find((entry) => entry.tab.id === id);
  const targetTab = allTabs(draft).find((entry) => entry.tab.id === targetId);
  if (draggedTab) {
    if (!targetTab || targetTab.strip !== draggedTab.strip || position === 'on') return draft;
    const tabs = draggedTab.strip.tabs!.filter((tab) => tab.id !== id);
    const at = tabs.findIndex((tab) => tab.id === targetId) + (position === 'after' ? 1 : 0);
    tabs.splice(at, 0, draggedTab.tab);
    return {
      ...draft,
      nodes: draft.nodes.map((node) => (node === draggedTab.strip ? { ...node, tabs } : node)),
    };
  }
  if (targetTab) {
    return position === 'on' ? moveElement(draft, id, targetId, targetTab.tab.children.length) : draft;
  }
  const target = findNode(draft, targetId);
  if (!target) return draft;
  if (position === 'on') {
    const first = target.tabs?.[0];
    return first ? moveElement(draft, id, first.id, first.children.length) : draft;
  }
  const without = removeElement(draft, id);
  const at = locate(without, targetId);
  if (!at || !findNode(draft, id)) return draft;
  return moveElement(draft, id, at.parent, at.index + (position === 'after' ? 1 : 0));
}

/** Removes a node (a strip with its tabs and their elements) or a tab (not a strip's last one). */
export function removeElement(draft: FormDraft, id: string): FormDraft {
  const tabEntry = allTabs(draft).find((entry) => entry.tab.id === id);
  if (tabEntry) {
    const tabs = tabEntry.strip.tabs!;
    if (tabs.length <= 1) return draft;
    return {
      ...draft,
      nodes: draft.nodes.map((node) =>
        node === tabEntry.strip ? { ...node, tabs: tabs.filter((tab) => tab.id !== id) } : node,
      ),
    };
  }
  const at = locate(draft, id);
  if (!at) return draft;
  return mapSiblings(draft, at.parent, (list) => list.filter((node) => node.id !== id));
}

/** Properties a patch sets; `undefined` removes an optional property. */
export type PropertyPatch = { readonly [key: string]: unknown };

// What an element keeps when its Kind changes: the properties every value element has.
const KEPT_ON_KIND_CHANGE = ['Name', 'Label', 'Hint', 'TrackDirty', 'IsMandatory', 'IsReadOnly', 'IsAudit'];
const VALUE_KINDS = new Set<string>(
  LEAF_KINDS.filter((kind) => !['info', 'button', 'results'].includes(kind)),
);

/**
 * Sets properties of a node's element, of a tab (`Name`, `Label`), or of the form (`id` null).
 * A new leaf `Kind` starts from that kind's defaults and keeps the common properties; a strip
 * keeps its kind (refused otherwise).
 */
export function updateProperties(draft: FormDraft, id: string | null, patch: PropertyPatch): FormDraft {
  const apply = <T extends object>(target: T, changes: PropertyPatch = patch): T => {
    const out: Record<string, unknown> = { ...(target as Record<string, unknown>) };
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) delete out[key];
      else out[key] = value;
    }
    return out as T;
  };
  if (id === null) return { ...draft, form: apply(draft.form) };
  const tabEntry = allTabs(draft).find((entry) => entry.tab.id === id);
  if (tabEntry) {
    const { Name, Label } = patch;
    const tab = {
      ...tabEntry.tab,
      ...(typeof Name === 'string' ? { Name } : {}),
      ...(typeof Label === 'string' ? { Label } : {}),
    };
    return {
      ...draft,
      nodes: draft.nodes.map((node) =>
        node === tabEntry.strip
          ? { ...node, tabs: node.tabs!.map((candidate) => (candidate.id === id ? tab : candidate)) }
          : node,
      ),
    };
  }
  const node = findNode(draft, id);
  if (!node) return draft;
  let element = node.element as Record<string, unknown>;
  const kind = patch.Kind;
  if (kind !== undefined && kind !== element.Kind) {
    if (node.tabs || kind === 'tabs' || !LEAF_KINDS.includes(kind as LeafKind)) return draft;
    const fresh = defaultElement(kind as LeafKind, String(element.Name)) as Record<string, unknown>;
    for (const key of KEPT_ON_KIND_CHANGE) {
      if (key in element && (VALUE_KINDS.has(kind as string) || !key.startsWith('Is')))
        fresh[key] = element[key];
    }
    element = fresh;
  }
  const { Kind: _kind, ...rest } = patch;
  const updated = { ...node, element: apply(element, rest) as DraftElement };
  const at = locate(draft, id)!;
  return mapSiblings(draft, at.parent, (list) =>
    list.map((candidate) => (candidate.id === id ? updated : candidate)),
  );
}

/**
 * Maps issue paths of the definition (`['Elements', i, …]`, as `FormDefinitionSchema` and the
 * server report them after `'Definition'`) to the draft's nodes.
 */
export function problemsFromIssues(
  draft: FormDraft,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): DraftProblem[] {
  return issues.map((issue) => {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    if (path[0] !== 'Elements' || typeof path[1] !== 'number') {
      return { id: null, name: null, path, message: issue.message };
    }
    const node = draft.nodes[path[1]];
    let rest = path.slice(2);
    let target: { id: string; name: string } | null = node ? { id: node.id, name: node.element.Name } : null;
    if (node?.tabs && rest[0] === 'Tabs' && typeof rest[1] === 'number') {
      const tab = node.tabs[rest[1]];
      if (tab && rest[2] === 'Elements' && typeof rest[3] === 'number') {
        const child = tab.children[rest[3]];
        if (child) target = { id: child.id, name: child.element.Name };
        rest = rest.slice(4);
      } else if (tab) {
        target = { id: tab.id, name: tab.Name };
        rest = rest.slice(2);
      }
    }
    return target
      ? { id: target.id, name: target.name, path: rest, message: issue.message }
      : { id: null, name: null, path, message: issue.message };
  });
}

/**
 * Everything that keeps the draft from publishing: the issues of `FormDefinitionSchema` (the
 * schema the server checks with) and a picker's `DependsOn` naming no element of the form (the
 * server's semantic rule), each at its node.
 */
export function draftProblems(draft: FormDraft): DraftProblem[] {
  const result = FormDefinitionSchema.safeParse(draftToDefinition(draft));
  const problems = result.success ? [] : problemsFromIssues(draft, result.error.issues);
  const names = new Set(allNodes(draft).map((entry) => entry.node.element.Name));
  for (const { node } of allNodes(draft)) {
    const element = node.element;
    if (element.Kind !== 'picker') continue;
    (element.DependsOn ?? []).forEach((name, i) => {
      if (!names.has(name)) {
        problems.push({
          id: node.id,
          name: element.Name,
          path: ['DependsOn', i],
          message: `DependsOn names no element of the form: ${name}`,
        });
      }
    });
  }
  return problems;
}
