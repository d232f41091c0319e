import type { ElementPermission, FormDefinition } from '../v1/form-schemas';

/** What a user may do with one element. */
export interface ElementAccess {
  /** Not shown, no value, never sent. */
  readonly hidden: boolean;
  /** Shown, not changeable. */
  readonly locked: boolean;
}

/**
 * Spec §3 element permissions as they apply to each element of a form, the one rule of the server
 * (which enforces them) and the form (which shows them):
 *
 * - a later entry for the same element overrides an earlier one (the server lists the profile's
 *   entries before the user's, so a user-level entry wins);
 * - a hidden or locked tab strip makes its tabs and their elements hidden or locked, and a hidden
 *   or locked tab its elements; an element's own flags are kept.
 *
 * Applying it to its own result gives the same result, so a client may apply it to the effective
 * list the server sends (`FormResponse.Permissions`).
 *
 * @example effectivePermissions(form.Definition, form.Permissions).get('Rating')?.locked
 */
export function effectivePermissions(
  definition: FormDefinition,
  permissions: Iterable<ElementPermission>,
): Map<string, ElementAccess> {
  const direct = new Map<string, ElementAccess>();
  for (const permission of permissions) {
    direct.set(permission.NAME, { hidden: permission.ElementHidden, locked: permission.ElementLocked });
  }
  const effective = new Map(direct);
  for (const element of definition.Elements) {
    if (element.Kind !== 'tabs') continue;
    const strip = direct.get(element.Name);
    for (const tab of element.Tabs) {
      const own = direct.get(tab.Name);
      const inherited: ElementAccess = {
        hidden: Boolean(strip?.hidden || own?.hidden),
        locked: Boolean(strip?.locked || own?.locked),
      };
      if (!inherited.hidden && !inherited.locked) continue;
      effective.set(tab.Name, inherited);
      for (const child of tab.Elements) {
        const mine = effective.get(child.Name);
        effective.set(child.Name, {
          hidden: inherited.hidden || Boolean(mine?.hidden),
          locked: inherited.locked || Boolean(mine?.locked),
        });
      }
    }
  }
  return effective;
}

/** One named element of a form as the permissions editor lists it (form order). */
export interface PermissionEditorRow {
  readonly Name: string;
  readonly Label: string;
  /** The element's kind; `tab` for a tab of a tab strip. */
  readonly Kind: string;
  /** 0 for the form's own elements, 1 for a strip's tabs, 2 for the elements inside a tab. */
  readonly Depth: number;
  /** What a tab or tab strip around the element passes on to it, or `null` when nothing is. */
  readonly Inherited: { readonly Hidden: boolean; readonly Locked: boolean; readonly From: string } | null;
}

/**
 * The named elements of a form in form order (a strip, its tabs, each tab's elements), each with
 * what a hidden or locked strip or tab passes on to it under `permissions` — the same rule as
 * {@link effectivePermissions}, so the editor shows what the server enforces.
 */
export function permissionEditorRows(
  definition: FormDefinition,
  permissions: Iterable<ElementPermission>,
): PermissionEditorRow[] {
  const direct = new Map<string, ElementPermission>();
  for (const permission of permissions) direct.set(permission.NAME, permission);
  const passed = (name: string) => {
    const own = direct.get(name);
    return { hidden: Boolean(own?.ElementHidden), locked: Boolean(own?.ElementLocked) };
  };
  const rows: PermissionEditorRow[] = [];
  for (const element of definition.Elements) {
    rows.push({ Name: element.Name, Label: element.Label, Kind: element.Kind, Depth: 0, Inherited: null });
    if (element.Kind !== 'tabs') continue;
    const strip = passed(element.Name);
    for (const tab of element.Tabs) {
      rows.push({
        Name: tab.Name,
        Label: tab.Label,
        Kind: 'tab',
        Depth: 1,
        Inherited:
          strip.hidden || strip.locked
            ? { Hidden: strip.hidden, Locked: strip.locked, From: element.Name }
            : null,
      });
      const own = passed(tab.Name);
      const hidden = strip.hidden || own.hidden;
      const locked = strip.locked || own.locked;
      // Named after the tab when the tab's own flags pass something on, else after the strip.
      const from = own.hidden || own.locked ? tab.Name : element.Name;
      for (const child of tab.Elements) {
        rows.push({
          Name: child.Name,
          Label: child.Label,
          Kind: child.Kind,
          Depth: 2,
          Inherited: hidden || locked ? { Hidden: hidden, Locked: locked, From: from } : null,
        });
      }
    }
  }
  return rows;
}
