import { Button } from 'react-aria-components';
import { useFormsTexts } from '../i18n/texts';
import type { NotificationType } from '../state/durations';

/** One notification of a {@link NotificationList}. */
export interface NotificationItem {
  /** Unique within the list. */
  id: string;
  type: NotificationType;
  text: string;
}

/** Props of {@link NotificationList}. */
export interface NotificationListProps {
  /** The notifications, oldest first. */
  notifications: readonly NotificationItem[];
  /** Called with a notification's id when the user clicks it. */
  onDismiss: (id: string) => void;
  /**
   * The accessible name of the list's region.
   * @default 'Notifications'
   */
  'aria-label'?: string;
}

/**
 * The notification stack (spec §9): each notification shows its text and goes when clicked.
 * Timing lives with the owner of the list (`ShellProvider` hides info after 4500 ms and validation
 * after 2500 ms; errors stay until clicked).
 */
export function NotificationList({
  notifications,
  onDismiss,
  'aria-label': ariaLabelProp,
}: NotificationListProps) {
  const texts = useFormsTexts();
  const ariaLabel = ariaLabelProp ?? texts.shell.notifications;
  return (
    <section
      className="procedo-NotificationList"
      aria-label={ariaLabel}
      data-empty={notifications.length === 0 || undefined}
      // Left readable and clickable over react-aria's modal dialogs, like the toast region.
      data-react-aria-top-layer
    >
      {notifications.map((notification) => (
        <div
          key={notification.id}
          className="procedo-Notification"
          data-type={notification.type}
          role={notification.type === 'error' ? 'alert' : 'status'}
        >
          <Button className="procedo-Notification-button" onPress={() => onDismiss(notification.id)}>
            {notification.text}
          </Button>
        </div>
      ))}
    </section>
  );
}
