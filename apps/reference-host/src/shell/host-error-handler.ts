import {
  createErrorHandler,
  type ErrorHandler,
  type ErrorHandlerUi,
  type SessionContext,
} from '@procedo/client-api';

/**
 * The page's §8 error handler. Its verbose setting is the server's (`VerboseErrors` of the session
 * context, `PROCEDO_VERBOSE_ERRORS`): a verbose server's exception lines show in the error window,
 * otherwise they are offered in a prompt.
 */
export function createHostErrorHandler(
  context: Pick<SessionContext, 'VerboseErrors'>,
  ui: ErrorHandlerUi,
): ErrorHandler {
  return createErrorHandler({ verbose: context.VerboseErrors === true, ui });
}
