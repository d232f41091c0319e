import type { FormDefinition, FormElement, FormElementKind, LeafElement } from '@procedo/client-api';

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

/** The definition a draft stands for (valid or not: see `draftProblems`). */
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

/** @internal The sibling list a parent holds, rebuilt by `update`; the draft unchanged for an unknown parent. */
export function mapSiblings(
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

export function siblingsOf(draft: FormDraft, parent: DraftParent): DraftNode[] | undefined {
  return parent === null ? draft.nodes : findTab(draft, parent)?.children;
}

/** Where a node sits: its parent and index; undefined for an unknown id. */
export function locate(draft: FormDraft, id: string): { parent: DraftParent; index: number } | undefined {
  const entry = allNodes(draft).find((candidate) => candidate.node.id === id);
  if (!entry) return undefined;
  const siblings = siblingsOf(draft, entry.parent) ?? [];
  return { parent: entry.parent, index: siblings.findIndex((node) => node.id === id) };
}

export const clampIndex = (index: number, length: number) => Math.max(0, Math.min(length, Math.trunc(index)));

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
