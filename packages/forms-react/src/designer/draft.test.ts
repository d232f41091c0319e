import { FormDefinitionSchema, FormElementSchema } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { defaultFieldRegistry } from '../form/default-registry';
import { recordDefinition } from '../form/state/fixtures';
import {
  addElement,
  addTab,
  allNodes,
  draftFromDefinition,
  draftToDefinition,
  ELEMENT_KINDS,
  type FormDraft,
  locate,
  removeElement,
  updateProperties,
} from './draft';
import { dropMove, moveElement, moveStep } from './draft-moves';
import { draftProblems, previewDefinition, problemsFromIssues } from './draft-problems';
import { SUPPLIER_FORM } from './fixtures';

const names = (draft: FormDraft) => allNodes(draft).map((entry) => entry.node.element.Name);
const idOf = (draft: FormDraft, name: string) =>
  allNodes(draft).find((entry) => entry.node.element.Name === name)!.node.id;

describe('the designer draft', () => {
  it('offers every kind of FormElementSchema, which covers every kind the default registry renders', () => {
    const schemaKinds = FormElementSchema.def.options.map((option) => option.shape.Kind.def.values[0]);
    expect([...ELEMENT_KINDS].sort()).toEqual([...schemaKinds].sort());
    for (const kind of defaultFieldRegistry.kinds()) expect(ELEMENT_KINDS).toContain(kind);
  });

  it('round-trips a definition unchanged', () => {
    expect(draftToDefinition(draftFromDefinition(SUPPLIER_FORM))).toEqual(SUPPLIER_FORM);
    expect(draftToDefinition(draftFromDefinition(recordDefinition))).toEqual(recordDefinition);
  });

  it('adds an element of every kind with a unique Name and valid defaults', () => {
    let draft = draftFromDefinition(SUPPLIER_FORM);
    for (const kind of ELEMENT_KINDS) {
      draft = addElement(draft, kind, null, draft.nodes.length).draft;
      draft = addElement(draft, kind, null, 0).draft;
    }
    expect(draftProblems(draft)).toEqual([]);
    expect(new Set(names(draft)).size).toBe(names(draft).length);
    expect(names(draft)).toContain('Text1');
    expect(names(draft)).toContain('Text2');
    expect(FormDefinitionSchema.safeParse(draftToDefinition(draft)).success).toBe(true);
  });

  it('adds into a tab, and refuses a tab strip inside a tab', () => {
    let draft = draftFromDefinition(SUPPLIER_FORM);
    const quality = draft.nodes[0]!.tabs![1]!.id;
    const added = addElement(draft, 'checkbox', quality, 1);
    draft = added.draft;
    expect(draft.nodes[0]!.tabs![1]!.children[1]!.element).toEqual({
      Kind: 'checkbox',
      Name: 'Checkbox1',
      Label: 'Checkbox1',
    });
    expect(addElement(draft, 'tabs', quality, 0)).toEqual({ draft, id: null });
  });

  it('moves a step across tab edges, and into and out of tabs', () => {
    let draft = draftFromDefinition(SUPPLIER_FORM);
    const save = idOf(draft, 'Save');
    // Save, just below the strip, goes into its last tab's end.
    draft = moveStep(draft, save, 'up');
    expect(locate(draft, save)).toEqual({ parent: draft.nodes[0]!.tabs![1]!.id, index: 4 });
    const rating = idOf(draft, 'Rating');
    // The first of the second tab goes to the end of the first tab.
    draft = moveStep(draft, rating, 'up');
    expect(locate(draft, rating)).toEqual({ parent: draft.nodes[0]!.tabs![0]!.id, index: 7 });
    const name = idOf(draft, 'Name');
    draft = moveStep(draft, name, 'up');
    expect(locate(draft, name)).toEqual({ parent: null, index: 0 });
    expect(moveStep(draft, name, 'up')).toBe(draft);
    draft = moveElement(draft, name, draft.nodes[1]!.tabs![1]!.id, 0);
    expect(locate(draft, name)).toEqual({ parent: draft.nodes[0]!.tabs![1]!.id, index: 0 });
    expect(draftProblems(draft)).toEqual([]);
  });

  it('moves tabs within their strip and removes a tab but not the last', () => {
    let draft = draftFromDefinition(SUPPLIER_FORM);
    const [general, quality] = draft.nodes[0]!.tabs!;
    draft = moveStep(draft, quality!.id, 'up');
    expect(draft.nodes[0]!.tabs!.map((tab) => tab.Name)).toEqual(['Quality', 'General']);
    draft = removeElement(draft, general!.id);
    expect(removeElement(draft, quality!.id)).toBe(draft);
    draft = addTab(draft, draft.nodes[0]!.id).draft;
    expect(draft.nodes[0]!.tabs!.map((tab) => tab.Name)).toEqual(['Quality', 'Tab1']);
  });

  it('changes a kind keeping the common properties and taking the new kind’s defaults', () => {
    let draft = draftFromDefinition(SUPPLIER_FORM);
    const country = idOf(draft, 'Country');
    draft = updateProperties(draft, country, { Kind: 'select', IsMandatory: true });
    expect(allNodes(draft).find((entry) => entry.node.id === country)!.node.element).toEqual({
      Kind: 'select',
      Name: 'Country',
      Label: 'Country',
      IsMandatory: true,
      Options: [{ Value: 'option1', Label: 'Option 1' }],
    });
    draft = updateProperties(draft, country, { IsMandatory: undefined });
    expect(allNodes(draft).find((entry) => entry.node.id === country)!.node.element).not.toHaveProperty(
      'IsMandatory',
    );
    expect(updateProperties(draft, draft.nodes[0]!.id, { Kind: 'text' })).toBe(draft);
  });

  it('reports schema problems and a DependsOn to a missing element at their element', () => {
    let draft = draftFromDefinition(SUPPLIER_FORM);
    const email = idOf(draft, 'Email');
    draft = updateProperties(draft, email, { Name: 'Country' });
    const added = addElement(draft, 'picker', null, 0);
    draft = updateProperties(added.draft, added.id, { DependsOn: ['Nowhere', 'Picker1'], MinLength: 99 });
    const quality = draft.nodes[1]!.tabs![1]!;
    draft = updateProperties(draft, quality.id, { Label: ' ' });
    const problems = draftProblems(draft);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: email, name: 'Country', path: ['Name'] }),
        expect.objectContaining({ id: added.id, name: 'Picker1', path: ['MinLength'] }),
        expect.objectContaining({
          id: added.id,
          path: ['DependsOn', 1],
          message: 'A picker cannot depend on itself',
        }),
        { id: quality.id, name: 'Quality', path: ['Label'], message: 'Enter a label' },
        expect.objectContaining({
          id: added.id,
          path: ['DependsOn', 0],
          message: 'No element of this form is named Nowhere',
        }),
      ]),
    );
  });

  it('previews a draft with problems without the elements that have them, or not at all', () => {
    let draft = draftFromDefinition(SUPPLIER_FORM);
    expect(previewDefinition(draft, [])).toEqual(SUPPLIER_FORM);
    // Email renamed to Country: the second Country has the problem and is left out.
    draft = updateProperties(draft, idOf(draft, 'Email'), { Name: 'Country' });
    const preview = previewDefinition(draft, draftProblems(draft))!;
    expect(FormDefinitionSchema.safeParse(preview).success).toBe(true);
    expect(JSON.stringify(preview)).not.toContain('"Label":"Email"');
    expect(JSON.stringify(preview)).toContain('"Label":"Country"');
    // A problem of the form itself leaves nothing to preview.
    const untitled = updateProperties(draft, null, { Title: '' });
    expect(previewDefinition(untitled, draftProblems(untitled))).toBeNull();
  });

  it('maps the server’s issue paths (after Definition) to elements, tabs and the form', () => {
    const draft = draftFromDefinition(SUPPLIER_FORM);
    const problems = problemsFromIssues(draft, [
      { path: ['Elements', 0, 'Tabs', 1, 'Elements', 2, 'MaxLength'], message: 'm1' },
      { path: ['Elements', 0, 'Tabs', 1, 'Label'], message: 'm2' },
      { path: ['Title'], message: 'm3' },
    ]);
    expect(problems).toEqual([
      { id: idOf(draft, 'AuditNotes'), name: 'AuditNotes', path: ['MaxLength'], message: 'm1' },
      { id: draft.nodes[0]!.tabs![1]!.id, name: 'Quality', path: ['Label'], message: 'm2' },
      { id: null, name: null, path: ['Title'], message: 'm3' },
    ]);
  });
});

describe('a pointer drop', () => {
  it('moves before, after and into tabs, and reorders tabs in their strip only', () => {
    let draft = draftFromDefinition(SUPPLIER_FORM);
    const save = idOf(draft, 'Save');
    const phone = idOf(draft, 'Phone');
    draft = dropMove(draft, save, phone, 'after');
    expect(locate(draft, save)).toEqual({ parent: draft.nodes[0]!.tabs![0]!.id, index: 3 });
    const quality = draft.nodes[0]!.tabs![1]!.id;
    draft = dropMove(draft, save, quality, 'on');
    expect(locate(draft, save)).toEqual({ parent: quality, index: 4 });
    const general = draft.nodes[0]!.tabs![0]!.id;
    draft = dropMove(draft, general, quality, 'after');
    expect(draft.nodes[0]!.tabs!.map((tab) => tab.Name)).toEqual(['Quality', 'General']);
    expect(dropMove(draft, general, save, 'before')).toBe(draft);
    expect(dropMove(draft, draft.nodes[0]!.id, save, 'before')).toBe(draft);
    expect(draftProblems(draft)).toEqual([]);
  });
});
