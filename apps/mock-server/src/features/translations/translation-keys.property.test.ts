import { type FormDefinition, FormDefinitionSchema } from '@procedo/client-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formDefinitions } from '../../db/form-seed-data';
import { formTexts, keyString, translateDefinition } from './translation-keys';

const definitions: FormDefinition[] = formDefinitions('full');

/** The definition with every translatable text blanked: what translation must never change. */
const skeleton = (definition: FormDefinition) => {
  const texts = new Set(formTexts(definition).map(({ key }) => keyString(key)));
  return { texts, json: JSON.stringify(translateDefinition(definition, () => '')) };
};

describe('translateDefinition', () => {
  it('leaves a definition unchanged when the language has no translation', () => {
    for (const definition of definitions) {
      expect(translateDefinition(definition, () => undefined)).toEqual(definition);
    }
  });

  it('for any translations of a form: each text is its translation or else the default, names and rules unchanged, still a valid definition', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...definitions),
        fc.func(fc.option(fc.string({ minLength: 1, maxLength: 200 }), { nil: undefined })),
        (definition, pick) => {
          const translations = new Map<string, string | undefined>();
          for (const { key } of formTexts(definition)) translations.set(keyString(key), pick(keyString(key)));
          const translated = translateDefinition(definition, (key) => translations.get(keyString(key)));
          expect(FormDefinitionSchema.safeParse(translated).success).toBe(true);
          const before = formTexts(definition);
          const after = formTexts(translated);
          expect(after.map(({ key }) => key)).toEqual(before.map(({ key }) => key));
          after.forEach(({ key, text }, index) => {
            expect(text).toBe(translations.get(keyString(key)) ?? before[index]!.text);
          });
          expect(skeleton(translated).json).toBe(skeleton(definition).json);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('names every text of a form by a key of its own', () => {
    for (const definition of definitions) {
      const keys = formTexts(definition).map(({ key }) => keyString(key));
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
