import { useEffect, useRef } from 'react';
import { CLOSE_DIALOG_MESSAGE } from '../opening/FormDialog';
import type { FormOpener, OpenOutcome } from '../opening/form-opener';
import { FILTER_EDITOR_POPUP_SIZE } from '../opening/open-target';

/** The page address of the filter editor in the reference host. */
export const FILTER_EDITOR_PATH = '/filter-editor';

/** The message type the filter editor posts to the page that opened it. */
export const FILTER_EDITOR_MESSAGE = 'procedo.filters';

/** What the filter editor tells its opener on Apply. */
export interface FilterEditorMessage {
  type: typeof FILTER_EDITOR_MESSAGE;
  /** The opener's control that receives the ids (`EntityViewFilterIdListControl`). */
  control: string;
  /** The saved filters picked for the grid. */
  ids: number[];
  /** The grid (view) the editor was opened for (`EntityViewId`), as it was given. */
  viewId: string;
}

/** The parameters of the filter editor page (docs/protocol.md "Filter editor"). */
export interface FilterEditorParams {
  /** `WebTemplateNo`: the search form whose fields the conditions name. */
  webTemplateNo: number;
  /** `EntityViewName`: the entity view's name, shown as the editor's title. */
  entityViewName: string;
  /** `EntityViewId`: the grid (view) of the opener the filters are for. */
  entityViewId: string;
  /** `EntityViewFilterIdListControl`: the opener's control that receives the chosen ids. */
  entityViewFilterIdListControl: string;
  /** `EntityViewFilterIdList`: the saved filters applied now (ticked when the editor opens). @default [] */
  entityViewFilterIdList?: readonly number[];
}

/** The filter editor's address with its parameters. */
export function filterEditorUrl(params: FilterEditorParams, path = FILTER_EDITOR_PATH): string {
  const search = new URLSearchParams({
    WebTemplateNo: String(params.webTemplateNo),
    EntityViewName: params.entityViewName,
    EntityViewId: params.entityViewId,
    EntityViewFilterIdListControl: params.entityViewFilterIdListControl,
  });
  const ids = params.entityViewFilterIdList ?? [];
  if (ids.length > 0) search.set('EntityViewFilterIdList', ids.join(','));
  return `${path}?${search}`;
}

/** Reads the filter editor's parameters from its address; null names the first one missing or malformed. */
export function readFilterEditorParams(
  search: URLSearchParams,
): { params: FilterEditorParams; problem: null } | { params: null; problem: string } {
  const no = Number(search.get('WebTemplateNo'));
  if (!Number.isSafeInteger(no) || no <= 0) return { params: null, problem: 'WebTemplateNo' };
  const list = search.get('EntityViewFilterIdList') ?? '';
  const ids = list === '' ? [] : list.split(',').map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
    return { params: null, problem: 'EntityViewFilterIdList' };
  }
  return {
    params: {
      webTemplateNo: no,
      entityViewName: search.get('EntityViewName') ?? '',
      entityViewId: search.get('EntityViewId') ?? '',
      entityViewFilterIdListControl: search.get('EntityViewFilterIdListControl') ?? '',
      entityViewFilterIdList: ids,
    },
    problem: null,
  };
}

/**
 * Opens the filter editor through the form opener: an 800×400 popup (spec §9), or, when the
 * browser blocks it (the opener tells the user), a modal dialog of the same size.
 *
 * @example
 * openFilterEditor(useFormOpener(), { webTemplateNo: 101, entityViewName: 'Suppliers',
 *   entityViewId: 'suppliers', entityViewFilterIdListControl: 'SupplierFilters', entityViewFilterIdList: [3] });
 */
export function openFilterEditor(
  opener: FormOpener,
  params: FilterEditorParams,
  options: { path?: string } = {},
): OpenOutcome {
  const url = filterEditorUrl(params, options.path);
  const popup = opener.open({ url, target: '_popup', size: FILTER_EDITOR_POPUP_SIZE });
  if (!popup.isBlocked) return popup;
  return opener.open({
    url,
    target: 'filter_editor_dialog',
    size: FILTER_EDITOR_POPUP_SIZE,
    title: params.entityViewName,
  });
}

/** Whether `data` is a well-formed {@link FilterEditorMessage}. */
export function isFilterEditorMessage(data: unknown): data is FilterEditorMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<FilterEditorMessage>;
  return (
    message.type === FILTER_EDITOR_MESSAGE &&
    typeof message.control === 'string' &&
    typeof message.viewId === 'string' &&
    Array.isArray(message.ids) &&
    message.ids.length <= 100 &&
    message.ids.every((id) => Number.isSafeInteger(id) && id > 0)
  );
}

/**
 * Tells the page that opened the editor which saved filters were picked: the popup's opener, or
 * the page around the dialog. Same origin only: the ids go nowhere else.
 */
export function postFilterEditorResult(
  win: Pick<Window, 'opener' | 'parent' | 'location'>,
  message: Omit<FilterEditorMessage, 'type'>,
): 'popup' | 'dialog' | null {
  const body: FilterEditorMessage = { type: FILTER_EDITOR_MESSAGE, ...message };
  const origin = win.location.origin;
  const opener = win.opener as Window | null;
  if (opener && !opener.closed) {
    opener.postMessage(body, origin);
    return 'popup';
  }
  if (win.parent && win.parent !== (win as unknown)) {
    win.parent.postMessage(body, origin);
    win.parent.postMessage({ type: CLOSE_DIALOG_MESSAGE }, origin);
    return 'dialog';
  }
  return null;
}

/**
 * Receives the filter editor's picked ids for one control of this page (messages from this origin
 * only, well-formed, for `control`).
 *
 * @example
 * useFilterEditorResult('SupplierFilters', ({ ids }) => grid.setFilterIds(ids));
 */
export function useFilterEditorResult(
  control: string,
  onResult: (event: { ids: number[]; viewId: string }) => void,
  win: Window = globalThis.window,
): void {
  const latest = useRef(onResult);
  latest.current = onResult;
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== win.location.origin) return;
      if (!isFilterEditorMessage(event.data) || event.data.control !== control) return;
      latest.current({ ids: event.data.ids, viewId: event.data.viewId });
    };
    win.addEventListener('message', listener);
    return () => win.removeEventListener('message', listener);
  }, [control, win]);
}
