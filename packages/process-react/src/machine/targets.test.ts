import { describe, expect, it } from 'vitest';
import { parseScriptAction, SCRIPT_ACTIONS } from './script-actions';
import {
  classifyStepTarget,
  completionHref,
  flowHomeHref,
  stepIdFromUrl,
  stepOpenTarget,
  stepPageHref,
} from './targets';

describe('step targets (spec §2)', () => {
  it.each([
    ['', 'dialog'],
    [null, 'dialog'],
    ['_dialog', 'dialog'],
    ['orders_dialog', 'dialog'],
    ['_top', 'top'],
    ['_parent', 'parent'],
    ['_self', 'self'],
    ['_tab', 'tab'],
    ['_tab_orders', 'tab'],
    ['_blank', 'window'],
    ['_blank_report', 'window'],
    ['sidebar', 'frame'],
    [' _TOP ', 'top'],
  ] as const)('%j opens as %s', (target, kind) => {
    expect(classifyStepTarget(target)).toBe(kind);
  });

  it('hands an empty target to the form opener as _dialog', () => {
    expect(stepOpenTarget('')).toBe('_dialog');
    expect(stepOpenTarget(null)).toBe('_dialog');
    expect(stepOpenTarget('_tab_x')).toBe('_tab_x');
  });
});

describe('where a finished run goes (spec §4, §6)', () => {
  it('builds the flow home page and the step page', () => {
    expect(flowHomeHref(12)).toBe('/apps/flow/home/flow?id=12');
    expect(flowHomeHref(12, 99)).toBe('/apps/flow/home/flow?id=12&stepid=99');
    expect(stepPageHref(12)).toBe('/apps/flow/step/?id=12');
  });

  it('sends supervisors to the flow home page and others to the step page', () => {
    expect(completionHref({ processId: 3, stepId: 30, isSupervisor: true })).toBe(
      '/apps/flow/home/flow?id=3&stepid=30',
    );
    expect(completionHref({ processId: 3, stepId: 30, isSupervisor: false })).toBe('/apps/flow/step/?id=3');
  });

  it('reads a_step_id from a page URL', () => {
    expect(stepIdFromUrl('/form?WebTemplateNo=1&a_step_id=44')).toBe(44);
    expect(stepIdFromUrl('http://x/form?a_step_id=abc')).toBeNull();
    expect(stepIdFromUrl('/form?WebTemplateNo=1')).toBeNull();
    expect(stepIdFromUrl('/form?a_step_id=0')).toBeNull();
  });
});

describe('script actions', () => {
  it('accepts only the named actions', () => {
    for (const name of SCRIPT_ACTIONS) expect(parseScriptAction(` ${name} `)).toBe(name);
    expect(parseScriptAction('alert(1)')).toBeNull();
    expect(parseScriptAction('refresh; alert(1)')).toBeNull();
    expect(parseScriptAction('window.location="//evil"')).toBeNull();
    expect(parseScriptAction(null)).toBeNull();
  });
});
