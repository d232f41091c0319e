import { type KeyboardEvent, useContext, useId } from 'react';
import { ShellContext } from '../hooks/shell-context';
import { useFormsTexts, useMessages } from '../i18n/texts';
import type { FieldLabels } from './labels';

/** The window name help opens in, so every help link reuses one window. */
export const HELP_WINDOW_NAME = 'procedo-help';

/** The features of the help window. */
export const HELP_WINDOW_FEATURES = 'width=800,height=600,resizable=yes,scrollbars=yes';

/**
 * The address of a help topic: `/help/{topic}` under the app root.
 *
 * @example helpTopicUrl('supplier-form') // '/help/supplier-form'
 */
export function helpTopicUrl(topic: string, options: { basePath?: string } = {}): string {
  const base = (options.basePath ?? '').replace(/\/+$/, '');
  return `${base}/help/${encodeURIComponent(topic)}`;
}

/** Props of {@link HelpIcon}. */
export interface HelpIconProps {
  /** The help topic (the form definition's `HelpTopic`). */
  topic: string;
  /** Where help opens: a new window, or a right-hand frame through `onOpenFrame`. @default 'window' */
  target?: 'window' | 'frame';
  /** Opens the right-hand help frame; called with the topic's address when `target` is `'frame'`. */
  onOpenFrame?(url: string): void;
  /** The app root the `/help/` path is under. @default '' */
  basePath?: string;
  /** Texts to override. @default FIELD_LABELS */
  labels?: Partial<FieldLabels>;
}

/**
 * The help icon of a form title (spec §2): a labelled button that opens `/help/{topic}` in the
 * `procedo-help` window, or — with `target: 'frame'` — hands the address to `onOpenFrame` for a
 * {@link HelpFrame}. A blocked window shows the §8 popup message; a frame target without
 * `onOpenFrame` opens the window instead.
 */
export function HelpIcon({
  topic,
  target = 'window',
  onOpenFrame,
  basePath,
  labels: labelOverrides,
}: HelpIconProps) {
  const labels = { ...useFormsTexts().fields, ...labelOverrides };
  const messages = useMessages();
  const shell = useContext(ShellContext);
  const open = () => {
    const url = helpTopicUrl(topic, { basePath });
    if (target === 'frame' && onOpenFrame) {
      onOpenFrame(url);
      return;
    }
    const opened = window.open(url, HELP_WINDOW_NAME, HELP_WINDOW_FEATURES);
    if (opened) {
      opened.focus();
      return;
    }
    if (shell) void shell.alert(messages.popupBlocked);
    else window.alert(messages.popupBlocked);
  };
  return (
    <button
      type="button"
      className="procedo-HelpIcon"
      aria-label={labels.help}
      title={labels.help}
      data-target={target}
      onClick={open}
    >
      <span aria-hidden="true">?</span>
    </button>
  );
}

/** Props of {@link HelpFrame}. */
export interface HelpFrameProps {
  /** The help page's address (same origin, or http / https). */
  url: string;
  /** Called when the user closes the frame (the close button or Escape). */
  onClose(): void;
  /** The frame's title and the panel's name. @default 'Help' */
  title?: string;
  /** Texts to override. @default FIELD_LABELS */
  labels?: Partial<FieldLabels>;
}

/** Only http(s) addresses may load in the frame: a `javascript:` or `data:` URL never does. */
function safeFrameUrl(url: string): string {
  try {
    const base = typeof window === 'undefined' ? 'http://localhost/' : window.location.href;
    const resolved = new URL(url, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : 'about:blank';
  } catch {
    return 'about:blank';
  }
}

/** The right-hand help frame: a titled iframe of the help page with a close button. */
export function HelpFrame({ url, onClose, title, labels: labelOverrides }: HelpFrameProps) {
  const labels = { ...useFormsTexts().fields, ...labelOverrides };
  const frameTitle = title ?? labels.help;
  const id = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <aside className="procedo-HelpFrame" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <div className="procedo-HelpFrame-header">
        <h2 className="procedo-HelpFrame-title" id={`${id}-title`}>
          {frameTitle}
        </h2>
        <button
          type="button"
          className="procedo-HelpFrame-close"
          aria-label={labels.closeHelp}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <iframe className="procedo-HelpFrame-frame" title={frameTitle} src={safeFrameUrl(url)} />
    </aside>
  );
}
