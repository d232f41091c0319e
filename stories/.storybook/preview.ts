import { MESSAGES_DE } from '@procedo/client-api/locales/de';
import { type ProcedoTextOverrides, ProcedoTexts } from '@procedo/forms-react';
import { FORMS_TEXTS_DE } from '@procedo/forms-react/locales/de';
import { PROCESS_TEXTS_DE } from '@procedo/process-react/locales/de';
import { SESSION_TEXTS_DE } from '@procedo/session/locales/de';
import type { Preview } from '@storybook/react-vite';
import { createElement } from 'react';
import '../../packages/forms-react/src/styles.css';
import '../../packages/process-react/src/styles.css';

/** The SDK's texts per language of the toolbar's Language switch (English is every package's default). */
const TEXTS: Record<string, ProcedoTextOverrides | undefined> = {
  en: undefined,
  de: { forms: FORMS_TEXTS_DE, process: PROCESS_TEXTS_DE, session: SESSION_TEXTS_DE, messages: MESSAGES_DE },
};

const preview: Preview = {
  parameters: { layout: 'padded' },
  globalTypes: {
    locale: {
      description: 'The language of the SDK’s texts',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  decorators: [
    (Story, context) => {
      const locale = String(context.globals.locale ?? 'en');
      return createElement(ProcedoTexts, { locale, texts: TEXTS[locale] }, createElement(Story));
    },
  ],
};

export default preview;
