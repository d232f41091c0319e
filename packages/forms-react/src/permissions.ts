/**
 * `@procedo/forms-react/permissions`: the element permissions editor and the permissions mode's
 * element menu (spec §4), a separate entry so that only the pages that edit permissions load them
 * (with `@floating-ui/react`). The mode itself (`usePermissionsMode`, `setPermissionsMode`) and
 * the renderer's right-click handling (`FormRenderer`'s `onOpenPermissions`) stay in the main entry.
 */
export type { ElementContextMenuProps, MenuAnchor } from './permissions/ElementContextMenu';
export { ElementContextMenu } from './permissions/ElementContextMenu';
export type {
  ElementPermissionsDialogProps,
  ElementPermissionsEditorProps,
  PermissionOwnerRef,
} from './permissions/ElementPermissionsEditor';
export { ElementPermissionsDialog, ElementPermissionsEditor } from './permissions/ElementPermissionsEditor';
export type { PermissionsLabels } from './permissions/labels';
export { PERMISSIONS_LABELS } from './permissions/labels';
