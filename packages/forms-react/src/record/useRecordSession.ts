import {
  type AuditSignOff,
  type ErrorHandler,
  type FieldValues,
  isHttpStatusError,
  type RecordVersion,
} from '@procedo/client-api';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Shell } from '../hooks/shell-context';
import { useShell } from '../hooks/useShell';
import { type MessageCatalogue, useFormsTexts, useMessages } from '../i18n/texts';
import type { RecordLabels } from './labels';
import {
  createRecordSession,
  type RecordSearchOutcome,
  type RecordSession,
  type RecordSessionOptions,
  type RecordSessionSnapshot,
  type RecordWriteOutcome,
} from './record-session';

/** Options of {@link useRecordSession}: the session's, and how outcomes reach the user. */
export interface UseRecordSessionOptions extends RecordSessionOptions {
  /**
   * Reports the unexpected failures (spec §8), e.g. the host's `createErrorHandler`.
   * @default an error notification with the §8 text
   */
  errorHandler?: Pick<ErrorHandler, 'handle'>;
  /** Asks before a delete. @default `window.confirm` with `labels.confirmDelete` */
  confirmDelete?: () => boolean | Promise<boolean>;
  /** Called after each successful save (`isNew` for a created record, e.g. to move the address to it). */
  onSaved?: (event: { record: RecordVersion; isNew: boolean }) => void;
  /** Texts to override. @default RECORD_LABELS */
  labels?: Partial<RecordLabels>;
}

/** What {@link useRecordSession} gives: the snapshot, and the session's calls with their outcomes reported. */
export interface RecordSessionView extends RecordSessionSnapshot {
  session: RecordSession;
  /** Saves (a `FormRenderer`'s `onSave`). */
  save(): Promise<RecordWriteOutcome>;
  /** Asks, then deletes (a `FormRenderer`'s `onDelete`). */
  remove(): Promise<RecordWriteOutcome>;
  /** Searches with a search form's values (a `FormRenderer`'s `onSearch`). */
  search(event: { values: FieldValues }): Promise<RecordSearchOutcome>;
  /** The audit dialog's Sign. */
  sign(audit: AuditSignOff): Promise<RecordWriteOutcome>;
  /** The audit dialog's Cancel Edit. */
  cancelEdit(): Promise<void>;
  /** The conflict panel's Keep mine. */
  keepMine(): Promise<RecordWriteOutcome>;
  /** The conflict panel's Use current. */
  takeCurrent(): void;
  /** The version history's read of an older version. */
  readVersion(version: number): Promise<RecordVersion>;
}

/** Tells the user how a write ended: a toast on success, the server's message or §8 handling on failure. */
function reportWrite(
  outcome: RecordWriteOutcome,
  shell: Shell,
  labels: RecordLabels,
  errorHandler: UseRecordSessionOptions['errorHandler'],
  messages: MessageCatalogue,
) {
  switch (outcome.kind) {
    case 'saved':
      shell.toast.info(labels.saved);
      return;
    case 'deleted':
      shell.toast.info(labels.deleted);
      return;
    case 'conflict':
      // A save's conflict shows in the conflict panel; a delete's is only said.
      if (outcome.action === 'delete') shell.notify.error(labels.conflictTitle);
      return;
    case 'read-only':
      shell.notify.error(labels.readOnlyTimepoint(outcome.timepoint));
      return;
    case 'invalid': {
      const message = isHttpStatusError(outcome.error) ? outcome.error.serverMessage : undefined;
      if (outcome.unmatched.length > 0) shell.notify.validation(message ?? messages.saveFailed);
      return;
    }
    case 'failed': {
      const { error } = outcome;
      // Refusals the server explains (a locked field, a wrong signature, a file too large).
      if (
        isHttpStatusError(error) &&
        (error.status === 400 || error.status === 403 || error.status === 413)
      ) {
        shell.notify.error(error.serverMessage ?? messages.saveFailed);
      } else if (errorHandler) {
        errorHandler.handle(error, { callerText: messages.saveFailed });
      } else {
        shell.notify.error(messages.saveFailed);
      }
      return;
    }
    default:
      return;
  }
}

/**
 * The record session of a form page in React: creates the session, loads it on mount, disposes it
 * on unmount, clears the dirty flag after each load (spec §4), and reports each outcome through
 * the shell (`ShellProvider`) and the error handler. Key the component on the form, the record and
 * the timepoint: a new key is a new session.
 *
 * @example
 * const record = useRecordSession({ api: v1, webTemplateNo, recordId, errorHandler });
 * if (record.status !== 'ready' || !record.store) return <LoadingPanel isVisible />;
 * return <FormRenderer store={record.store} onSave={record.save} onDelete={record.remove} />;
 */
export function useRecordSession(options: UseRecordSessionOptions): RecordSessionView {
  const [session] = useState(() => createRecordSession(options));
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  const shell = useShell();
  // The latest options, read when an outcome arrives (the session itself is made once).
  const latest = useRef(options);
  latest.current = options;
  const current = { record: useFormsTexts().record, messages: useMessages() };
  const texts = useRef(current);
  texts.current = current;

  useEffect(() => {
    void session.load();
    return () => session.dispose();
  }, [session]);
  useEffect(() => snapshot.store?.clearDirtyAfterLoad(), [snapshot.store]);
  // An HTTP failure is the page's to show (it names what failed); anything else is §8's to handle.
  useEffect(() => {
    const error = snapshot.loadError;
    if (error && !isHttpStatusError(error)) {
      latest.current.errorHandler?.handle(error, { callerText: texts.current.messages.pageLoadError });
    }
  }, [snapshot.loadError]);

  const calls = useMemo(() => {
    const labels = () => ({ ...texts.current.record, ...latest.current.labels });
    const reported = async (run: Promise<RecordWriteOutcome>) => {
      const outcome = await run;
      if (outcome.kind === 'saved')
        latest.current.onSaved?.({ record: outcome.record, isNew: outcome.isNew });
      reportWrite(outcome, shell, labels(), latest.current.errorHandler, texts.current.messages);
      return outcome;
    };
    return {
      save: () => reported(session.save()),
      async remove(): Promise<RecordWriteOutcome> {
        const { record } = session.getSnapshot();
        if (record === null) return { kind: 'skipped' };
        const confirm = latest.current.confirmDelete ?? (() => window.confirm(labels().confirmDelete));
        if (!(await confirm())) return { kind: 'skipped' };
        return reported(session.remove());
      },
      async search({ values }: { values: FieldValues }) {
        const outcome = await session.search(values);
        // Field issues are on their fields; anything else is unexpected.
        if (outcome.kind === 'failed') {
          const handler = latest.current.errorHandler;
          if (handler) handler.handle(outcome.error, { callerText: 'Searching' });
          else shell.notify.error(labels().searchFailed);
        }
        return outcome;
      },
      sign: (audit: AuditSignOff) => reported(session.sign(audit)),
      cancelEdit: () => session.cancelEdit(),
      keepMine: () => reported(session.keepMine()),
      takeCurrent: () => session.takeCurrent(),
      readVersion: (version: number) => session.readVersion(version),
    };
  }, [session, shell]);

  return { ...snapshot, session, ...calls };
}
