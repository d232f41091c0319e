export type { ConfirmDialogProps } from './components/ConfirmDialog';
export { ConfirmDialog } from './components/ConfirmDialog';
export type { DetailPageCompletionProps } from './components/DetailPageCompletion';
export { DetailPageCompletion } from './components/DetailPageCompletion';
export type { ProcessBreadcrumbsProps } from './components/ProcessBreadcrumbs';
export { ProcessBreadcrumbs } from './components/ProcessBreadcrumbs';
export type { ProcessCommandProps } from './components/ProcessCommand';
export { ProcessCommand } from './components/ProcessCommand';
export type { ProcessStepsProps } from './components/ProcessSteps';
export { ProcessSteps } from './components/ProcessSteps';
export type { StepEndedProps } from './components/StepEnded';
export { StepEnded } from './components/StepEnded';
export { httpStatusText, isHttpFailure, processErrorText } from './errors';
export type { ProcessRunner, RunStepTarget, StartProcessOptions } from './hooks/runner-context';
export { useProcessRunner } from './hooks/useProcessRunner';
export { PROCESS_TEXTS, type ProcessLabels, type ProcessTexts, useProcessTexts } from './i18n/texts';
export { PROCESS_LABELS, STEP_KIND_LABELS, STEP_STATE_LABELS } from './labels';
export { runnableStep } from './machine/runnable-step';
export type { ScriptAction } from './machine/script-actions';
export { parseScriptAction, SCRIPT_ACTIONS } from './machine/script-actions';
export type {
  RunnableStep,
  StepCall,
  StepDialog,
  StepEffect,
  StepEvent,
  StepMachineState,
  StepPhase,
  StepQuestion,
} from './machine/step-machine';
export { initialStepMachineState, isFlagSet, transition } from './machine/step-machine';
export type { StepTargetKind } from './machine/targets';
export {
  classifyStepTarget,
  completionHref,
  flowHomeHref,
  stepIdFromUrl,
  stepOpenTarget,
  stepPageHref,
} from './machine/targets';
export type { ProcessRunnerProviderProps, ProcessRunnerWindow } from './ProcessRunnerProvider';
export { ProcessRunnerProvider, preloadProcessRunner } from './ProcessRunnerProvider';
export type { PickListScreenProps } from './runners/PickListScreen';
export { PickListScreen } from './runners/PickListScreen';
export type { ReportDocumentScreenProps } from './runners/ReportDocumentScreen';
export { ReportDocumentScreen } from './runners/ReportDocumentScreen';
export type { StepRunErrorProps } from './runners/StepRunError';
export { StepRunError } from './runners/StepRunError';
export type { StepFrameMessage, StepRunner, StepRunnerEnvironment } from './runners/step-runner';
export { createStepRunner, isStepFrameMessage, STEP_FRAME_MESSAGES } from './runners/step-runner';

/** The package version. */
export const version = '0.1.0';
