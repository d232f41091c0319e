import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, useLocale } from 'react-aria-components';

/** Props of the frame every shell dialog shares (internal). */
export interface ShellDialogProps {
  isOpen: boolean;
  title: string;
  role: 'dialog' | 'alertdialog';
  /** Extra class of the dialog, after `procedo-Dialog`. */
  className: string;
  /** Called when the user presses Escape. */
  onDismiss: () => void;
  'aria-describedby'?: string;
  children: ReactNode;
}

/** The modal frame of the shell dialogs: overlay, title bar in the title bar colour, body. */
export function ShellDialog(props: ShellDialogProps) {
  const { direction } = useLocale();
  return (
    <ModalOverlay
      className="procedo-ModalOverlay"
      isOpen={props.isOpen}
      isDismissable={false}
      onOpenChange={(isOpen) => {
        if (!isOpen) props.onDismiss();
      }}
    >
      <Modal className="procedo-Modal" dir={direction}>
        <Dialog
          role={props.role}
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
