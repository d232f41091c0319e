import { useCatalogue } from '@procedo/texts';
import { PROCESS_LABELS, STEP_KIND_LABELS, STEP_STATE_LABELS } from '../labels';

/** The process screens' texts (button names, titles, hints). */
export type ProcessLabels = {
  readonly [K in keyof typeof PROCESS_LABELS]: (typeof PROCESS_LABELS)[K] extends string
    ? string
    : (typeof PROCESS_LABELS)[K];
};

/**
 * Every text process-react shows, by section (the §8 messages are the `messages` catalogue of
 * forms-react). A host overrides any of them through `<ProcedoTexts texts={{ process: { … } }}>`
 * (`@procedo/texts`); the German catalogue is `@procedo/process-react/locales/de`.
 */
export interface ProcessTexts {
  process: ProcessLabels;
  /** Readable names of the step kinds. */
  stepKinds: { readonly [K in keyof typeof STEP_KIND_LABELS]: string };
  /** Readable names of the step states. */
  stepStates: { readonly [K in keyof typeof STEP_STATE_LABELS]: string };
}

declare module '@procedo/texts' {
  interface ProcedoTextCatalogues {
    process: ProcessTexts;
  }
}

/** The English {@link ProcessTexts}. */
export const PROCESS_TEXTS: Readonly<ProcessTexts> = Object.freeze({
  process: PROCESS_LABELS,
  stepKinds: STEP_KIND_LABELS,
  stepStates: STEP_STATE_LABELS,
});

/** process-react's texts as the nearest `ProcedoTexts` gives them (English without one). */
export function useProcessTexts(): ProcessTexts {
  return useCatalogue('process', PROCESS_TEXTS);
}
