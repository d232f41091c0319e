// @vitest-environment jsdom
import { FormDefinitionSchema } from '@procedo/client-api';
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormRenderer } from '../form/components/FormRenderer';
import { createFormStore } from '../form/state/form-store';
import {
  addElement,
  addTab,
  allNodes,
  allTabs,
  type DraftParent,
  draftFromDefinition,
  draftToDefinition,
  ELEMENT_KINDS,
  type FormDraft,
  removeElement,
  updateProperties,
} from './draft';
import { dropMove, moveElement, moveStep } from './draft-moves';
import { draftProblems } from './draft-problems';
import { SUPPLIER_FORM } from './fixtures';

afterEach(cleanup);

/** A designer operation; the numbers pick among what the draft has when it runs. */
type Operation =
  | { op: 'add'; kind: number; parent: number; index: number }
  | { op: 'addTab'; strip: number }
  | { op: 'step'; target: number; up: boolean }
  | { op: 'move'; target: number; parent: number; index: number }
  | { op: 'drop'; target: number; over: number; position: 'before' | 'after' | 'on' }
  | { op: 'remove'; target: number }
  | { op: 'update'; target: number; patch: Record<string, unknown> };

const structural: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), kind: fc.nat(), parent: fc.nat(), index: fc.nat(20) }),
  fc.record({ op: fc.constant('addTab' as const), strip: fc.nat() }),
  fc.record({ op: fc.constant('step' as const), target: fc.nat(), up: fc.boolean() }),
  fc.record({ op: fc.constant('move' as const), target: fc.nat(), parent: fc.nat(), index: fc.nat(20) }),
  fc.record({
    op: fc.constant('drop' as const),
    target: fc.nat(),
    over: fc.nat(),
    position: fc.constantFrom('before' as const, 'after' as const, 'on' as const),
  }),
  fc.record({ op: fc.constant('remove' as const), target: fc.nat() }),
);

// Values a designer can type into the property panel, valid and not.
const patch = fc.oneof(
  fc.record({ Label: fc.string({ maxLength: 30 }) }),
  fc.record({ Name: fc.constantFrom('Name', 'Country', 'Fresh', '1bad', '', 'Status') }),
  fc.record({ IsMandatory: fc.option(fc.boolean(), { nil: undefined }) }),
  fc.record({ IsAudit: fc.option(fc.boolean(), { nil: undefined }) }),
  fc.record({ MaxLength: fc.option(fc.integer({ min: -5, max: 300 }), { nil: undefined }) }),
  fc.record({ MinLength: fc.option(fc.integer({ min: -2, max: 30 }), { nil: undefined }) }),
  fc.record({ Min: fc.option(fc.integer({ min: -10, max: 10 }), { nil: undefined }) }),
  fc.record({ DependsOn: fc.array(fc.constantFrom('Name', 'Country', 'Missing'), { maxLength: 2 }) }),
  fc.record({ Kind: fc.constantFrom(...ELEMENT_KINDS) }),
  fc.record({
    Options: fc.array(fc.record({ Value: fc.string({ maxLength: 5 }), Label: fc.string({ maxLength: 5 }) }), {
      maxLength: 3,
    }),
  }),
);
const anyOperation: fc.Arbitrary<Operation> = fc.oneof(
  structural,
  fc.record({ op: fc.constant('update' as const), target: fc.nat(), patch }),
);

function apply(draft: FormDraft, operation: Operation): FormDraft {
  const nodes = allNodes(draft).map((entry) => entry.node.id);
  const targets = [...nodes, ...allTabs(draft).map((entry) => entry.tab.id)];
  const parents: DraftParent[] = [null, ...allTabs(draft).map((entry) => entry.tab.id)];
  const pick = <T,>(list: readonly T[], n: number): T | undefined => list[n % Math.max(1, list.length)];
  switch (operation.op) {
    case 'add':
      return addElement(
        draft,
        pick(ELEMENT_KINDS, operation.kind)!,
        pick(parents, operation.parent)!,
        operation.index,
      ).draft;
    case 'addTab': {
      const strips = draft.nodes.filter((node) => node.tabs).map((node) => node.id);
      const strip = pick(strips, operation.strip);
      return strip ? addTab(draft, strip).draft : draft;
    }
    case 'step': {
      const target = pick(targets, operation.target);
      return target ? moveStep(draft, target, operation.up ? 'up' : 'down') : draft;
    }
    case 'move': {
      const target = pick(nodes, operation.target);
      return target ? moveElement(draft, target, pick(parents, operation.parent)!, operation.index) : draft;
    }
    case 'drop': {
      const target = pick(targets, operation.target);
      const over = pick(targets, operation.over);
      return target && over ? dropMove(draft, target, over, operation.position) : draft;
    }
    case 'remove': {
      const target = pick(targets, operation.target);
      return target ? removeElement(draft, target) : draft;
    }
    case 'update': {
      const target = pick(targets, operation.target);
      return target ? updateProperties(draft, target, operation.patch) : draft;
    }
  }
}

class Boundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

describe('any sequence of designer operations', () => {
  it('adding, moving (a step, to a place, by a drop) and removing keeps the definition valid while it has an element', () => {
    fc.assert(
      fc.property(fc.array(structural, { maxLength: 40 }), (operations) => {
        let draft = draftFromDefinition(SUPPLIER_FORM);
        for (const operation of operations) {
          draft = apply(draft, operation);
          const problems = draftProblems(draft);
          if (draft.nodes.length > 0) expect(problems).toEqual([]);
          else expect(problems.every((problem) => problem.id === null)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('with property edits: an empty draftProblems means the schema passes and FormRenderer renders it', () => {
    fc.assert(
      fc.property(fc.array(anyOperation, { maxLength: 25 }), (operations) => {
        let draft = draftFromDefinition(SUPPLIER_FORM);
        for (const operation of operations) draft = apply(draft, operation);
        const definition = draftToDefinition(draft);
        const problems = draftProblems(draft);
        const parsed = FormDefinitionSchema.safeParse(definition);
        // Every schema issue is a problem, so the schema fails only when problems are reported.
        if (!parsed.success) expect(problems.length).toBeGreaterThan(0);
        if (problems.length > 0) return;
        expect(parsed.success).toBe(true);
        const errors: unknown[] = [];
        const store = createFormStore({ definition });
        const view = render(
          <Boundary onError={(error) => errors.push(error)}>
            <FormRenderer store={store} />
          </Boundary>,
        );
        expect(errors).toEqual([]);
        expect(view.container.querySelector('form, .procedo-Form')).not.toBeNull();
        view.unmount();
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
