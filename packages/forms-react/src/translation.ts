/**
 * `@procedo/forms-react/translation`: the translation prompt (translation mode's dialog), a
 * separate entry so that only the pages of translation admins load it. Translation mode itself
 * (`useTranslationMode`), the Translate buttons the fields render and the translation targets stay
 * in the main entry.
 */
export type { TranslationPromptClient, TranslationPromptProps } from './translation/TranslationPrompt';
export { TranslationPrompt } from './translation/TranslationPrompt';
