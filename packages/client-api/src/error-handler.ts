import {
  isCallbackError,
  isHtmlResponseError,
  isHttpStatusError,
  isNotLoggedOnError,
  isProcedoApiError,
} from './errors';
import { apiErrorText, http500Text, Messages } from './messages';

/** What the error handler shows; the host implements it with its dialogs and notifications. */
export interface ErrorHandlerUi {
  /** The modal Alert dialog with OK. */
  alert(text: string): void;
  /** An error notification (stays until clicked). */
  notifyError(text: string): void;
  /** The error window / HTML Alert dialog. The UI sanitises `html` before showing it. */
  showHtml(html: string, title?: string): void;
  /** A prompt with a prefilled, copyable value. */
  prompt(message: string, defaultValue: string): void;
  /** Opens the logon window; resolves `true` once the user has logged on again. */
  openLogon(): Promise<boolean>;
}

/** Options of {@link createErrorHandler}. */
export interface ErrorHandlerOptions {
  ui: ErrorHandlerUi;
  /** Verbose setting: exception lines are shown in the error window instead of a prompt. */
  verbose: boolean;
  /** Where failures are logged. @default globalThis.console */
  console?: Pick<Console, 'error'>;
}

/** Context of one failure. */
export interface HandleErrorOptions {
  /** What the caller was doing, for the HTTP 500 alert. @default 'ERROR' */
  callerText?: string;
  /** The URL called, when the error does not carry it. */
  url?: string;
}

/** The §8 error handling of a page. */
export interface ErrorHandler {
  /** Shows a failure as spec §8 says, and logs it to the console. */
  handle(error: unknown, options?: HandleErrorOptions): void;
  /** The user has logged on again: a later NOT_LOGGED_ON opens the logon window again. */
  logonSucceeded(): void;
  /**
   * The error window (spec §8) with a catalogue message (e.g. `Messages.getDataOfIdCallbackFailed`)
   * and what went wrong below it; a verbose setting adds the exception line the cause carries. The
   * cause is logged.
   */
  showErrorWindow(message: string, options?: ErrorWindowOptions): void;
}

/** Options of {@link ErrorHandler.showErrorWindow}. */
export interface ErrorWindowOptions {
  /** What failed, in words for the user (a server's message). @default the cause's message */
  detail?: string;
  /** The failure, logged and read for its exception line. */
  cause?: unknown;
  /** The window's title. @default none */
  title?: string;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/**
 * Creates the §8 error handler:
 * - HTTP 500 → alert with the caller's text plus `': HTTP 500'` (verbose, with the exception line
 *   a verbose server sent: the error window with that text, the message and the line);
 * - NOT_LOGGED_ON → the logon window opens once, until logon succeeds;
 * - an HTML page in a response → the HTML Alert dialog;
 * - server exception or application error text → verbose: the error window with the exception
 *   line; non-verbose: the exception line offered in a prompt (or an alert when there is none);
 * - a JSON API error (and any other failure) → an error notification with the response text (or
 *   error text) plus the URL;
 * - every failure is logged with `console.error`.
 */
export function createErrorHandler(options: ErrorHandlerOptions): ErrorHandler {
  const { ui, verbose } = options;
  const log = options.console ?? globalThis.console;
  let logonOpen = false;

  function openLogonOnce() {
    if (logonOpen) return;
    logonOpen = true;
    ui.openLogon().then(
      (loggedOn) => {
        // spec §4: once, until login succeeds — a dismissed window does not reopen by itself.
        if (loggedOn) logonOpen = false;
      },
      (error: unknown) => {
        logonOpen = false;
        log.error('Procedo: the logon window failed', error);
      },
    );
  }

  function showServerError(message: string, exception: string | undefined, title: string | undefined) {
    if (exception === undefined || exception === '') {
      ui.alert(message);
    } else if (verbose) {
      ui.showHtml(`<p>${escapeHtml(message)}</p><pre>${escapeHtml(exception)}</pre>`, title);
    } else {
      ui.prompt(message, exception);
    }
  }

  return {
    handle(error, handleOptions = {}) {
      const { callerText, url } = handleOptions;
      log.error(callerText ? `Procedo: ${callerText}` : 'Procedo: a server call failed', error);

      if (isNotLoggedOnError(error)) {
        openLogonOnce();
        return;
      }
      if (isHttpStatusError(error) && error.status === 500) {
        const text = http500Text(callerText ?? Messages.legacyCallFailed);
        // A verbose server sends the exception's short line with its 500: the error window shows it.
        if (verbose && error.exception) {
          const message = error.serverMessage ? `<p>${escapeHtml(error.serverMessage)}</p>` : '';
          ui.showHtml(
            `<p>${escapeHtml(text)}</p>${message}<pre>${escapeHtml(error.exception)}</pre>`,
            callerText,
          );
        } else {
          ui.alert(text);
        }
        return;
      }
      if (isHtmlResponseError(error)) {
        ui.showHtml(error.html, callerText);
        return;
      }
      if (isCallbackError(error)) {
        showServerError(error.serverMessage, error.exception, callerText);
        return;
      }
      const where = url ?? (isProcedoApiError(error) ? error.url : undefined);
      if (isHttpStatusError(error)) {
        const text = error.body?.Message || error.bodyText.trim() || error.message;
        ui.notifyError(apiErrorText(text, where));
        return;
      }
      if (isProcedoApiError(error)) {
        ui.notifyError(apiErrorText(error.message, where));
        return;
      }
      const text = error instanceof Error ? error.message : String(error);
      ui.notifyError(apiErrorText(text || Messages.legacyCallFailed, where));
    },
    logonSucceeded() {
      logonOpen = false;
    },
    showErrorWindow(message, windowOptions = {}) {
      const { cause, title } = windowOptions;
      log.error(`Procedo: ${message}`, cause);
      const detail =
        windowOptions.detail ??
        (isCallbackError(cause) ? cause.serverMessage : cause instanceof Error ? cause.message : undefined);
      const exception =
        verbose && (isCallbackError(cause) || isHttpStatusError(cause)) ? cause.exception : undefined;
      ui.showHtml(
        `<p>${escapeHtml(message)}</p>${detail ? `<p>${escapeHtml(detail)}</p>` : ''}${
          exception ? `<pre>${escapeHtml(exception)}</pre>` : ''
        }`,
        title,
      );
    },
  };
}
