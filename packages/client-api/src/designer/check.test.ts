import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../v1/form-schemas';
import { definitionProblems } from './check';

const form = (elements: FormDefinition['Elements']): FormDefinition => ({
  schemaVersion: 1,
  WebTemplateNo: 104,
  Name: 'Batch',
  Title: 'Batch',
  Entity: 'batch',
  Kind: 'record',
  Elements: elements,
});

describe('definitionProblems', () => {
  it('finds nothing wrong in a form whose elements have labels and whose pickers depend on its elements', () => {
    expect(
      definitionProblems(
        form([
          { Kind: 'picker', Name: 'Supplier', Label: 'Supplier', Source: 'suppliers' },
          { Kind: 'picker', Name: 'Product', Label: 'Product', Source: 'products', DependsOn: ['Supplier'] },
        ]),
      ),
    ).toEqual([]);
  });

  it('names a blank label of an element, a tab strip’s tab and a tab’s element at their paths', () => {
    const issues = definitionProblems(
      form([
        { Kind: 'text', Name: 'Blank', Label: ' ' },
        {
          Kind: 'tabs',
          Name: 'Tabs',
          Label: 'Tabs',
          Tabs: [{ Name: 'First', Label: '', Elements: [{ Kind: 'checkbox', Name: 'Flag', Label: '' }] }],
        },
      ]),
    );
    expect(issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['empty_label', ['Elements', 0, 'Label']],
      ['empty_label', ['Elements', 1, 'Tabs', 0, 'Label']],
      ['empty_label', ['Elements', 1, 'Tabs', 0, 'Elements', 0, 'Label']],
    ]);
  });

  it('names each DependsOn entry that is not another element of the form', () => {
    const issues = definitionProblems(
      form([
        {
          Kind: 'picker',
          Name: 'Product',
          Label: 'Product',
          Source: 'products',
          DependsOn: ['Gone', 'Product'],
        },
      ]),
    );
    expect(issues).toEqual([
      {
        code: 'unknown_dependency',
        path: ['Elements', 0, 'DependsOn', 0],
        message: 'No element of this form is named Gone',
      },
      {
        code: 'unknown_dependency',
        path: ['Elements', 0, 'DependsOn', 1],
        message: 'A picker cannot depend on itself',
      },
    ]);
  });
});
