import { useFormsTexts } from '../../i18n/texts';

/** Props of {@link UnknownField}. */
export interface UnknownFieldProps {
  /** The kind nobody registered. */
  kind: string;
  /** The element's name. */
  name: string;
}

/** The visible placeholder of an element kind the registry has no component for. */
export function UnknownField({ kind, name }: UnknownFieldProps) {
  const texts = useFormsTexts();
  return (
    <div className="procedo-UnknownField" data-kind={kind} data-name={name} role="note">
      {texts.form.unsupportedKind(kind)}
    </div>
  );
}
