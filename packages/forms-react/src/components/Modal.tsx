import { type CSSProperties, type ReactNode, useRef } from 'react';
import { Overlay, useModalOverlay } from 'react-aria';
import { useOverlayTriggerState } from 'react-stately';

/** Props of {@link Modal}. */
export interface ModalProps {
  /** Called when the user presses Escape; without it Escape does nothing. */
  onDismiss?: (() => void) | undefined;
  /** The class of the underlay covering the page. */
  overlayClassName: string;
  /** The class of the modal box inside it. */
  className: string;
  style?: CSSProperties | undefined;
  dir?: 'ltr' | 'rtl' | undefined;
  children: ReactNode;
}

/**
 * A modal layer from react-aria's overlay hooks (the ones react-aria-components' `Modal` is made
 * of, without its enter/exit animation and visual-viewport tracking, which Procedo does not use):
 * portalled to the end of the body; focus kept inside and given back on close; the rest of the
 * page inert, except regions marked `data-react-aria-top-layer` (toasts, notifications); page
 * scroll locked; Escape calls `onDismiss`; a click outside does nothing. Mount it to open it.
 */
export function Modal(props: ModalProps) {
  return (
    <Overlay>
      <ModalLayer {...props} />
    </Overlay>
  );
}

function ModalLayer({ onDismiss, overlayClassName, className, style, dir, children }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  // A mounted modal is open; closing it is the owner's business, told through `onDismiss`.
  const state = useOverlayTriggerState({
    isOpen: true,
    onOpenChange: (isOpen) => {
      if (!isOpen) onDismiss?.();
    },
  });
  const { modalProps, underlayProps } = useModalOverlay(
    { isDismissable: false, isKeyboardDismissDisabled: !onDismiss },
    state,
    ref,
  );
  return (
    <div {...underlayProps} className={overlayClassName}>
      <div {...modalProps} ref={ref} className={className} style={style} dir={dir}>
        {children}
      </div>
    </div>
  );
}
