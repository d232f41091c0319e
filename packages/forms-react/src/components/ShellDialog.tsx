import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, useLocale } from 'react-aria-components';

/** Props of {@link ShellDialog}. */
export interface ShellDialogProps {
  /** @default true */
  isOpen?: boolean;
  title: string;
  /** @default 'dialog' */
  role?: 'dialog' | 'alertdialog';
  /** Extra class of the dialog, after `procedo-Dialog`. */
  className: string;
  /** Called when the user presses Escape. */
  onDismiss: () => void;
  'aria-describedby'?: string;
  children: ReactNode;
}

/**
 * The modal frame of the shell dialogs (and of other packages' modal screens, such as the
 * process runner's): overlay, title bar in the title bar colour, body. Escape calls `onDismiss`;
 * a click outside does not close it.
 */
export function ShellDialog(props: ShellDialogProps) {
  const { direction } = useLocale();
  return (
    <ModalOverlay
      className="procedo-ModalOverlay"
      isOpen={props.isOpen ?? true}
      isDismissable={false}
      onOpenChange={(isOpen) => {
        if (!isOpen) props.onDismiss();
      }}
    >
      <Modal className="procedo-Modal" dir={direction}>
        <Dialog
          role={props.role ?? 'dialog'}
          className={`procedo-Dialog ${props.className}`}
          aria-describedby={props['aria-describedby']}
        >
          <Heading slot="title" className="procedo-Dialog-title">
            {props.title}
          </Heading>
          {props.children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
