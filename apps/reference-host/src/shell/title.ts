import type { SessionContext } from '@procedo/client-api';

/** The product name shown in the title bar and the window title. */
export const PRODUCT_NAME = 'Procedo';

/**
 * The window title of a signed-in page. spec §2/§6: for supervisors the database name is added,
 * so they always see which database they are changing.
 */
export function windowTitle(
  context: Pick<SessionContext, 'WebUserIsSupervisor' | 'WebDatabaseName'>,
): string {
  return context.WebUserIsSupervisor ? `${PRODUCT_NAME} - ${context.WebDatabaseName}` : PRODUCT_NAME;
}
