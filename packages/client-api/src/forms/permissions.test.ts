import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allNames, anyPermissionsFor, anyTabbedForm, deviationForm } from '../../test/rules-fixtures';
import type { ElementPermission } from '../v1/form-schemas';
import { effectivePermissions, permissionEditorRows } from './permissions';

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

describe('permissionEditorRows', () => {
  it('lists a strip, its tabs and their elements in form order, with what a tab passes on', () => {
    const rows = permissionEditorRows(deviationForm, [permission('More', true, false)]);
    expect(rows.map((row) => [row.Name, row.Depth])).toEqual(
      allNames(deviationForm).map((name) => [name, expect.any(Number)]),
    );
    const capa = rows.find((row) => row.Name === 'Capa');
    expect(capa?.Depth).toBe(2);
    expect(capa?.Inherited).toEqual({ Hidden: true, Locked: false, From: 'More' });
    expect(rows.find((row) => row.Name === 'More')?.Inherited).toBeNull();
    expect(rows.find((row) => row.Name === 'Title')?.Inherited).toBeNull();
  });

  it('agrees with effectivePermissions: own flags or inherited ones give exactly the enforced access', () => {
    fc.assert(
      fc.property(
        anyTabbedForm.chain((form) => fc.tuple(fc.constant(form), anyPermissionsFor(form))),
        ([form, permissions]) => {
          const access = effectivePermissions(form, permissions);
          const own = new Map(permissions.map((p) => [p.NAME, p]));
          for (const row of permissionEditorRows(form, permissions)) {
            const hidden = Boolean(own.get(row.Name)?.ElementHidden || row.Inherited?.Hidden);
            const locked = Boolean(own.get(row.Name)?.ElementLocked || row.Inherited?.Locked);
            expect({ hidden, locked }).toEqual(access.get(row.Name) ?? { hidden: false, locked: false });
          }
        },
      ),
    );
  });
});
