import type { ErrorHandler } from '../error-handler';
import { isHttpStatusError, isNotLoggedOnError } from '../errors';
import { Messages } from '../messages';
import type { RecordVersion } from '../v1/record-schemas';
import type { CallbackClient, XmlOfIdOptions } from './client';

/** Options of {@link getDataOfId}. */
export interface GetDataOfIdOptions {
  /** The page's §8 error handler: it shows the failure. */
  errorHandler: Pick<ErrorHandler, 'handle' | 'showErrorWindow'>;
  /** Extra parameters (`Version`). @default none */
  params?: XmlOfIdOptions['params'];
}

/**
 * GetDataOfId: a page reads a record's data as JSON (`Web.Data.XmlOfId`, `ReturnType` `Json`;
 * `dataId` is `<WebTemplateNo>:<record id>`). Resolves the record, or `null` when the call failed
 * — then spec §8's error window says 'Unable to set ajax call back for GetDataOfId' with the
 * reason below it. Not being logged on and an HTTP 500 keep their own §8 handling (the logon
 * window; the ': HTTP 500' alert, with that message as the caller's text).
 */
export async function getDataOfId(
  client: Pick<CallbackClient, 'xmlOfId'>,
  dataId: string,
  options: GetDataOfIdOptions,
): Promise<RecordVersion | null> {
  try {
    return await client.xmlOfId(dataId, {
      returnType: 'Json',
      ...(options.params ? { params: options.params } : {}),
    });
  } catch (error) {
    if (isNotLoggedOnError(error) || (isHttpStatusError(error) && error.status === 500)) {
      options.errorHandler.handle(error, { callerText: Messages.getDataOfIdCallbackFailed });
    } else {
      options.errorHandler.showErrorWindow(Messages.getDataOfIdCallbackFailed, { cause: error });
    }
    return null;
  }
}
