import { isHttpStatusError, isProcedoApiError } from '@procedo/client-api';

// The reason phrases of the statuses a process call can meet; the error objects carry the status
// and the body, not the phrase the server sent with it.
const STATUS_TEXT: Readonly<Record<number, string>> = {
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The reason phrase of an HTTP status (`'Not Found'`), or `'HTTP {status}'` for an unlisted one. */
export function httpStatusText(status: number): string {
  return STATUS_TEXT[status] ?? `HTTP ${status}`;
}

/**
 * The text to show for a failed process call (spec §8, process command completion with status 300
 * or above): the JSON `Message`, else the response text, else the status text. Errors that are not
 * HTTP answers give their message.
 */
export function processErrorText(error: unknown): string {
  if (isHttpStatusError(error)) {
    const message = error.body?.Message ?? error.serverMessage;
    if (message && message.trim() !== '') return message;
    if (error.bodyText.trim() !== '') return error.bodyText;
    return httpStatusText(error.status);
  }
  if (isProcedoApiError(error) || error instanceof Error) return error.message;
  return String(error);
}

/** Whether the error is an HTTP answer with a status of 300 or above (spec §8). */
export function isHttpFailure(error: unknown): boolean {
  return isHttpStatusError(error) && error.status >= 300;
}
