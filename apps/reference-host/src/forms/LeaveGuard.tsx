import { type FormStore, ShellDialog, useDirtyGuard } from '@procedo/forms-react';
import { Button } from 'react-aria-components';
import { useBlocker } from 'react-router';
import { FORM_PAGE_LABELS as L } from './labels';

/**
 * Asks before an in-app navigation leaves a dirty form (react-router's blocker); the browser's
 * own prompt covers closing or reloading the tab (`useDirtyGuard`).
 */
export function LeaveGuard({ isDirty }: { isDirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  if (blocker.state !== 'blocked') return null;
  return (
    // Escape stays on the page, like 'Stay'.
    <ShellDialog
      title={L.leaveTitle}
      role="alertdialog"
      className="procedo-LeaveGuard"
      onDismiss={() => blocker.reset()}
    >
      <p className="procedo-Dialog-body">{L.leaveMessage}</p>
      <div className="procedo-Dialog-actions">
        <Button className="procedo-Button" onPress={() => blocker.proceed()}>
          {L.leave}
        </Button>
        <Button className="procedo-Button" data-variant="primary" autoFocus onPress={() => blocker.reset()}>
          {L.stay}
        </Button>
      </div>
    </ShellDialog>
  );
}

/** Asks before leaving a dirty record form: the browser's prompt on unload, ours in the app. */
export function DirtyGuards({ store, isDirty }: { store: FormStore; isDirty: boolean }) {
  useDirtyGuard(store);
  return <LeaveGuard isDirty={isDirty} />;
}
