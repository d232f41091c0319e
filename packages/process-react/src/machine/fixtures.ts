import type { StepResult } from '@procedo/client-api';

/**
 * A step result with every field unset, for tests and stories; `patch` sets what the case needs.
 * Not exported from the package.
 */
export function stepResult(patch: Partial<StepResult> = {}): StepResult {
  return {
    ProcessId: 7,
    ParentProcessId: null,
    StepId: 70,
    StepName: 'Approve order',
    Hint: null,
    BreadCrumbHtml: null,
    ProceedToStepId: null,
    CancelProceed: false,
    ToastMessage: null,
    AlertMessage: null,
    IsCompleted: false,
    IsCompletion: false,
    Script: null,
    ConfirmRequired: false,
    Confirmed: false,
    ConfirmMessage: null,
    ConfirmResult: null,
    PromptRequired: false,
    Prompted: false,
    PromptMessage: null,
    PromptSuggestion: null,
    PromptResult: null,
    UrlToOpen: null,
    UrlToOpenTarget: null,
    AppRootUrl: '/',
    CompletionConfirmRequired: false,
    CompletionConfirmed: false,
    CompletionConfirmResult: null,
    CompletionPromptRequired: false,
    CompletionPrompted: false,
    CompletionPromptMessage: null,
    CompletionPromptSuggestion: null,
    CompletionPromptResult: null,
    ActionState: 'phase-1',
    ActionStateBag: null,
    ...patch,
  };
}
