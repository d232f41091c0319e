import { type CSSProperties, type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { useDialog } from 'react-aria';
import { Button, useLocale } from 'react-aria-components';
import { Modal } from '../components/Modal';
import { FORMS_TEXTS, useFormsTexts } from '../i18n/texts';
import { type DialogTarget, isSafeOpenUrl } from './open-target';

/** The fixed texts of {@link FormDialog}. */
export const FORM_DIALOG_LABELS = FORMS_TEXTS.formDialog;

/**
 * The message (`{ type }`) a page inside a form dialog posts to its parent to have the dialog
 * closed, as a popup closes itself (the filter editor after Apply). Same origin only.
 */
export const CLOSE_DIALOG_MESSAGE = 'procedo.closeDialog';

/** Props of {@link FormDialog}. */
export interface FormDialogProps {
  /** The resolved dialog: its URL, size in pixels, title and whether it is modal. */
  request: Omit<DialogTarget, 'kind'> & { kind?: 'dialog' };
  /** Called when the user closes the dialog (the close button, or Escape). */
  onClose: () => void;
  /**
   * The accessible name of the close button.
   * @default 'Close'
   */
  closeLabel?: string;
}

/**
 * A dialog hosting a form page in an iframe, sized as the opening rules resolved it (spec §2, §9).
 * Modal: over an underlay, the page below inert. Not modal (process steps): no underlay, the page
 * below stays usable; Escape or the close button closes it.
 */
export function FormDialog({ request, onClose, closeLabel: closeLabelProp }: FormDialogProps) {
  const texts = useFormsTexts();
  const closeLabel = closeLabelProp ?? texts.formDialog.close;
  const { direction } = useLocale();
  const size: CSSProperties = { inlineSize: request.width, blockSize: request.height };
  const body = <FormDialogBody request={request} closeLabel={closeLabel} onClose={onClose} style={size} />;

  if (request.isModal) {
    return (
      // The shell's modal class caps its width for alerts; a form dialog has its own size.
      <Modal
        overlayClassName="procedo-ModalOverlay procedo-FormDialog-overlay"
        className="procedo-Modal"
        dir={direction}
        style={{ maxInlineSize: 'none', maxBlockSize: 'none' }}
        onDismiss={onClose}
      >
        {body}
      </Modal>
    );
  }

  return (
    // Not modal (spec §2, process steps): a positioned dialog with no underlay and no focus trap.
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape is handled for the dialog inside.
    <div
      className="procedo-FormDialog-floating"
      dir={direction}
      style={{
        position: 'fixed',
        inset: 0,
        margin: 'auto',
        inlineSize: 'fit-content',
        blockSize: 'fit-content',
        zIndex: 1000,
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {body}
    </div>
  );
}

function FormDialogBody(props: {
  request: FormDialogProps['request'];
  closeLabel: string;
  onClose: () => void;
  style: CSSProperties;
}): ReactNode {
  const { request } = props;
  const hasTitle = request.title !== '';
  // A `javascript:` address in the frame would run with this page's rights.
  const src = isSafeOpenUrl(request.url, document.baseURI) ? request.url : 'about:blank';
  const ref = useRef<HTMLElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const { onClose } = props;
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      // Only the page in this dialog's own frame, of this origin, may close it.
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: unknown } | null)?.type === CLOSE_DIALOG_MESSAGE) onClose();
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [onClose]);
  const { dialogProps, titleProps } = useDialog(hasTitle ? {} : { 'aria-label': request.url }, ref);
  return (
    <section
      {...dialogProps}
      ref={ref}
      className="procedo-Dialog procedo-FormDialog"
      data-modal={request.isModal ? 'true' : 'false'}
      style={{ ...props.style, display: 'flex', flexDirection: 'column' }}
    >
      <div
        className="procedo-Dialog-title procedo-FormDialog-titlebar"
        style={{ display: 'flex', alignItems: 'center', gap: '0.5em' }}
      >
        {hasTitle ? (
          <h2
            {...titleProps}
            className="procedo-FormDialog-heading"
            style={{ flex: 1, margin: 0, font: 'inherit' }}
          >
            {request.title}
          </h2>
        ) : (
          <span style={{ flex: 1 }} />
        )}
        <Button
          className="procedo-Button procedo-FormDialog-close"
          style={{ minInlineSize: 0, paddingBlock: 0, paddingInline: '0.5em' }}
          aria-label={props.closeLabel}
          onPress={props.onClose}
        >
          ×
        </Button>
      </div>
      <iframe
        ref={frame}
        className="procedo-FormDialog-frame"
        src={src}
        title={hasTitle ? request.title : request.url}
        style={{ flex: 1, inlineSize: '100%', border: 0 }}
      />
    </section>
  );
}
