import { type FormDefinition, FormDefinitionSchema } from '@procedo/client-api';
import { definitionProblems } from '@procedo/client-api/designer';
import { draftToDefinition, type FormDraft, removeElement } from './draft';

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
 * Everything that keeps the draft from publishing, each at its node: the issues of
 * `FormDefinitionSchema` (the schema the server checks with) and of client-api's
 * `definitionProblems` (the rules the server keeps beyond it, with its messages).
 */
export function draftProblems(draft: FormDraft): DraftProblem[] {
  const definition = draftToDefinition(draft);
  const result = FormDefinitionSchema.safeParse(definition);
  return problemsFromIssues(draft, [
    ...(result.success ? [] : result.error.issues),
    ...definitionProblems(definition),
  ]);
}

/**
 * What the preview can show of a draft: the draft itself without problems; with problems at
 * elements, the draft without those elements when that leaves none (a duplicate Name is
 * reported at its second use, so the first stays); otherwise `null` (the designer then shows
 * the last valid draft).
 */
export function previewDefinition(
  draft: FormDraft,
  problems: readonly DraftProblem[],
): FormDefinition | null {
  if (problems.length === 0) return draftToDefinition(draft);
  if (problems.some((problem) => problem.id === null)) return null;
  let pruned = draft;
  for (const id of new Set(problems.map((problem) => problem.id as string)))
    pruned = removeElement(pruned, id);
  return draftProblems(pruned).length === 0 ? draftToDefinition(pruned) : null;
}
