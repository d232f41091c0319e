import type { CommandDefinition, StepDefinition } from '../v1/process-command-schemas';
import { keptInOrder, same } from './diff';

/** How a step (or a command property) differs between two versions of a command. */
export type CommandStepChangeKind = 'added' | 'removed' | 'changed' | 'moved';

/** One difference between two versions of a command (the designer API's `Changes`). */
export interface CommandStepChange {
  /** The step's `name`, or the command property (`Description`, `OpenFlow`…). */
  Path: string;
  Change: CommandStepChangeKind;
  /** The step property that changed (`hint`, `url`, `confirm`…), for `changed` on a step. */
  Property?: string;
  /** The old value: the step removed, the property's old value, or the old position when moved. */
  Before?: unknown;
  /** The new value: the step added, the property's new value, or the new position when moved. */
  After?: unknown;
}

const byName = (steps: readonly StepDefinition[]) =>
  new Map(steps.map((step, position) => [step.name, { step, position }]));

/**
 * The differences from command `a` to `b`, step by step (by `name`, unique in a command): command
 * properties first, then the steps of `b` in order (added, changed per property, moved: out of
 * the order the steps common to both keep), then those removed in `a`'s order. `diffCommandSteps(a, a)`
 * is empty. Pure: the server's diff of two stored versions and a designer's diff of a draft agree.
 */
export function diffCommandSteps(a: CommandDefinition, b: CommandDefinition): CommandStepChange[] {
  const changes: CommandStepChange[] = [];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('Steps');
  for (const key of keys) {
    const before = (a as Record<string, unknown>)[key];
    const after = (b as Record<string, unknown>)[key];
    if (!same(before, after)) changes.push({ Path: key, Change: 'changed', Before: before, After: after });
  }

  const from = byName(a.Steps);
  const to = byName(b.Steps);
  const common = (steps: readonly StepDefinition[], other: Map<string, unknown>) =>
    steps.map((step) => step.name).filter((name) => other.has(name));
  const kept = keptInOrder(common(a.Steps, to), common(b.Steps, from));

  for (const [name, { step, position }] of to) {
    const old = from.get(name);
    if (!old) {
      changes.push({ Path: name, Change: 'added', After: step });
      continue;
    }
    const before = old.step as Record<string, unknown>;
    const after = step as Record<string, unknown>;
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!same(before[key], after[key])) {
        changes.push({
          Path: name,
          Change: 'changed',
          Property: key,
          Before: before[key],
          After: after[key],
        });
      }
    }
    if (!kept.has(name)) changes.push({ Path: name, Change: 'moved', Before: old.position, After: position });
  }
  for (const [name, { step }] of from) {
    if (!to.has(name)) changes.push({ Path: name, Change: 'removed', Before: step });
  }
  return changes;
}
