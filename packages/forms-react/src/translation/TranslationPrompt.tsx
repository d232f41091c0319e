import type { Language, TranslationResult } from '@procedo/client-api';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from 'react-aria-components';
import { ShellDialog } from '../components/ShellDialog';
import { useFormsTexts } from '../i18n/texts';
import type { TranslationTarget } from './translation-target';

/** The calls the prompt makes (the callback client's `translationGet` / `translationSave`). */
export interface TranslationPromptClient {
  translationGet(request: TranslationRequestOf): Promise<TranslationResult>;
  translationSave(request: TranslationRequestOf & { translationText: string }): Promise<TranslationResult>;
}

type TranslationRequestOf = Omit<TranslationTarget, 'label'> & { langCode?: string };

/** Props of {@link TranslationPrompt}. */
export interface TranslationPromptProps {
  /** The text to translate; null: the prompt is closed. */
  target: TranslationTarget | null;
  /** The database's languages (`v1.languages.list()`); the default one is not offered (it is the definition's own text). */
  languages: readonly Language[];
  /** The language selected first. @default the first language that is not the default */
  initialLangCode?: string;
  client: TranslationPromptClient;
  /** Called after a save the server confirmed. */
  onSaved?: (result: TranslationResult) => void;
  onClose: () => void;
  /** A message fit for the user from a failed call (its server message). @default the error's message */
  describeError?: (error: unknown) => string;
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'ready'; result: TranslationResult }
  | { kind: 'error'; message: string };

const defaultDescribe = (error: unknown) =>
  (error as { serverMessage?: string } | null)?.serverMessage ??
  (error instanceof Error ? error.message : String(error));

/**
 * The translation prompt (spec §2): a language of the database, the text in the default language,
 * and the translation — read with `entity.translation.get`, saved with `entity.translation.save`.
 * The prompt closes only after the server confirmed the save; a refusal stays on screen.
 */
export function TranslationPrompt(props: TranslationPromptProps) {
  const L = useFormsTexts().translation;
  if (!props.target) return null;
  return (
    <ShellDialog
      title={L.promptTitle(props.target.label)}
      className="procedo-TranslationPrompt"
      onDismiss={props.onClose}
    >
      <TranslationForm {...props} target={props.target} />
    </ShellDialog>
  );
}

function TranslationForm({
  target,
  languages,
  initialLangCode,
  client,
  onSaved,
  onClose,
  describeError = defaultDescribe,
}: TranslationPromptProps & { target: TranslationTarget }) {
  const L = useFormsTexts().translation;
  const offered = languages.filter((language) => !language.IsDefault);
  const [langCode, setLangCode] = useState(initialLangCode ?? offered[0]?.Code ?? '');
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [text, setText] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const languageId = useId();
  const textId = useId();
  const defaultId = useId();
  const { commandElementName, dbEntityId, parentId, propertyId } = target;

  useEffect(() => {
    let isCurrent = true;
    setLoaded({ kind: 'loading' });
    setSaveError(null);
    client
      .translationGet({ commandElementName, dbEntityId, parentId, propertyId, langCode })
      .then((result) => {
        if (!isCurrent) return;
        setLoaded({ kind: 'ready', result });
        setText(result.TranslationText);
      })
      .catch((error: unknown) => {
        if (isCurrent) setLoaded({ kind: 'error', message: describeError(error) });
      });
    return () => {
      isCurrent = false;
    };
  }, [client, commandElementName, dbEntityId, parentId, propertyId, langCode, describeError]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loaded.kind !== 'ready' || isSaving) return;
    setSaving(true);
    setSaveError(null);
    client
      .translationSave({
        commandElementName,
        dbEntityId,
        parentId,
        propertyId,
        langCode,
        translationText: text,
      })
      .then((result) => {
        onSaved?.(result);
        onClose();
      })
      .catch((error: unknown) => setSaveError(describeError(error)))
      .finally(() => setSaving(false));
  };

  const defaultLanguage = languages.find((language) => language.IsDefault);
  return (
    <form className="procedo-TranslationPrompt-form" onSubmit={submit}>
      <div className="procedo-Dialog-body">
        <div className="procedo-Field">
          <label className="procedo-Field-label" htmlFor={languageId}>
            {L.language}
          </label>
          <select
            id={languageId}
            className="procedo-Input"
            value={langCode}
            onChange={(event) => setLangCode(event.target.value)}
          >
            {offered.map((language) => (
              <option key={language.Code} value={language.Code}>
                {language.Name}
              </option>
            ))}
          </select>
        </div>
        {loaded.kind === 'loading' ? <p role="status">{L.loading}</p> : null}
        {loaded.kind === 'error' ? (
          <p role="alert" className="procedo-InlineAlert" data-type="error">
            {loaded.message}
          </p>
        ) : null}
        {loaded.kind === 'ready' ? (
          <>
            <p className="procedo-TranslationPrompt-default" id={defaultId}>
              {L.defaultText(defaultLanguage?.Name ?? loaded.result.DefaultLangCode)}:{' '}
              {loaded.result.DefaultText}
            </p>
            <div className="procedo-Field">
              <label className="procedo-Field-label" htmlFor={textId}>
                {L.translation}
              </label>
              <input
                id={textId}
                className="procedo-Input"
                type="text"
                value={text}
                maxLength={4000}
                aria-describedby={defaultId}
                onChange={(event) => setText(event.target.value)}
                // biome-ignore lint/a11y/noAutofocus: the prompt is answered in its text box, as the browser's prompt is.
                autoFocus
              />
              <div className="procedo-Field-hint">{L.empty}</div>
            </div>
          </>
        ) : null}
        {saveError ? (
          <p role="alert" className="procedo-InlineAlert" data-type="error">
            {saveError}
          </p>
        ) : null}
      </div>
      <div className="procedo-Dialog-actions">
        <Button
          className="procedo-Button"
          data-variant="primary"
          type="submit"
          isDisabled={loaded.kind !== 'ready' || isSaving}
        >
          {L.save}
        </Button>
        <Button className="procedo-Button" onPress={onClose}>
          {L.cancel}
        </Button>
      </div>
    </form>
  );
}
