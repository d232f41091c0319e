/**
 * The user-facing message catalogue: every message of spec §8 (and the §2/§5 texts shown to the
 * user), in the spec's exact wording — typos included ("There as an error…"), because hosts and
 * tests match them literally. Components take their texts from here, never from literals.
 */
export const Messages = Object.freeze({
  /** §8: the parent data source cannot be located. */
  parentDataExpired:
    'The data on the parent page has expired or is invalid. To correct the problem you should refresh the parent data source (search results or page). If the problem persists then please contact the system administrator.',
  /** §8 */
  sessionExpired: 'Your session has expired.',
  /** §8 */
  popupBlocked: 'Unable to open a popup window. Please ensure that popup windows are enabled for this site.',
  /** §8 (the spec's wording, "as" included). */
  pageLoadError: 'There as an error loading this page. Some functionality might not work.',
  /** §7/§8: failure of `wtoElementExecCommand` / `Tab.Select`. */
  tabSelectError: 'Server: Tab Select Error',
  /** §8 */
  unknownLanguage: 'Unknown language',
  /** §8: local settings storage without a database id. */
  localSettingsStoreNoDatabase: 'Unable to store local settings without a database id',
  /** §8: retrieve variant. */
  localSettingsRetrieveNoDatabase: 'Unable to retrieve local settings without a database id',
  /** §8: remove variant. */
  localSettingsRemoveNoDatabase: 'Unable to remove local settings without a database id',
  /** §8 */
  silentPostbackNoWindow: 'Silent Postback: Template save failed to create a window',
  /** §8 */
  saveFailed: 'There was an error attempting to save. Please try saving this page again',
  /** §8 (the spec's wording). */
  clientApiInitFailed: "The product's client api failed to initialise",
  /** §8 and the callback contract: body not well-formed, DOCTYPE, or no `Command` root. */
  invalidXml: 'Invalid xml was found',
  /** §8 */
  processPartEnded: 'This part of the process has ended.',
  /** §8 */
  stepReset: 'The step has been reset',
  /** §8 */
  stepChainReset: 'The step chain has been reset',
  /** §8 */
  processReset: 'The process has been reset',
  /** §8 (shown in the error window). */
  getDataOfIdCallbackFailed: 'Unable to set ajax call back for GetDataOfId',
  /** §7/§8: `Profile.Navigation.SiteMap.Xml` failed. */
  siteMapLoadError: 'Error loading profile navigation items',
  /** §5/§8: file upload with an unsupported extension. */
  fileTypeNotSupported: 'This type of file is not supported.',
  /** §5/§8: command step selection without a command. */
  commandNotSelected: 'A command needs to be selected',
  /** §5/§8: a process step without a step id. */
  unknownProcessStep: 'Unknown user process step.',
  /** §5/§8: a process command without a command id. */
  processCommandIdMissing: 'Unable to create, start or open a process without a command id',
  /** §4/§8: a created process with no steps. */
  processHasNoTasks: 'The new process does not contain any tasks.',
  /** §5: creating a named process. */
  enterProcessName: 'Enter a name for the new process',
  /** §2: list count toggle tooltip, count on. */
  countOn: 'Count is On.',
  /** §2: list count toggle tooltip, count off. */
  countOff: 'Count is Off. Click to show a count. (large queries might take a few minutes)',
  /** §8: what failed legacy calls report (and the caller text when a caller gives none). */
  legacyCallFailed: 'ERROR',
});

/** Keys of the {@link Messages} catalogue. */
export type MessageKey = keyof typeof Messages;

/** §8: the text appended to the caller's text when a call answers HTTP 500. */
export const HTTP_500_SUFFIX = ': HTTP 500';

/**
 * §8: the alert text of an HTTP 500 — the caller's text plus `': HTTP 500'`.
 *
 * @example http500Text('Saving the form') // 'Saving the form: HTTP 500'
 */
export function http500Text(callerText: string): string {
  return `${callerText}${HTTP_500_SUFFIX}`;
}

/**
 * §8: the error-notification text of a JSON API error — the response text (or error text) plus
 * the URL, on its own line.
 *
 * @example apiErrorText('Unknown step', '/api/v1/…/steps/9') // 'Unknown step\n/api/v1/…/steps/9'
 */
export function apiErrorText(text: string, url: string | undefined): string {
  return url ? `${text}\n${url}` : text;
}
