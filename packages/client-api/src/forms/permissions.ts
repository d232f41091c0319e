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
