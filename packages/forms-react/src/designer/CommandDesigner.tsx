import type { CommandDefinition } from '@procedo/client-api';
import { useCallback, useMemo, useState } from 'react';
import { useOnDemandTexts } from '../i18n/texts';
import {
  addCommandStep,
  type CommandDraft,
  commandDraftProblems,
  commandProblemsFromIssues,
  draftFromCommand,
  draftToCommand,
  moveCommandStep,
  removeCommandStep,
  setProceedsTo,
  updateCommand,
  updateCommandStep,
} from './command-draft';
import { COMMAND_DESIGNER_LABELS, type CommandDesignerLabels } from './command-labels';
import type { DraftProblem } from './draft-problems';
import { PublishBar, usePublishFlow } from './publish-bar';
import { COMMAND_KEY, StepList } from './StepList';
import { StepPanel } from './StepPanel';

/** What {@link CommandDesignerProps.onPublish} is called with. */
export interface CommandPublishRequest {
  command: CommandDefinition;
  changeNote: string;
}

/** Props of {@link CommandDesigner}. */
export interface CommandDesignerProps {
  /** The command the draft starts from (the version in force). Give the designer a new `key` to start over from another. */
  command: CommandDefinition;
  /**
   * Publishes the draft (e.g. the designer client's `designer.commands.publish(id, { BaseVersion, Command, ChangeNote })`);
   * resolves with the new version (`{ Version }`). Its rejections are read by shape: issues
   * (`issues` or the body's `Issues`, paths `['Command', 'Steps', i, …]`) show at their steps;
   * `code`/`Code` 'CONFLICT' (with `currentVersion`/`CurrentVersion`) says another designer
   * published first. The draft is kept on every failure.
   */
  onPublish: (request: CommandPublishRequest) => Promise<unknown>;
  /** The commands a sub-process step may start (their names). @default a free text */
  commandNames?: readonly string[];
  labels?: Partial<CommandDesignerLabels>;
}

/**
 * The process command designer: the command's fields and its steps in the order they run (add a
 * step of any kind, move by keyboard or buttons, remove), the selected step's properties by kind.
 * The draft is checked with the server's schema as it changes, each problem shown at its step;
 * Publish sends it with a change note through `onPublish`. A new version changes only processes
 * created after it.
 */
export function CommandDesigner(props: CommandDesignerProps) {
  const L = { ...useOnDemandTexts('commandDesigner', COMMAND_DESIGNER_LABELS), ...props.labels };
  const [draft, setDraftState] = useState<CommandDraft>(() => draftFromCommand(props.command));
  const [selected, setSelected] = useState<string>(COMMAND_KEY);
  const [serverProblems, setServerProblems] = useState<DraftProblem[]>([]);
  const flow = usePublishFlow();

  const localProblems = useMemo(() => commandDraftProblems(draft), [draft]);
  const problems = useMemo(() => [...localProblems, ...serverProblems], [localProblems, serverProblems]);

  // An edit makes the server's verdict on the sent draft stale.
  const { onEdit } = flow;
  const setDraft = useCallback(
    (next: CommandDraft) => {
      setDraftState(next);
      setServerProblems([]);
      onEdit();
    },
    [onEdit],
  );

  const publish = () => {
    const sent = draft;
    void flow.publish({
      problemCount: localProblems.length,
      send: (changeNote) => props.onPublish({ command: draftToCommand(sent), changeNote }),
      onIssues: (issues) => setServerProblems(commandProblemsFromIssues(sent, issues)),
    });
  };

  const add = (kind: Parameters<typeof addCommandStep>[1]) => {
    // After the selected step, or at the end.
    const at = draft.steps.findIndex((item) => item.id === selected);
    const result = addCommandStep(draft, kind, at < 0 ? draft.steps.length : at + 1, {
      baseName: L.newStepName,
      commandNames: props.commandNames ?? [],
    });
    setDraft(result.draft);
    setSelected(result.id);
  };

  const remove = () => {
    const at = draft.steps.findIndex((item) => item.id === selected);
    if (at < 0) return;
    const next = removeCommandStep(draft, selected);
    setDraft(next);
    // The selection goes to the step that took its place, or the one before, or the command.
    setSelected(next.steps[Math.min(at, next.steps.length - 1)]?.id ?? COMMAND_KEY);
  };

  return (
    <div className="procedo-Designer procedo-CommandDesigner">
      <h2 className="procedo-Designer-title">{L.title(draft.command.Name)}</h2>
      <div className="procedo-Designer-panes">
        <StepList
          draft={draft}
          selected={selected}
          onSelect={setSelected}
          onAdd={add}
          onMove={(id, direction) => setDraft(moveCommandStep(draft, id, direction))}
          onRemove={remove}
          problems={problems}
          labels={L}
        />
        <StepPanel
          draft={draft}
          selected={selected}
          problems={problems}
          onCommandChange={(patch) => setDraft(updateCommand(draft, patch))}
          onStepChange={(id, patch) => setDraft(updateCommandStep(draft, id, patch))}
          onProceedsTo={(id, target) => setDraft(setProceedsTo(draft, id, target))}
          commandNames={props.commandNames}
          labels={L}
        />
      </div>
      <PublishBar flow={flow} problemCount={problems.length} onPublish={publish} labels={L} />
    </div>
  );
}
