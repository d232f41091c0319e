import { describe, expect, it } from 'vitest';
import { FormDefinitionSchema } from './form-schemas';

/** A definition with a part of every shape: elements of each kind, a tab strip, options, columns. */
const definition = () => ({
  schemaVersion: 1,
  WebTemplateNo: 901,
  Name: 'Everything',
  Title: 'Everything',
  Entity: 'supplier',
  Kind: 'record',
  Elements: [
    { Kind: 'text', Name: 'Name', Label: 'Name', IsMandatory: true },
    { Kind: 'select', Name: 'Status', Label: 'Status', Options: [{ Value: 'A', Label: 'Approved' }] },
    {
      Kind: 'tabs',
      Name: 'Tabs',
      Label: 'Tabs',
      Tabs: [{ Name: 'One', Label: 'One', Elements: [{ Kind: 'checkbox', Name: 'Done', Label: 'Done' }] }],
    },
    { Kind: 'results', Name: 'Rows', Label: 'Rows', Columns: [{ Name: 'Name', Caption: 'Name' }] },
  ],
});

type Json = Record<string, unknown>;
const at = (value: Json, path: (string | number)[]): Json =>
  path.reduce<Json>((part, key) => (part as Record<string | number, Json>)[key] as Json, value);

describe('FormDefinitionSchema', () => {
  it('reads the definition as it is', () => {
    expect(FormDefinitionSchema.parse(definition())).toEqual(definition());
  });

  it('refuses an unknown field at every level, naming where, rather than dropping it', () => {
    for (const path of [
      [],
      ['Elements', 0],
      ['Elements', 1],
      ['Elements', 1, 'Options', 0],
      ['Elements', 2],
      ['Elements', 2, 'Tabs', 0],
      ['Elements', 2, 'Tabs', 0, 'Elements', 0],
      ['Elements', 3],
      ['Elements', 3, 'Columns', 0],
    ] as (string | number)[][]) {
      const typo = definition();
      // A designer's slip: the field it meant is `IsMandatory`.
      at(typo, path).IsMandatroy = true;
      const result = FormDefinitionSchema.safeParse(typo);
      expect(result.success, path.join('.')).toBe(false);
      const issue = result.error?.issues.find((one) => one.code === 'unrecognized_keys');
      expect(issue?.path, path.join('.')).toEqual(path);
      expect(issue && 'keys' in issue ? issue.keys : null).toEqual(['IsMandatroy']);
    }
  });
});
