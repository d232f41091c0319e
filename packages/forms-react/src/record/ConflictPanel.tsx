import { formatCellValue } from '../form/components/ResultsField';
import { useFormsTexts } from '../i18n/texts';
import type { ConflictRow } from './conflict-rows';
import type { RecordLabels } from './labels';
import { utcText } from './utc-text';

/** Props of {@link ConflictPanel}. */
export interface ConflictPanelProps {
  rows: readonly ConflictRow[];
  /** Who saved the current version, and when (ISO UTC). */
  updatedBy: string;
  updatedAt: string;
  /** Replaces the values on screen with the saved ones. */
  onUseCurrent(): void;
  /** Saves the values on screen over the current version. */
  onKeepMine(): void;
  /** Disables both buttons (a save is running). @default false */
  isBusy?: boolean;
  /** Texts to override. @default RECORD_LABELS */
  labels?: Partial<RecordLabels>;
}

/**
 * The 409 panel: the user's edits stay in the form, and this lists, field by field, the value on
 * screen beside the value saved now, with "Use current" and "Keep mine".
 */
export function ConflictPanel({
  rows,
  updatedBy,
  updatedAt,
  onUseCurrent,
  onKeepMine,
  isBusy,
  labels,
}: ConflictPanelProps) {
  const texts = useFormsTexts();
  const L = { ...texts.record, ...labels };
  return (
    <section className="procedo-ConflictPanel" role="alert" aria-labelledby="procedo-conflict-title">
      <h2 id="procedo-conflict-title">{L.conflictTitle}</h2>
      <p>{L.conflictIntro(updatedBy, utcText(updatedAt))}</p>
      <table className="procedo-ConflictPanel-table">
        <thead>
          <tr>
            <th scope="col">{L.conflictField}</th>
            <th scope="col">{L.conflictMine}</th>
            <th scope="col">{L.conflictCurrent}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} data-name={row.name}>
              <th scope="row">
                {row.label}{' '}
                <span className="procedo-ConflictPanel-who">
                  ({row.isMine ? L.changedByYou : L.changedElsewhere})
                </span>
              </th>
              <td data-column="mine">{formatCellValue(row.mine, texts.results)}</td>
              <td data-column="current">{formatCellValue(row.current, texts.results)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="procedo-Dialog-actions">
        <button type="button" className="procedo-Button" onClick={onUseCurrent} disabled={isBusy}>
          {L.useCurrent}
        </button>
        <button
          type="button"
          className="procedo-Button"
          data-variant="primary"
          onClick={onKeepMine}
          disabled={isBusy}
        >
          {L.keepMine}
        </button>
      </div>
    </section>
  );
}
