import type { Language, TranslationResult } from '@procedo/client-api';
import { type TranslationTarget, useTranslationMode } from '@procedo/forms-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { callback, v1 } from '../api';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

// The prompt (`@procedo/forms-react/translation`) is loaded in a chunk of its own when a translation
// admin turns translation mode on: no other user's page fetches it.
const TranslationPrompt = lazy(async () => ({
  default: (await import('@procedo/forms-react/translation')).TranslationPrompt,
}));

/** Whether the signed-in user may translate: translation mode offers itself to them only. */
export function useMayTranslate(): boolean {
  return useSignedIn().context.Roles.includes('translation-admin');
}

/** What a page in translation mode needs: the handler of its Translate buttons and the prompt to render. */
export interface TranslationPromptState {
  /** Undefined while translation mode is off (or the user may not translate): no buttons. */
  onTranslate: ((target: TranslationTarget) => void) | undefined;
  prompt: ReactNode;
}

/**
 * Translation mode on a page: while it is on for a translation admin, Translate buttons open the
 * SDK's `TranslationPrompt` over the database's languages. `onSaved` runs after a confirmed save.
 */
export function useTranslationPrompt(onSaved?: (result: TranslationResult) => void): TranslationPromptState {
  const [isOn] = useTranslationMode();
  const mayTranslate = useMayTranslate();
  const { errorHandler } = useSignedIn();
  const active = isOn && mayTranslate;
  const [target, setTarget] = useState<TranslationTarget | null>(null);
  const [languages, setLanguages] = useState<Language[] | null>(null);

  useEffect(() => {
    if (!active || languages) return;
    let isCurrent = true;
    v1.languages
      .list()
      .then((list) => {
        if (isCurrent) setLanguages(list);
      })
      .catch((cause: unknown) => {
        if (isCurrent) errorHandler.handle(cause);
      });
    return () => {
      isCurrent = false;
    };
  }, [active, languages, errorHandler]);

  const onTranslate = useCallback((next: TranslationTarget) => setTarget(next), []);
  return {
    onTranslate: active ? onTranslate : undefined,
    prompt:
      active && languages ? (
        <Suspense fallback={null}>
          <TranslationPrompt
            target={target}
            languages={languages}
            client={callback}
            onSaved={onSaved}
            onClose={() => setTarget(null)}
          />
        </Suspense>
      ) : null,
  };
}

/** The translation-mode switch of the user menu (an item of its list), for translation admins only. */
export function TranslationModeToggle() {
  const [isOn, setOn] = useTranslationMode();
  const texts = useHostTexts().shell;
  if (!useMayTranslate()) return null;
  return (
    <li>
      <button
        type="button"
        className="procedo-TitleBar-toggle"
        aria-pressed={isOn}
        onClick={() => setOn(!isOn)}
      >
        {texts.translationMode}
      </button>
    </li>
  );
}
