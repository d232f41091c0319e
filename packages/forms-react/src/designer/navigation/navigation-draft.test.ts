import { describe, expect, it } from 'vitest';
import {
  addNavChild,
  addNavSibling,
  moveNavNode,
  type NavigationDraft,
  navigationDraftFrom,
  navigationDraftProblems,
  navigationDraftToDefinition,
  navProblemsFromIssues,
  removeNavNode,
  updateNavNode,
} from './navigation-draft';
import { OPERATOR_NAVIGATION } from './navigation-fixtures';

const titles = (draft: NavigationDraft): unknown =>
  draft.nodes.map(function shape(node): unknown {
    return node.children.length > 0 ? [node.title, node.children.map(shape)] : node.title;
  });

describe('navigation draft', () => {
  it('round-trips a definition, keeping ids', () => {
    expect(navigationDraftToDefinition(navigationDraftFrom(OPERATOR_NAVIGATION))).toEqual(
      OPERATOR_NAVIGATION,
    );
  });

  it('adds a child and a sibling without ids (new nodes)', () => {
    let draft = navigationDraftFrom(OPERATOR_NAVIGATION);
    const child = addNavChild(draft, 'n10', 'Deviations');
    draft = child.draft;
    const sibling = addNavSibling(draft, 'n11', 'Products');
    draft = sibling.draft;
    expect(titles(draft)).toEqual([
      ['Quality', ['Suppliers', 'Products', 'Batches', 'Deviations']],
      ['Help', ['Getting started']],
    ]);
    const quality = navigationDraftToDefinition(draft).Nodes[0]!;
    expect(quality.Children.map((node) => node.Id)).toEqual([11, undefined, 12, undefined]);
    expect(child.key).not.toBe(sibling.key);
  });

  it('moves up, down, in and out; an impossible move changes nothing', () => {
    let draft = navigationDraftFrom(OPERATOR_NAVIGATION);
    expect(moveNavNode(draft, 'n10', 'up')).toBe(draft);
    expect(moveNavNode(draft, 'n10', 'out')).toBe(draft);
    expect(moveNavNode(draft, 'n11', 'in')).toBe(draft);
    draft = moveNavNode(draft, 'n12', 'up');
    expect(titles(draft)).toEqual([
      ['Quality', ['Batches', 'Suppliers']],
      ['Help', ['Getting started']],
    ]);
    draft = moveNavNode(draft, 'n11', 'in');
    expect(titles(draft)).toEqual([
      ['Quality', [['Batches', ['Suppliers']]]],
      ['Help', ['Getting started']],
    ]);
    draft = moveNavNode(draft, 'n11', 'out');
    draft = moveNavNode(draft, 'n11', 'out');
    expect(titles(draft)).toEqual([['Quality', ['Batches']], 'Suppliers', ['Help', ['Getting started']]]);
    draft = moveNavNode(draft, 'n20', 'up');
    expect((titles(draft) as unknown[])[1]).toEqual(['Help', ['Getting started']]);
  });

  it('renames, links, unlinks and removes a subtree', () => {
    let draft = navigationDraftFrom(OPERATOR_NAVIGATION);
    draft = updateNavNode(draft, 'n20', { title: 'Help and guides', link: { Kind: 'url', Url: '/help' } });
    draft = updateNavNode(draft, 'n11', { link: null, description: 'All suppliers' });
    draft = removeNavNode(draft, 'n12');
    const definition = navigationDraftToDefinition(draft);
    expect(definition.Nodes[1]).toMatchObject({
      Title: 'Help and guides',
      Link: { Kind: 'url', Url: '/help' },
    });
    expect(definition.Nodes[0]!.Children).toEqual([
      { Id: 11, Title: 'Suppliers', Description: 'All suppliers', Children: [] },
    ]);
    expect(removeNavNode(draft, 'n20').nodes.map((node) => node.key)).toEqual(['n10']);
  });

  it('puts problems and server issues at their nodes', () => {
    let draft = navigationDraftFrom(OPERATOR_NAVIGATION);
    draft = updateNavNode(draft, 'n21', { title: '  ', link: { Kind: 'url', Url: 'javascript:alert(1)' } });
    expect(navigationDraftProblems(draft)).toEqual([
      { id: 'n21', name: '  ', path: ['Title'], message: 'Enter a title' },
      { id: 'n21', name: '  ', path: ['Link', 'Url'], message: 'Enter a path of this site, starting with /' },
    ]);
    expect(
      navProblemsFromIssues(draft, [
        { path: ['Navigation', 'Nodes', 0, 'Children', 1, 'Link', 'WebTemplateNo'], message: 'No form 104' },
        { path: ['ChangeNote'], message: 'Enter a change note' },
      ]),
    ).toEqual([
      { id: 'n12', name: 'Batches', path: ['Link', 'WebTemplateNo'], message: 'No form 104' },
      { id: null, name: null, path: ['ChangeNote'], message: 'Enter a change note' },
    ]);
  });
});
