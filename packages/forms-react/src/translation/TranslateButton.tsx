import { createContext, useContext } from 'react';
import { useFormsTexts } from '../i18n/texts';
import { labelTarget, type TranslationTarget } from './translation-target';

/** What a form in translation mode shares with its Translate buttons. */
export interface TranslationContextValue {
  webTemplateNo: number;
  onTranslate: (target: TranslationTarget) => void;
}

/** Set by `FormRenderer` while it has `onTranslate`; null (no buttons) otherwise. */
export const TranslationContext = createContext<TranslationContextValue | null>(null);

/** Props of {@link TranslateButton}. */
export interface TranslateButtonProps {
  /** The text to translate; defaults to the label of the form element `name`. */
  target?: TranslationTarget;
  /** The element (or tab) whose label this translates. */
  name?: string;
  label?: string;
}

/**
 * The small "Translate" button beside a label while the form is in translation mode (nothing
 * otherwise); its accessible name is "Translate <label>". It opens the host's translation prompt.
 */
export function TranslateButton({ target, name, label }: TranslateButtonProps) {
  const translation = useContext(TranslationContext);
  const L = useFormsTexts().translation;
  if (!translation) return null;
  const resolved = target ?? labelTarget(translation.webTemplateNo, name ?? '', label ?? '');
  return (
    <button
      type="button"
      className="procedo-TranslateButton"
      aria-label={L.translateNamed(resolved.label)}
      onClick={() => translation.onTranslate(resolved)}
    >
      {L.translate}
    </button>
  );
}

/** Props of {@link TranslateGroup}. */
export interface TranslateGroupProps {
  /** The group's accessible name ("Translate the column headers of …"). */
  label: string;
  targets: (webTemplateNo: number) => TranslationTarget[];
}

/**
 * A row of Translate buttons for texts that have no label of their own to sit beside (a result
 * list's column headers, a tab strip's tabs), only in translation mode.
 */
export function TranslateGroup({ label, targets }: TranslateGroupProps) {
  const translation = useContext(TranslationContext);
  if (!translation) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not a form's fieldset.
    <div role="group" aria-label={label} className="procedo-TranslateGroup">
      {targets(translation.webTemplateNo).map((target) => (
        <TranslateButton key={`${target.propertyId}:${target.commandElementName}`} target={target} />
      ))}
    </div>
  );
}
