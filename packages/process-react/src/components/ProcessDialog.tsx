import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay, useLocale } from 'react-aria-components';

/** Props of the modal frame the runner's screens share (internal). */
export interface ProcessDialogProps {
  title: string;
  role?: 'dialog' | 'alertdialog';
  /** Extra class, after `procedo-Dialog`. */
  className: string;
  /** Called on Escape. */
  onDismiss: () => void;
  'aria-describedby'?: string;
  children: ReactNode;
}

/**
 * The modal frame of the runner's questions and screens, styled like the shell's dialogs of
 * `@procedo/forms-react` (same classes): overlay, title bar, body.
 */
export function ProcessDialog(props: ProcessDialogProps) {
  const { direction } = useLocale();
  return (
    <ModalOverlay
      className="procedo-ModalOverlay"
      isOpen
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
