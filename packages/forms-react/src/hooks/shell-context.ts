import { createContext } from 'react';
import type { ShellDialogOptions } from '../state/shell-store';

/** What `useShell` gives: the page-wide alert, prompt, toast, notification and loading calls. */
export interface Shell {
  /** Shows the modal Alert dialog; resolves when the user presses OK. */
  alert(message: string, options?: ShellDialogOptions): Promise<void>;
  /** Shows server HTML, sanitised with DOMPurify, in the HTML Alert dialog; resolves on OK. */
  alertHtml(html: string, options?: ShellDialogOptions): Promise<void>;
  /** Asks for a line of text; resolves with it, or `null` when the user cancels. */
  prompt(message: string, defaultValue?: string, options?: ShellDialogOptions): Promise<string | null>;
  /** Toasts: info 3 s, warning 4 s, error 60 s (the error text is also copied to the clipboard). */
  toast: {
    info(text: string): void;
    warning(text: string): void;
    error(text: string): void;
  };
  /** Notifications: info hides after 4500 ms, validation after 2500 ms, errors stay until clicked. */
  notify: {
    info(text: string): void;
    validation(text: string): void;
    error(text: string): void;
  };
  /** The loading panel. */
  loading: {
    show(): void;
    /** Hides the panel after `hideDelay` (seconds under 1000, milliseconds from 1000), at once without one. */
    hide(hideDelay?: string | number): void;
  };
}

export const ShellContext = createContext<Shell | null>(null);
