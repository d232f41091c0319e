import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useFormsTexts } from '../i18n/texts';
import type { ShellToast } from '../state/shell-store';

/** Props of {@link ToastRegion}. */
export interface ToastRegionProps {
  /** The toasts on screen, newest first. */
  toasts: readonly ShellToast[];
  /** Called with a toast's id when the user closes it. */
  onDismiss(id: string): void;
  /** Called with `true` while the pointer is over the region or focus is in it, `false` after. */
  onPausedChange(isPaused: boolean): void;
}

/**
 * The shell's toasts (internal; `ShellProvider` renders it). A labelled region that is always in
 * the page, so each toast is announced as it arrives: an error as an alert, the others as status
 * messages. Each toast has a close button (react-aria-components' `Button`).
 *
 * It stays usable over a modal dialog (see `data-react-aria-top-layer` below).
 *
 * Time stops while the user is reading: the store pauses every toast while the pointer is over the
 * region or focus is in it. Closing the toast that holds focus moves focus to the next toast, or to
 * the one before, or, after the last one, back to where focus was before it entered the region.
 */
export function ToastRegion({ toasts, onDismiss, onPausedChange }: ToastRegionProps) {
  const SHELL_LABELS = useFormsTexts().shell;
  const regionRef = useRef<HTMLElement>(null);
  const focusBefore = useRef<HTMLElement | null>(null);
  const [isHovered, setHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const isEmpty = toasts.length === 0;
  // An emptied region shrinks away from under the pointer without a pointerleave.
  if (isEmpty && (isHovered || hasFocus)) {
    setHovered(false);
    setHasFocus(false);
  }
  const isPaused = isHovered || hasFocus;
  useEffect(() => {
    onPausedChange(isPaused);
  }, [isPaused, onPausedChange]);

  const isOutside = (target: EventTarget | null) =>
    !(target instanceof Node && regionRef.current?.contains(target));

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if (!isOutside(event.relatedTarget)) return;
    focusBefore.current = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
    setHasFocus(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (isOutside(event.relatedTarget)) setHasFocus(false);
  };

  const close = (id: string, toast: HTMLElement | null) => {
    if (toast?.contains(document.activeElement)) {
      const shown = [...(regionRef.current?.querySelectorAll<HTMLElement>('.procedo-Toast') ?? [])];
      const index = shown.indexOf(toast);
      const neighbour = shown[index + 1] ?? shown[index - 1];
      const target = neighbour?.querySelector<HTMLElement>('button') ?? focusBefore.current;
      if (target?.isConnected) target.focus();
    }
    onDismiss(id);
  };

  return (
    <section
      ref={regionRef}
      className="procedo-ToastRegion"
      aria-label={SHELL_LABELS.toasts}
      data-empty={isEmpty || undefined}
      // react-aria's modal dialogs leave an element with this mark out of the `aria-hidden` they
      // put on the page behind them, let focus go to it, and do not close on a press in it, as
      // they do for react-aria's own toast region: a toast shown over a dialog is still read out
      // and can be closed.
      data-react-aria-top-layer
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className="procedo-Toast"
          data-type={toast.type}
          role={toast.type === 'error' ? 'alert' : 'status'}
        >
          <div className="procedo-Toast-content">
            <span className="procedo-Toast-text">{toast.text}</span>
          </div>
          <Button
            className="procedo-Toast-close"
            aria-label={SHELL_LABELS.close}
            onPress={(event) => close(toast.id, (event.target as HTMLElement).closest('.procedo-Toast'))}
          >
            <span aria-hidden="true">×</span>
          </Button>
        </div>
      ))}
    </section>
  );
}
