import type { TranslationResult } from '@procedo/client-api';
import { labelTarget } from '@procedo/forms-react';
import { TranslationPrompt, type TranslationPromptClient } from '@procedo/forms-react/translation';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';

const stored: TranslationResult = {
  CommandElementName: 'Country',
  DbEntityId: 1,
  ParentId: 102,
  PropertyId: 1,
  LangCode: 'de',
  TranslationText: 'Land',
  IsTranslated: true,
  DefaultLangCode: 'en',
  DefaultText: 'Country',
};

const client = (overrides: Partial<TranslationPromptClient> = {}): TranslationPromptClient => ({
  translationGet: async () => stored,
  translationSave: async (request) => ({ ...stored, TranslationText: request.translationText }),
  ...overrides,
});

const meta = {
  title: 'forms-react/Translation/TranslationPrompt',
  component: TranslationPrompt,
  args: {
    target: labelTarget(102, 'Country', 'Country'),
    languages: [
      { Code: 'en', Name: 'English', IsDefault: true },
      { Code: 'de', Name: 'Deutsch', IsDefault: false },
    ],
    client: client(),
    onSaved: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof TranslationPrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The stored German of a label, with its English text. */
export const Default: Story = {};

/** A text with no translation yet: the box is empty, the English text shows above it. */
export const Untranslated: Story = {
  args: {
    client: client({ translationGet: async () => ({ ...stored, TranslationText: '', IsTranslated: false }) }),
  },
};

/** Still reading the translation. */
export const Loading: Story = {
  args: { client: client({ translationGet: () => new Promise<TranslationResult>(() => undefined) }) },
};

/** The server refused (spec §8 'Unknown language'): the prompt stays open with the message. */
export const Refused: Story = {
  args: {
    client: client({
      translationGet: async () => {
        throw Object.assign(new Error('ERROR'), { serverMessage: 'Unknown language' });
      },
    }),
  },
};
