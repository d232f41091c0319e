import type { FormDefinition } from '@procedo/client-api';
import { useNavigate, useSearchParams } from 'react-router';
import { useSignedIn } from '../shell/signed-in-context';
import { permissionEditorHref } from './permission-query';

/**
 * The form page's `onOpenPermissions` (spec §4 permissions mode): for a user with the
 * permission-design role, the element menu's "Permissions…" opens the editor page over this form
 * (the page keeps its record and timepoint); for anyone else none, so a right-click stays the
 * browser's own. The server checks the role again on every editor call.
 */
export function usePermissionsMenu(
  definition: FormDefinition,
): ((event: { elementName: string }) => void) | undefined {
  const { context } = useSignedIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (!context.Roles.includes('permission-design')) return undefined;
  return ({ elementName }) =>
    navigate(
      permissionEditorHref({
        webTemplateNo: definition.WebTemplateNo,
        dataViewTableId: definition.Entity,
        focusElement: elementName,
        keep: params,
      }),
    );
}
