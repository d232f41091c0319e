/**
 * `@procedo/forms-react/admin`: the administration's components (users, form 901), a separate
 * entry so that only the administration's pages load them.
 */
export type { UserEditDialogProps } from './admin/UserEditDialog';
export { UserEditDialog } from './admin/UserEditDialog';
export type { UsersAdminProps } from './admin/UsersAdmin';
export { UsersAdmin } from './admin/UsersAdmin';
export type { UsersAdminLabels } from './admin/users-admin-labels';
export { USERS_ADMIN_LABELS } from './admin/users-admin-labels';
