import { LoadingPanel, type ProcedoTextOverrides, ProcedoTexts } from '@procedo/forms-react';
import { type ReactNode, useEffect, useState } from 'react';
import { type LanguageCode, loadTexts } from './languages';

type Loaded = { language: LanguageCode; texts: ProcedoTextOverrides | undefined };

/**
 * The SDK's texts in the user's language (`User.preferences.language`) for everything below:
 * the catalogue is loaded on demand; until the first one is there a German user sees the loading
 * panel rather than English, and on a switch the page keeps its texts until the new ones arrive.
 */
export function UserTexts({ language, children }: { language: LanguageCode; children: ReactNode }) {
  const [loaded, setLoaded] = useState<Loaded | null>(
    language === 'en' ? { language, texts: undefined } : null,
  );

  useEffect(() => {
    let isCurrent = true;
    loadTexts(language)
      .then((texts) => {
        if (isCurrent) setLoaded({ language, texts });
      })
      .catch((cause: unknown) => {
        // A catalogue that failed to load leaves the texts English: the page still works.
        console.error(cause);
        if (isCurrent) setLoaded({ language: 'en', texts: undefined });
      });
    return () => {
      isCurrent = false;
    };
  }, [language]);

  useEffect(() => {
    if (loaded) document.documentElement.lang = loaded.language;
  }, [loaded]);

  if (!loaded) return <LoadingPanel isVisible />;
  return (
    <ProcedoTexts locale={loaded.language} texts={loaded.texts}>
      {children}
    </ProcedoTexts>
  );
}
