import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyPermissionsFor, anyTabbedForm, deviationForm } from '../../test/rules-fixtures';
import type { ElementPermission } from '../v1/form-schemas';
import { effectivePermissions } from './permissions';

const permission = (NAME: string, hidden: boolean, locked: boolean): ElementPermission => ({
  NAME,
  ElementHidden: hidden,
  ElementLocked: locked,
});

describe('effectivePermissions', () => {
  it('lets a later entry for the same element override an earlier one (user over profile)', () => {
    const access = effectivePermissions(deviationForm, [
      permission('Title', true, false),
      permission('Title', false, true),
    ]);
    expect(access.get('Title')).toEqual({ hidden: false, locked: true });
  });

  it('passes a hidden strip or tab on to its tabs and their elements, keeping their own flags', () => {
    const hidden = effectivePermissions(deviationForm, [permission('Tabs', true, false)]);
    expect(hidden.get('More')).toEqual({ hidden: true, locked: false });
    expect(hidden.get('Capa')).toEqual({ hidden: true, locked: false });
    const locked = effectivePermissions(deviationForm, [
      permission('More', false, true),
      permission('Cost', true, false),
    ]);
    expect(locked.get('Capa')).toEqual({ hidden: false, locked: true });
    expect(locked.get('Cost')).toEqual({ hidden: true, locked: true });
    expect(locked.get('Title')).toBeUndefined();
  });

  it('gives the same answer applied to its own answer, so the client may apply it to the server list', () => {
    fc.assert(
      fc.property(
        anyTabbedForm.chain((form) => fc.tuple(fc.constant(form), anyPermissionsFor(form))),
        ([form, permissions]) => {
          const once = effectivePermissions(form, permissions);
          const asList = [...once].map(([name, access]) => permission(name, access.hidden, access.locked));
          expect(effectivePermissions(form, asList)).toEqual(once);
        },
      ),
    );
  });

  it('hides every element of a hidden tab and never clears a flag an element has itself', () => {
    fc.assert(
      fc.property(
        anyTabbedForm.chain((form) => fc.tuple(fc.constant(form), anyPermissionsFor(form))),
        ([form, permissions]) => {
          const access = effectivePermissions(form, permissions);
          const last = new Map(permissions.map((p) => [p.NAME, p]));
          for (const [name, own] of last) {
            if (own.ElementHidden) expect(access.get(name)?.hidden).toBe(true);
            if (own.ElementLocked) expect(access.get(name)?.locked).toBe(true);
          }
          for (const element of form.Elements) {
            if (element.Kind !== 'tabs') continue;
            for (const tab of element.Tabs) {
              if (!access.get(tab.Name)?.hidden) continue;
              for (const child of tab.Elements) expect(access.get(child.Name)?.hidden).toBe(true);
            }
          }
        },
      ),
    );
  });
});
