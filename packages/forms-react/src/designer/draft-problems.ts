import { FormDefinitionSchema } from '@procedo/client-api';
import { allNodes, draftToDefinition, type FormDraft } from './draft';

/** A problem of the draft: at a node (`id`, its `Name`) or the form (`id` null), at `path` in it. */
export interface DraftProblem {
  id: string | null;
  name: string | null;
  /** The property path inside the element (e.g. `['Options', 0, 'Label']`), or the form's. */
  path: (string | number)[];
  message: string;
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
