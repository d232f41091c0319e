import { useId, useSyncExternalStore } from 'react';
import { useNumberFormatter } from 'react-aria';
import { FORMS_TEXTS, useFormsTexts } from '../i18n/texts';
import type { CountPreference } from './count-preference';
import type { GridStore } from './grid-state';

/** The count toggle's texts; see {@link COUNT_TOGGLE_LABELS}. */
export interface CountToggleLabels {
  button: string;
  /** Spec: the tooltip while the count is on. */
  on: string;
  /** Spec: the tooltip while the count is off. */
  off: string;
  rows: (count: string, n: number) => string;
  atLeast: (count: string) => string;
  moreThan: (count: string) => string;
}

export const COUNT_TOGGLE_LABELS: CountToggleLabels = FORMS_TEXTS.countToggle;

/** Props of {@link CountToggle}. */
export interface CountToggleProps {
  /** The grid whose count this toggles (its `withTotal`). */
  grid: Pick<GridStore<unknown>, 'subscribe' | 'getSnapshot' | 'setWithTotal'>;
  /** Remembers the choice (per search form) when given. */
  preference?: CountPreference;
  onChange?: (event: { isOn: boolean }) => void;
  labels?: Partial<CountToggleLabels>;
}

/**
 * Turns the list's count on and off (asking the server for the total can be slow) and shows it:
 * "N rows" when known, "more than N" when the server stopped counting, "N+ rows" while off.
 */
export function CountToggle(props: CountToggleProps) {
  const { grid, preference, onChange } = props;
  const L = { ...useFormsTexts().countToggle, ...props.labels };
  const snapshot = useSyncExternalStore(grid.subscribe, grid.getSnapshot, grid.getSnapshot);
  const format = useNumberFormatter();
  const descriptionId = useId();
  const isOn = snapshot.withTotal;
  const tooltip = isOn ? L.on : L.off;

  let text: string | null = null;
  if (snapshot.total !== null)
    text = snapshot.totalIsExact
      ? L.rows(format.format(snapshot.total), snapshot.total)
      : L.moreThan(format.format(snapshot.total));
  else if (!isOn && snapshot.knownRows > 0) text = L.atLeast(format.format(snapshot.knownRows));

  const toggle = () => {
    const next = !isOn;
    grid.setWithTotal(next);
    preference?.set(next);
    onChange?.({ isOn: next });
  };

  return (
    <span className="procedo-CountToggle" data-on={isOn || undefined}>
      <button
        type="button"
        className="procedo-Button"
        aria-pressed={isOn}
        title={tooltip}
        aria-describedby={descriptionId}
        onClick={toggle}
      >
        {L.button}
      </button>
      <span id={descriptionId} hidden>
        {tooltip}
      </span>
      <output className="procedo-CountToggle-count" aria-live="polite">
        {text}
      </output>
    </span>
  );
}
