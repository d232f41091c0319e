import { describe, expect, it } from 'vitest';
import { type NavigationDefinition, NavigationDefinitionSchema } from '../v1/navigation-schemas';
import { diffNavigation, navigationLinkOf, navigationLinkUrl, navigationProblems } from './navigation';

const tree: NavigationDefinition = {
  Nodes: [
    {
      Id: 1,
      Title: 'Quality',
      Children: [
        { Id: 2, Title: 'Suppliers', Link: { Kind: 'form', WebTemplateNo: 101 }, Children: [] },
        { Id: 3, Title: 'Batches', Link: { Kind: 'form', WebTemplateNo: 104 }, Children: [] },
      ],
    },
    {
      Id: 4,
      Title: 'Help',
      Children: [{ Id: 5, Title: 'Start', Link: { Kind: 'help', Topic: 'getting-started' }, Children: [] }],
    },
  ],
};

describe('NavigationDefinitionSchema', () => {
  it('accepts a tree of folders and links', () => {
    expect(NavigationDefinitionSchema.safeParse(tree).success).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'form',
    '/a b',
  ])('refuses the URL link %s at the node', (Url) => {
    const result = NavigationDefinitionSchema.safeParse({
      Nodes: [{ Title: 'A', Children: [{ Title: 'B', Link: { Kind: 'url', Url }, Children: [] }] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['Nodes', 0, 'Children', 0, 'Link', 'Url']);
  });

  it('refuses unknown fields and an empty title', () => {
    expect(
      NavigationDefinitionSchema.safeParse({ Nodes: [{ Title: 'A', Children: [], Url: '/x' }] }).success,
    ).toBe(false);
    expect(NavigationDefinitionSchema.safeParse({ Nodes: [{ Title: '  ', Children: [] }] }).success).toBe(
      false,
    );
  });
});

describe('navigationLinkUrl / navigationLinkOf', () => {
  it.each([
    [{ Kind: 'form', WebTemplateNo: 102 }, '/form?WebTemplateNo=102'],
    [{ Kind: 'dashboard', DashboardId: 1 }, '/dashboard?id=1'],
    [{ Kind: 'help', Topic: 'sessions' }, '/help/sessions'],
    [{ Kind: 'command', CommandId: 7 }, '/?CommandId=7#start-a-process'],
    [{ Kind: 'url', Url: '/audit' }, '/audit'],
  ] as const)('maps %o to %s and back', (link, url) => {
    expect(navigationLinkUrl(link)).toBe(url);
    expect(navigationLinkOf(url)).toEqual(link);
  });

  it('reads no URL as a folder', () => {
    expect(navigationLinkOf(null)).toBeUndefined();
  });
});

describe('navigationProblems', () => {
  it('finds none in a good tree', () => {
    expect(navigationProblems(tree)).toEqual([]);
  });

  it('names the node of each problem', () => {
    const bad: NavigationDefinition = {
      Nodes: [
        { Id: 1, Title: ' ', Children: [{ Id: 1, Title: 'Dup', Children: [] }] },
        { Title: 'Out', Link: { Kind: 'url', Url: 'javascript:alert(1)' }, Children: [] },
      ],
    };
    expect(navigationProblems(bad).map((issue) => [issue.path, issue.message])).toEqual([
      [['Nodes', 0, 'Title'], 'Enter a title'],
      [['Nodes', 0, 'Children', 0, 'Id'], 'Node 1 appears more than once'],
      [['Nodes', 1, 'Link', 'Url'], 'Enter a path of this site, starting with /'],
    ]);
  });

  it('refuses a tree deeper than the limit at the first node too deep', () => {
    let node = { Title: 'L7', Children: [] as NavigationDefinition['Nodes'] };
    for (let level = 6; level >= 1; level--) node = { Title: `L${level}`, Children: [node] };
    const issues = navigationProblems({ Nodes: [node] });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual(['Nodes', 0, ...Array(6).fill(['Children', 0]).flat()]);
  });
});

describe('diffNavigation', () => {
  it('reports a rename, a move, a new link, an added and a removed node', () => {
    const after: NavigationDefinition = {
      Nodes: [
        {
          Id: 1,
          Title: 'Quality',
          Children: [
            { Id: 3, Title: 'Batch records', Link: { Kind: 'form', WebTemplateNo: 104 }, Children: [] },
            { Title: 'Products', Link: { Kind: 'form', WebTemplateNo: 102 }, Children: [] },
          ],
        },
        {
          Id: 4,
          Title: 'Help',
          Children: [{ Id: 2, Title: 'Suppliers', Link: { Kind: 'form', WebTemplateNo: 101 }, Children: [] }],
        },
      ],
    };
    const changes = diffNavigation(tree, after);
    expect(changes.map((c) => [c.Change, c.Path])).toEqual([
      ['renamed', 'Quality / Batch records'],
      ['added', 'Quality / Products'],
      ['moved', 'Help / Suppliers'],
      ['removed', 'Help / Start'],
    ]);
  });
});
