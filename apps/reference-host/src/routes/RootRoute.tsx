import { useLocation, useSearchParams } from 'react-router';
import { SignedInLayout } from '../shell/SignedInLayout';
import { SignOutPage } from './SignOutPage';

/**
 * `/` and every signed-in page below it. `/?cmd=logout_kill` signs out before anything asks for
 * the session (otherwise a signed-out user would be sent to log on only to be signed out again).
 */
export function RootRoute() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (location.pathname === '/' && searchParams.get('cmd') === 'logout_kill') return <SignOutPage />;
  return <SignedInLayout />;
}
