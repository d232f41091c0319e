import type { ElementPermission, FormDefinition } from '@procedo/client-api';
// The server's seeded demo forms themselves, not copies: a change to the seed shows in Storybook
// (and a renamed or removed form fails the stories' type check and build).
import { ELEMENT_PERMISSIONS, formDefinitions } from '../../../apps/mock-server/src/db/form-seed-data';
import { OPERATOR_PROFILE_ID } from '../../../apps/mock-server/src/db/seed-data';

/** Every demo form of the `demo` database (the `full` seed), as the server stores it. */
export const SEEDED_FORMS: readonly FormDefinition[] = formDefinitions('full');

/** The seeded form with this number; throws when the seed no longer has it. */
export function seededForm(webTemplateNo: number): FormDefinition {
  const definition = SEEDED_FORMS.find((form) => form.WebTemplateNo === webTemplateNo);
  if (!definition) {
    throw new Error(
      `The seed has no form ${webTemplateNo} (apps/mock-server/src/db/form-seed-data.ts): update the story.`,
    );
  }
  return definition;
}

/** The element permissions seeded for the `operator` profile on one form (spec §3). */
export function operatorPermissions(webTemplateNo: number): ElementPermission[] {
  return ELEMENT_PERMISSIONS.filter(
    (seed) =>
      seed.webTemplateNo === webTemplateNo &&
      seed.ownerType === 'profile' &&
      seed.ownerId === OPERATOR_PROFILE_ID,
  ).map((seed) => ({ NAME: seed.elementName, ElementHidden: seed.hidden, ElementLocked: seed.locked }));
}
