import { HttpStatusError } from '@procedo/client-api';

/**
 * The text to show a user for a failed call: the server's own message when it sent one (e.g.
 * "The user name or password is incorrect."), otherwise the error's message.
 */
export function userMessage(error: unknown): string {
  if (error instanceof HttpStatusError && error.serverMessage) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
