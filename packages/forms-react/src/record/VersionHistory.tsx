import type { RecordVersion } from '@procedo/client-api';
import { type SyntheticEvent, useState } from 'react';
import { useFormsTexts } from '../i18n/texts';
import type { RecordLabels } from './labels';
import { utcText } from './utc-text';

/** The most versions listed; older ones are counted, not listed (the list stays cheap). */
export const VERSION_HISTORY_LIMIT = 50;

/** Props of {@link VersionHistory}. */
export interface VersionHistoryProps {
  /** The record as last read or saved; `null` for a new record. */
  record: RecordVersion | null;
  /** Reads an older version of the record (`v1.records.get(no, id, { version })`). */
  readVersion(version: number): Promise<RecordVersion>;
  /** Texts to override. @default RECORD_LABELS */
  labels?: Partial<RecordLabels>;
}

/**
 * The record's versions, newest first (every save writes one, `Version` counts them). The current
 * version's author and time are known; an older one's are read (`GET …?version=n`) when its entry
 * is first opened, so the list costs nothing however long the history.
 * @deprecated Use {@link AuditTrailPanel}: every change with its old and new values, who, when,
 * why and the signature. Kept for hosts that still show the bare list.
 */
export function VersionHistory({ record, readVersion, labels }: VersionHistoryProps) {
  const L = { ...useFormsTexts().record, ...labels };
  if (record === null) return <p>{L.historyEmpty}</p>;
  const count = Math.min(record.Version, VERSION_HISTORY_LIMIT);
  const versions = Array.from({ length: count }, (_, index) => record.Version - index);
  const older = record.Version - count;
  return (
    <>
      <ol className="procedo-VersionHistory">
        {versions.map((version) =>
          version === record.Version ? (
            <li key={version}>
              <details open>
                <summary>
                  {L.historyVersion(version)} ({L.historyCurrent}
                  {record.IsDeleted ? `, ${L.historyDeleted}` : ''})
                </summary>
                <p>{L.historyWhoWhen(record.UpdatedBy, utcText(record.UpdatedAt))}</p>
              </details>
            </li>
          ) : (
            <li key={version}>
              <OlderVersion version={version} readVersion={readVersion} labels={L} />
            </li>
          ),
        )}
      </ol>
      {older > 0 ? <p>{L.historyOlder(older)}</p> : null}
    </>
  );
}

type Read =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; record: RecordVersion }
  | { kind: 'failed' };

function OlderVersion({
  version,
  readVersion,
  labels: L,
}: {
  version: number;
  readVersion(version: number): Promise<RecordVersion>;
  labels: RecordLabels;
}) {
  const [read, setRead] = useState<Read>({ kind: 'idle' });
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!event.currentTarget.open || read.kind === 'loading' || read.kind === 'done') return;
    setRead({ kind: 'loading' });
    readVersion(version)
      .then((record) => setRead({ kind: 'done', record }))
      .catch((cause: unknown) => {
        console.error(cause);
        setRead({ kind: 'failed' });
      });
  };
  return (
    <details onToggle={onToggle}>
      <summary>
        {L.historyVersion(version)}
        {read.kind === 'done' && read.record.IsDeleted ? ` (${L.historyDeleted})` : ''}
      </summary>
      {read.kind === 'loading' ? <p>{L.historyLoading}</p> : null}
      {read.kind === 'failed' ? <p role="alert">{L.historyFailed}</p> : null}
      {read.kind === 'done' ? (
        <p>{L.historyWhoWhen(read.record.UpdatedBy, utcText(read.record.UpdatedAt))}</p>
      ) : null}
    </details>
  );
}
