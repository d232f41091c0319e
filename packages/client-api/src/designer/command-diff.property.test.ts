import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandDefinition, StepDefinition } from '../v1/process-command-schemas';
import { diffCommandSteps } from './command-diff';

const action = (name: string, hint: string): StepDefinition => ({ name, kind: 'action', hint });
const command = (Steps: StepDefinition[]): CommandDefinition => ({
  Name: 'Supplier onboarding',
  Description: 'Onboard a supplier',
  OpenFlow: true,
  Start: true,
  AskName: false,
  Steps,
});

/** Steps named S0…Sn with hints. */
const steps = fc
  .array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 12 })
  .map((hints) => hints.map((hint, i) => action(`S${i}`, `H${hint}`)));

describe('diffCommandSteps', () => {
  it('finds nothing between a command and itself (or a copy of it)', () => {
    fc.assert(
      fc.property(steps, (list) => {
        const a = command(list);
        expect(diffCommandSteps(a, a)).toEqual([]);
        expect(diffCommandSteps(a, structuredClone(a))).toEqual([]);
      }),
    );
  });

  it('names exactly the steps removed, added and re-hinted, and nothing as moved', () => {
    fc.assert(
      fc.property(
        steps,
        fc.array(fc.constantFrom('remove', 'rehint', 'keep'), { minLength: 12, maxLength: 12 }),
        fc.array(fc.nat(20), { maxLength: 5 }),
        (list, actions, additions) => {
          const removed: string[] = [];
          const rehinted: string[] = [];
          const after: StepDefinition[] = [];
          list.forEach((step, i) => {
            const what = actions[i];
            if (what === 'remove') removed.push(step.name);
            else if (what === 'rehint') {
              rehinted.push(step.name);
              after.push({ ...step, hint: `${step.hint} (new)` });
            } else after.push(step);
          });
          const added: string[] = [];
          additions.forEach((at, i) => {
            added.push(`New${i}`);
            after.splice(Math.min(at, after.length), 0, action(`New${i}`, 'New'));
          });
          const changes = diffCommandSteps(command(list), command(after));
          const named = (kind: string) =>
            changes
              .filter((c) => c.Change === kind)
              .map((c) => c.Path)
              .sort();
          expect(named('removed')).toEqual([...removed].sort());
          expect(named('added')).toEqual([...added].sort());
          expect(named('changed')).toEqual([...rehinted].sort());
          expect(changes.filter((c) => c.Change === 'changed').every((c) => c.Property === 'hint')).toBe(
            true,
          );
          expect(named('moved')).toEqual([]);
        },
      ),
    );
  });

  it('names as moved only steps out of the order kept by the rest, for any reordering', () => {
    fc.assert(
      fc.property(
        steps.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        ([list, shuffled]) => {
          const changes = diffCommandSteps(command(list), command(shuffled));
          expect(changes.every((c) => c.Change === 'moved')).toBe(true);
          const moved = new Set(changes.map((c) => c.Path));
          // The steps not moved keep their relative order (a longest common subsequence).
          const stay = (order: StepDefinition[]) => order.map((s) => s.name).filter((n) => !moved.has(n));
          expect(stay(shuffled)).toEqual(stay(list));
          for (const change of changes) {
            expect(change.Before).toBe(list.findIndex((s) => s.name === change.Path));
            expect(change.After).toBe(shuffled.findIndex((s) => s.name === change.Path));
          }
          if (shuffled.every((s, i) => s.name === list[i]?.name)) expect(changes).toEqual([]);
        },
      ),
    );
  });

  it('names a command property change and a step kind change with their values', () => {
    const a = command([action('Check', 'h')]);
    const b = {
      ...command([{ name: 'Check', kind: 'report-document', hint: 'h' } as StepDefinition]),
      OpenFlow: false,
    };
    expect(diffCommandSteps(a, b)).toEqual([
      { Path: 'OpenFlow', Change: 'changed', Before: true, After: false },
      { Path: 'Check', Change: 'changed', Property: 'kind', Before: 'action', After: 'report-document' },
    ]);
  });
});
