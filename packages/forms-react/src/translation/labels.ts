/** Texts of translation mode and the translation prompt. */
export const TRANSLATION_LABELS = Object.freeze({
  translate: 'Translate',
  /** The accessible name of an element's Translate button. */
  translateNamed: (label: string) => `Translate ${label}`,
  promptTitle: (label: string) => `Translate “${label}”`,
  language: 'Language',
  translation: 'Translation',
  defaultText: (language: string) => `Text in ${language}`,
  empty: 'Leave empty to show the default language’s text.',
  loading: 'Loading the translation…',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Translation saved.',
  tabs: (label: string) => `Translate the tabs of ${label}`,
  columns: (label: string) => `Translate the column headers of ${label}`,
});
