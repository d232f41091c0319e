import type { ProcedoTextOverrides } from '@procedo/forms-react';

/** The languages the host ships the SDK's texts in, named in their own language for the picker. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/**
 * The shipped language a user's preference asks for: its primary subtag (`de-AT` → `de`), or
 * English for one we do not ship (the SDK's texts then fall back to English anyway).
 */
export function shippedLanguage(preference: string | undefined): LanguageCode {
  const primary = (preference ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language.code === primary)?.code ?? 'en';
}

/**
 * The SDK's texts in `language`, loaded on demand (each package's `locales/<code>` entry): an
 * English user's pages never download them. English is every package's default: nothing to load.
 */
export async function loadTexts(language: LanguageCode): Promise<ProcedoTextOverrides | undefined> {
  if (language === 'en') return undefined;
  const [forms, process, session, messages, host] = await Promise.all([
    import('@procedo/forms-react/locales/de'),
    import('@procedo/process-react/locales/de'),
    import('@procedo/session/locales/de'),
    import('@procedo/client-api/locales/de'),
    import('../locales/de'),
  ]);
  return {
    forms: forms.FORMS_TEXTS_DE,
    process: process.PROCESS_TEXTS_DE,
    session: session.SESSION_TEXTS_DE,
    messages: messages.MESSAGES_DE,
    host: host.HOST_TEXTS_DE,
  };
}
