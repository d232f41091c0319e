import { useId } from 'react';
import { LANGUAGES, type LanguageCode } from './languages';

/** The picker's own label, in the language it shows. */
const LABEL: Record<LanguageCode, string> = { en: 'Language', de: 'Sprache' };

/** The user's language preference in the title bar: a native select, saved on change. */
export function LanguagePicker({
  language,
  onChange,
  isDisabled = false,
}: {
  language: LanguageCode;
  onChange: (language: LanguageCode) => void;
  isDisabled?: boolean;
}) {
  const id = useId();
  return (
    <span className="procedo-LanguagePicker">
      <label htmlFor={id}>{LABEL[language]}</label>{' '}
      <select
        id={id}
        value={language}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.value as LanguageCode)}
      >
        {LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </span>
  );
}
