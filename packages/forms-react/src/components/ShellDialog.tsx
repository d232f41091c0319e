import { type ReactNode, useRef } from 'react';
import { useDialog } from 'react-aria';
import { useLocale } from 'react-aria-components';
import { Modal } from './Modal';

/** Props of {@link ShellDialog}. */
export interface ShellDialogProps {
  /** @default true */
  isOpen?: boolean;
  title: string;
  /** @default 'dialog' */
  role?: 'dialog' | 'alertdialog';
  /** Extra class of the dialog, after `procedo-Dialog`. */
  className: string;
  /** Called when the user presses Escape; without it Escape does nothing. */
  onDismiss?: () => void;
  'aria-describedby'?: string;
  children: ReactNode;
}

/**
 * The modal frame of the shell dialogs (and of other packages' modal screens, such as the
 * process runner's): overlay, title bar in the title bar colour, body. Escape calls `onDismiss`;
 * a click outside does not close it. Focus moves into the dialog when it opens (to an
 * `autoFocus` element, else the dialog itself), stays inside while it is open and goes back
 * where it was when it closes.
 */
export function ShellDialog(props: ShellDialogProps) {
  const { direction } = useLocale();
  if (props.isOpen === false) return null;
  return (
    <Modal
      overlayClassName="procedo-ModalOverlay"
      className="procedo-Modal"
      dir={direction}
      onDismiss={props.onDismiss}
    >
      <ShellDialogBox {...props} />
    </Modal>
  );
}

function ShellDialogBox({ title, role = 'dialog', className, children, ...props }: ShellDialogProps) {
  const ref = useRef<HTMLElement>(null);
  const { dialogProps, titleProps } = useDialog({ role, 'aria-describedby': props['aria-describedby'] }, ref);
  return (
    <section {...dialogProps} ref={ref} className={`procedo-Dialog ${className}`}>
      <h2 {...titleProps} className="procedo-Dialog-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
