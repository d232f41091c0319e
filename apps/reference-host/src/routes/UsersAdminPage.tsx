import { useOnDemandTexts } from '@procedo/forms-react';
import { USERS_ADMIN_LABELS, UsersAdmin } from '@procedo/forms-react/admin';
import { v1 } from '../api';
import { useSignedIn } from '../shell/signed-in-context';

/**
 * `/form?WebTemplateNo=901`: the SDK's users administration on this host's client. Failures that
 * are not a field's (403 for a user without the `user-admin` role, a lost connection) go to the
 * host's error handler (spec §8).
 */
export function UsersAdminPage() {
  const { errorHandler } = useSignedIn();
  const { title } = useOnDemandTexts('usersAdmin', USERS_ADMIN_LABELS);
  return (
    <>
      <h1>{title}</h1>
      <UsersAdmin api={v1.users} onError={(error) => errorHandler.handle(error, { callerText: title })} />
    </>
  );
}
