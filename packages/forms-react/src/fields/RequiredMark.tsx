/** The ` *` after a mandatory field's label (hidden from assistive technology: the input says it). */
export function RequiredMark({ isMandatory }: { isMandatory?: boolean | undefined }) {
  return isMandatory ? (
    <span className="procedo-Field-required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
}
