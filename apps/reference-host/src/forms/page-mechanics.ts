import { getDataOfId, Messages, type RecordVersion } from '@procedo/client-api';
import {
  copyRecordValues,
  type FormStore,
  listenForChildSubmits,
  localizeMessage,
  notifyChildSubmit,
  readSilentPostback,
  silentPostback,
  useMessages,
  useShell,
} from '@procedo/forms-react';
import { useProcessRunner } from '@procedo/process-react';
import { useCallback, useEffect, useRef } from 'react';
import { callback, v1 } from '../api';
import { useSignedIn } from '../shell/signed-in-context';
import type { FormPageQuery } from './form-query';
import { recordVariables } from './record-variables';

/**
 * `a_BasedOnTemplateNo`: a new record starts with the values of the record it is based on, read
 * through GetDataOfId (`Web.Data.XmlOfId` as JSON, so the base form's permissions apply); a failed
 * read shows 'Unable to set ajax call back for GetDataOfId' in the error window and the form stays
 * empty.
 */
export function useBasedOnRecord(store: FormStore, query: FormPageQuery, isNewRecord: boolean): void {
  const { errorHandler } = useSignedIn();
  const basedOn = isNewRecord && store.definition.Kind === 'record' ? query.basedOn : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per form store (one load)
  useEffect(() => {
    if (!basedOn) return;
    let isCurrent = true;
    void getDataOfId(callback, `${basedOn.webTemplateNo}:${basedOn.recordId}`, { errorHandler }).then(
      (base) => {
        if (isCurrent && base) copyRecordValues(store, base.Values);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [store]);
}

/**
 * `WFEVENT_UICOMMANDID`: after each successful save, the process command of that id is created
 * and started (spec §4 process command, `start`) with the saved record as its variables. A command
 * the user may not start (not among the creatable ones) answers 'Unable to create, start or open a
 * process without a command id', as a missing one does.
 */
export function useAfterSaveCommand(commandId: number | null): (record: RecordVersion) => void {
  const runner = useProcessRunner();
  const runnerRef = useRef(runner);
  runnerRef.current = runner;
  const shell = useShell();
  const shellRef = useRef(shell);
  shellRef.current = shell;
  return useCallback(
    (record: RecordVersion) => {
      if (commandId === null) return;
      void v1.processes.creatableCommands().then(
        (commands) => {
          const command = commands.find((candidate) => candidate.Id === commandId);
          // A command the user cannot start has no usable id for them (the §5 message).
          if (!command) void shellRef.current.alert(Messages.processCommandIdMissing);
          else
            void runnerRef.current.startProcess(command, { start: true, variables: recordVariables(record) });
        },
        (cause: unknown) => console.error(cause),
      );
    },
    [commandId],
  );
}

/** `a_postback`: a new record in a popup starts with the values a silent postback sent it. */
export function usePostedValues(store: FormStore, query: FormPageQuery, isNewRecord: boolean): void {
  const key = isNewRecord && store.definition.Kind === 'record' ? query.postbackKey : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per form store (one load)
  useEffect(() => {
    if (key === null) return;
    const values = readSilentPostback(window, key);
    if (values) copyRecordValues(store, values);
  }, [store]);
}

/**
 * "Copy to a new record": the values on screen go by silent postback into a new record of the
 * same form in a popup; this page stays as it is. A blocked popup shows 'Silent Postback: Template
 * save failed to create a window' in the error window.
 */
export function useCopyToNewRecord(store: FormStore): () => void {
  const { errorHandler } = useSignedIn();
  const messages = useMessages();
  return useCallback(() => {
    const result = silentPostback(window, {
      url: `/form?WebTemplateNo=${store.definition.WebTemplateNo}`,
      values: store.getValues(),
    });
    // The §8 message in the user's language (English: exactly the spec's text).
    const message = result.ok ? null : localizeMessage(result.message, messages);
    if (message !== null) errorHandler.showErrorWindow(message, { title: store.definition.Title });
  }, [store, errorHandler, messages]);
}

/** A record saved in a dialog, popup or tab tells the page that opened it (spec §9 child submit). */
export function tellParentOfSave(record: RecordVersion, webTemplateNo: number): void {
  notifyChildSubmit(window, { WebTemplateNo: webTemplateNo, RecordId: record.Id });
}

/**
 * A search page runs its last search again once its child forms have saved (1000 ms after the
 * last one, spec §9), so its list shows their changes.
 */
export function useRefreshOnChildSubmits(isSearch: boolean, refresh: () => void): void {
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(() => {
    if (!isSearch) return;
    return listenForChildSubmits(window, () => refreshRef.current());
  }, [isSearch]);
}
