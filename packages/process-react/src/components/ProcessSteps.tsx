import type { Process, ProcessStep } from '@procedo/client-api';
import { useId } from 'react';
import { Button } from 'react-aria-components';
import { useProcessRunner } from '../hooks/useProcessRunner';
import { useProcessTexts } from '../i18n/texts';
import { runnableStep } from '../machine/runnable-step';

/** Props of {@link ProcessSteps}. */
export interface ProcessStepsProps {
  /** The process with its steps (`GET process/{id}`). */
  process: Process;
  /**
   * The step shown as selected (the flow home page's `stepid`), besides the current one.
   * @default none
   */
  selectedStepId?: number | null;
  /**
   * Whether the Reset process button shows.
   * @default true
   */
  canResetProcess?: boolean;
  /**
   * Formats a completion time (ISO UTC).
   * @default the user's locale, date and time
   */
  formatTime?: (iso: string) => string;
}

const defaultFormatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function StepRow({
  process,
  step,
  isSelected,
  canRun,
  formatTime,
  readOnlyId,
}: {
  process: Process;
  step: ProcessStep;
  isSelected: boolean;
  /** The id of the read-only reason, when the process cannot be changed. */
  readOnlyId: string | undefined;
  /** Whether this is the step the user can run now ({@link runnableStep}). */
  canRun: boolean;
  formatTime: (iso: string) => string;
}) {
  const texts = useProcessTexts();
  const PROCESS_LABELS = texts.process;
  const STEP_KIND_LABELS = texts.stepKinds;
  const STEP_STATE_LABELS = texts.stepStates;
  const runner = useProcessRunner();
  const isCurrent = process.CurrentStepId === step.Id;
  const canReset = step.State !== 'waiting';
  const readOnly = runner.readOnlyReason !== null;
  // Off while a timepoint is viewed; the reason shown above the steps describes each button.
  const why = readOnly ? { 'aria-describedby': readOnlyId, 'data-read-only': true } : {};
  return (
    <tr
      className="procedo-ProcessSteps-row"
      data-state={step.State}
      data-current={isCurrent ? 'true' : undefined}
      data-selected={isSelected ? 'true' : undefined}
      aria-current={isCurrent ? 'step' : undefined}
    >
      <th scope="row">
        {step.StepName}
        {isCurrent && <span className="procedo-ProcessSteps-current"> ({PROCESS_LABELS.currentStep})</span>}
        {step.Hint && <div className="procedo-Field-hint">{step.Hint}</div>}
      </th>
      <td>{STEP_KIND_LABELS[step.StepKind]}</td>
      <td>{STEP_STATE_LABELS[step.State]}</td>
      <td>
        {step.CompletedAtUtc ? (
          <time dateTime={step.CompletedAtUtc}>
            {formatTime(step.CompletedAtUtc)}
            {step.CompletedBy ? ` · ${step.CompletedBy}` : ''}
          </time>
        ) : null}
      </td>
      <td>
        <div className="procedo-ProcessSteps-actions">
          <Button
            className="procedo-Button"
            data-variant="primary"
            aria-label={`${PROCESS_LABELS.run} ${step.StepName}`}
            isDisabled={!canRun || runner.busy || readOnly}
            {...why}
            onPress={() =>
              runner.runStep(process.Id, { Id: step.Id, Name: step.StepName, StepKind: step.StepKind })
            }
          >
            {PROCESS_LABELS.run}
          </Button>
          <Button
            className="procedo-Button"
            aria-label={`${PROCESS_LABELS.resetStep} ${step.StepName}`}
            isDisabled={!canReset || runner.busy || readOnly}
            {...why}
            onPress={() => void runner.resetStep(step.Id)}
          >
            {PROCESS_LABELS.resetStep}
          </Button>
          <Button
            className="procedo-Button"
            aria-label={`${PROCESS_LABELS.resetChain} ${step.StepName}`}
            isDisabled={!canReset || runner.busy || readOnly}
            {...why}
            onPress={() => void runner.resetStepChain(step.Id)}
          >
            {PROCESS_LABELS.resetChain}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/**
 * A process's steps in order with their kind, state and completion, the current step marked
 * (`aria-current="step"`), and per step Run (the active step of an open process, or the first step of
 * one created with mode 0), Reset step and
 * Reset chain; Reset process above. A table with a caption and row headers, so screen readers
 * announce the step with each button.
 */
export function ProcessSteps({
  process,
  selectedStepId = null,
  canResetProcess = true,
  formatTime = defaultFormatTime,
}: ProcessStepsProps) {
  const PROCESS_LABELS = useProcessTexts().process;
  const runner = useProcessRunner();
  const steps = [...process.AllSteps].sort((a, b) => a.Position - b.Position);
  const runnableId = runnableStep(process)?.Id;
  const reasonId = useId();
  const readOnlyId = runner.readOnlyReason === null ? undefined : reasonId;
  return (
    <div
      className="procedo-ProcessSteps"
      data-state={process.State}
      data-read-only={readOnlyId ? true : undefined}
    >
      {readOnlyId && (
        <p id={readOnlyId} className="procedo-ProcessSteps-readOnly">
          {runner.readOnlyReason}
        </p>
      )}
      {canResetProcess && (
        <div className="procedo-ProcessSteps-toolbar">
          <Button
            className="procedo-Button"
            isDisabled={runner.busy || readOnlyId !== undefined}
            {...(readOnlyId
              ? {
                  'aria-describedby': readOnlyId,
                  'data-read-only': true,
                }
              : {})}
            onPress={() => void runner.resetProcess(process.Id)}
          >
            {PROCESS_LABELS.resetProcess}
          </Button>
        </div>
      )}
      <table className="procedo-ProcessSteps-table">
        <caption>
          {PROCESS_LABELS.steps}: {process.Name}
        </caption>
        <thead>
          <tr>
            <th scope="col">{PROCESS_LABELS.step}</th>
            <th scope="col">{PROCESS_LABELS.kind}</th>
            <th scope="col">{PROCESS_LABELS.state}</th>
            <th scope="col">{PROCESS_LABELS.completed}</th>
            <th scope="col">{PROCESS_LABELS.actions}</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <StepRow
              key={step.Id}
              process={process}
              step={step}
              isSelected={selectedStepId === step.Id}
              canRun={step.Id === runnableId}
              formatTime={formatTime}
              readOnlyId={readOnlyId}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
