import fc from 'fast-check';
import type { ElementPermission, FieldValue, FormDefinition, FormElement } from '../src/v1/form-schemas';

/** A deviation form with audit-flagged fields at the top level and inside a tab. */
export const deviationForm: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 103,
  Name: 'Deviation',
  Title: 'Deviation',
  Entity: 'deviation',
  Kind: 'record',
  Elements: [
    { Kind: 'text', Name: 'Title', Label: 'Title' },
    {
      Kind: 'select',
      Name: 'Severity',
      Label: 'Severity',
      IsAudit: true,
      Options: [{ Value: 'Minor', Label: 'Minor' }],
    },
    {
      Kind: 'tabs',
      Name: 'Tabs',
      Label: 'Tabs',
      Tabs: [
        {
          Name: 'More',
          Label: 'More',
          Elements: [
            { Kind: 'checkbox', Name: 'Capa', Label: 'CAPA', IsAudit: true },
            { Kind: 'number', Name: 'Cost', Label: 'Cost' },
          ],
        },
      ],
    },
    { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save' },
  ],
};

/** Any field value, the empty ones included. */
export const anyFieldValue: fc.Arbitrary<FieldValue | undefined> = fc.oneof(
  fc.constantFrom<FieldValue | undefined>(undefined, null, '', ' ', false, true, 0),
  fc.string({ maxLength: 6 }),
  fc.integer({ min: -5, max: 5 }),
  fc.record({ Id: fc.string({ maxLength: 3 }), Text: fc.string({ maxLength: 3 }) }),
);

const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'];

/** A form of up to two tab strips of up to three tabs of up to three fields, and some top-level fields. */
export const anyTabbedForm: fc.Arbitrary<FormDefinition> = fc
  .record({
    top: fc.integer({ min: 0, max: 2 }),
    strips: fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }), {
      maxLength: 2,
    }),
  })
  .map(({ top, strips }) => {
    let next = 0;
    const field = (): FormElement => ({ Kind: 'text', Name: `F${next++}`, Label: 'f' });
    const elements: FormElement[] = Array.from({ length: top }, field);
    strips.forEach((tabs, s) => {
      elements.push({
        Kind: 'tabs',
        Name: `Strip${s}`,
        Label: 's',
        Tabs: tabs.map((count, t) => ({
          Name: `Tab${s}${t}`,
          Label: 't',
          Elements: Array.from({ length: count }, field) as never,
        })),
      });
    });
    if (elements.length === 0) elements.push(field());
    return { ...deviationForm, Elements: elements };
  });

/** Every element name of a form, tabs and tab strips included. */
export function allNames(definition: FormDefinition): string[] {
  return definition.Elements.flatMap((element) =>
    element.Kind === 'tabs'
      ? [element.Name, ...element.Tabs.flatMap((tab) => [tab.Name, ...tab.Elements.map((e) => e.Name)])]
      : [element.Name],
  );
}

/** A permission list over a form's element names (some repeated, as profile and user rows are). */
export const anyPermissionsFor = (definition: FormDefinition): fc.Arbitrary<ElementPermission[]> =>
  fc.array(
    fc.record({
      NAME: fc.constantFrom(...allNames(definition), ...names),
      ElementHidden: fc.boolean(),
      ElementLocked: fc.boolean(),
    }),
    { maxLength: 12 },
  );
