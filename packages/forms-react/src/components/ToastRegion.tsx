import {
  Button,
  UNSTABLE_ToastRegion as RacToastRegion,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  type UNSTABLE_ToastQueue as ToastQueue,
} from 'react-aria-components';
import type { ToastType } from '../state/durations';

/** What one shell toast shows. */
export interface ShellToast {
  type: ToastType;
  text: string;
}

/** The shell's toast region (internal): renders the queue's toasts; each goes after its timeout. */
export function ToastRegion({ queue }: { queue: ToastQueue<ShellToast> }) {
  return (
    <RacToastRegion queue={queue} className="procedo-ToastRegion">
      {({ toast }) => (
        <Toast toast={toast} className="procedo-Toast" data-type={toast.content.type}>
          <ToastContent className="procedo-Toast-content">
            <Text slot="title" className="procedo-Toast-text">
              {toast.content.text}
            </Text>
          </ToastContent>
          <Button slot="close" className="procedo-Toast-close">
            <span aria-hidden="true">×</span>
          </Button>
        </Toast>
      )}
    </RacToastRegion>
  );
}
