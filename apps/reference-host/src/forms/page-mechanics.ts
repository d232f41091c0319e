import { getDataOfId, Messages, type RecordVersion } from '@procedo/client-api';
import { copyRecordValues, type FormStore, useShell } from '@procedo/forms-react';
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
