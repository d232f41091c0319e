import { DeveloperBar } from '@procedo/forms-react/developer';
import { useNavigate } from 'react-router';
import { callback, v1 } from '../api';
import { formDesignerHref } from '../designer/designer-query';
import { useSignedIn } from '../shell/signed-in-context';
import { userMessage } from '../user-message';
import { useDeveloperFormInfo } from './developer-form-info';

/** The address of the administration area (`SystemPage`). */
export const SYSTEM_PATH = '/system';

const LINKS = { classic: '/?a_ui=classic', system: SYSTEM_PATH, signOut: '/?cmd=logout_kill' };

/**
 * The SDK's developer bar wired to the host: shown by the SDK only for `DesignMode.CanDesign`
 * (the server's decision), links through the router, Refresh page cache with the callback
 * command, and a profile switch that replaces the session context (the navigation reloads).
 */
export function HostDeveloperBar({ reload }: { reload?: () => void }) {
  const { context, onContextChange } = useSignedIn();
  const formInfo = useDeveloperFormInfo();
  const navigate = useNavigate();
  return (
    <DeveloperBar
      context={context}
      formInfo={formInfo}
      links={LINKS}
      onNavigate={({ href }) => navigate(href)}
      isClassic={context.User.preferences.ui === 'classic'}
      onRefreshCache={() => callback.templateCacheRefresh()}
      {...(reload ? { reload } : {})}
      onSwitchProfile={async ({ profileId }) => onContextChange(await v1.session.switchProfile(profileId))}
      describeError={userMessage}
      formDesignerHref={formDesignerHref}
    />
  );
}
