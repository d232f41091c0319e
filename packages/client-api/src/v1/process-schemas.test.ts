import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { FlagSchema, StepResultSchema, StepRunRequestSchema } from './process-schemas';

const result = {
  ProcessId: 1,
  ParentProcessId: null,
  StepId: 2,
  StepName: 'Confirm',
  Hint: null,
  BreadCrumbHtml: null,
  ProceedToStepId: null,
  CancelProceed: false,
  ToastMessage: null,
  AlertMessage: null,
  IsCompleted: '0',
  IsCompletion: 0,
  Script: null,
  ConfirmRequired: '1',
  Confirmed: false,
  ConfirmMessage: 'Go on?',
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
  ActionState: 'confirm:1',
  ActionStateBag: null,
};

describe('process wire schemas', () => {
  it("reads a flag value '0' as false and '1' as true (spec §4)", () => {
    expect(z.parse(FlagSchema, '0')).toBe(false);
    expect(z.parse(FlagSchema, 0)).toBe(false);
    expect(z.parse(FlagSchema, '')).toBe(false);
    expect(z.parse(FlagSchema, 'false')).toBe(false);
    expect(z.parse(FlagSchema, '1')).toBe(true);
    expect(z.parse(FlagSchema, true)).toBe(true);
    expect(z.safeParse(FlagSchema, 'yes').success).toBe(false);
  });

  it('reads a step result with string flags as booleans', () => {
    const parsed = z.parse(StepResultSchema, result);
    expect(parsed.IsCompleted).toBe(false);
    expect(parsed.ConfirmRequired).toBe(true);
  });

  it('takes null or a partial previous result as a run body, and refuses unknown fields', () => {
    expect(z.parse(StepRunRequestSchema, null)).toBeNull();
    expect(z.parse(StepRunRequestSchema, { Confirmed: true, ConfirmResult: '0' })).toEqual({
      Confirmed: true,
      ConfirmResult: false,
    });
    expect(z.safeParse(StepRunRequestSchema, { ...result, Extra: 1 }).success).toBe(false);
  });
});
