import { flattenElements } from '../forms/validate';
import type { FormDefinition, FormElement, LeafElement } from '../v1/form-schemas';
import type { ApiIssue } from '../v1/schemas';

/** Issue codes of {@link definitionProblems} (beside the schema's own). */
export const DefinitionIssueCode = {
  emptyLabel: 'empty_label',
  unknownDependency: 'unknown_dependency',
} as const;

/**
 * The rules a definition must keep beyond its schema (`FormDefinitionSchema`), which the server
 * checks on publish and a designer shows on each element of a draft: every element and tab has a
 * label (a field without one cannot be told apart, nor read by a screen reader), and a picker's
 * `DependsOn` names elements of the same form. Paths are the definition's (`['Elements', i, …]`).
 */
export function definitionProblems(definition: FormDefinition): ApiIssue[] {
  const issues: ApiIssue[] = [];
  const names = new Set(flattenElements(definition).map((element) => element.Name));
  const visit = (element: FormElement | LeafElement, path: (string | number)[]) => {
    if (element.Label.trim() === '') {
      issues.push({
        code: DefinitionIssueCode.emptyLabel,
        path: [...path, 'Label'],
        message: 'Enter a label',
      });
    }
    if (element.Kind === 'picker') {
      element.DependsOn?.forEach((name, d) => {
        if (names.has(name) && name !== element.Name) return;
        issues.push({
          code: DefinitionIssueCode.unknownDependency,
          path: [...path, 'DependsOn', d],
          message:
            name === element.Name
              ? 'A picker cannot depend on itself'
              : `No element of this form is named ${name}`,
        });
      });
    }
    if (element.Kind !== 'tabs') return;
    element.Tabs.forEach((tab, t) => {
      if (tab.Label.trim() === '') {
        issues.push({
          code: DefinitionIssueCode.emptyLabel,
          path: [...path, 'Tabs', t, 'Label'],
          message: 'Enter a label',
        });
      }
      tab.Elements.forEach((child, c) => {
        visit(child, [...path, 'Tabs', t, 'Elements', c]);
      });
    });
  };
  definition.Elements.forEach((element, i) => {
    visit(element, ['Elements', i]);
  });
  return issues;
}
