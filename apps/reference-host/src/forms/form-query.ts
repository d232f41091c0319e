import { readSearchParams, type SearchParamProblem, type SearchQueryParams } from '@procedo/client-api';
import { readTimeTravelQuery, type TimeTravelState, writeTimeTravelQuery } from '@procedo/forms-react';

/**
 * The query parameters of the generic form page (`/form?WebTemplateNo=…`, spec §2) that act in
 * this host. Every other parameter the spec lists is accepted and ignored (see the README).
 */
export interface FormPageQuery {
  /** `WebTemplateNo`: the form; `null` when missing or not a positive whole number. */
  webTemplateNo: number | null;
  /** `UGoToItemNo`: the record to open; `null` (missing, empty or `0`) opens a new record. */
  recordId: number | null;
  /** `a_nofocus=1`: do not move the focus into the form after it loads. */
  noFocus: boolean;
  /** `a_pbrl=1`: the title's help icon opens help in a right-hand frame instead of a new window. */
  helpInFrame: boolean;
  /** `FormElementName`: the element to focus after load (instead of the first editable field). */
  focusElement: string | null;
  /**
   * `Timepoint` (UTC; `yyyy-MM-dd HH:mm` or ISO 8601 with `Z`, normalised to the first): the page
   * shows the data as it was then, read-only. `null` for the current data.
   */
  timepoint: string | null;
  /** `TimepointPrev`: the timepoint viewed before this one (the toggle's "previous timepoint"). */
  previousTimepoint: string | null;
  /** A `Timepoint` that is not a time, as given: the page says so instead of showing data. */
  malformedTimepoint: string | null;
  /** `a_rowtarget`: the target result rows open in (e.g. `record_dialog`); `null` = this window. */
  rowTarget: string | null;
  /**
   * `dataRf`: the parent page's data source this record was opened from (`results`: the search
   * page's result list, for previous/next); `null` when the page stands alone.
   */
  dataSource: string | null;
  /**
   * `a_step_id`: the user-process step (a `form` or `detail-page` step) that opened this page;
   * the page shows the step's completion bar. `null` when the page was not opened by a step.
   */
  stepId: number | null;
  /** `WFRun_AutoRun=1`: a search form runs its search as it opens, with its criteria as they are. */
  autoRun: boolean;
  /** `WFRun_ScrollX`: the result grid opens scrolled this many px to the right (0–1,000,000). */
  scrollX: number;
  /** `WFRun_ScrollY`: the result grid opens scrolled this many px down (0–100,000,000); its rows load from there. */
  scrollY: number;
  /** `WFRun_PageSize`: rows the result grid asks for at a time (1–500); `null`: the list's own `PageSize`. */
  pageSize: number | null;
  /** `WFRun_Selectable`: `1`/`true`/`single` one row at a time, `2`/`multiple` several, else none. */
  selectable: 'none' | 'single' | 'multiple';
  /** The result grid's view: `text`, `sort`, `where`, `filterIds` (see `readSearchParams`). */
  grid: SearchQueryParams;
  /** Grid parameters that could not be read; the page says which instead of showing other rows. */
  gridProblems: SearchParamProblem[];
  /**
   * `a_BasedOnTemplateNo` with `UGoToItemNo`: a new record of this form, pre-filled from record
   * `UGoToItemNo` as form `a_BasedOnTemplateNo` shows it (`recordId` is then `null`). `null` otherwise.
   */
  basedOn: { webTemplateNo: number; recordId: number } | null;
  /**
   * `CallerReasonId`: the reason (a reference such as `DEV-0042`) of the caller that opened the
   * page; the audit sign-off of a save starts with it as its reason. `null` when absent or malformed.
   */
  callerReason: string | null;
  /**
   * `WFEVENT_UICOMMANDID`: the process command started (with the saved record as its variables)
   * after each successful save of a record on this page. `null` for none.
   */
  afterSaveCommandId: number | null;
  /**
   * `a_postback` (host extension): the key of values a silent postback sent into this popup; a new
   * record starts with them. `null` otherwise.
   */
  postbackKey: string | null;
}

const POSITIVE_INT = /^[1-9]\d{0,14}$/;
const ELEMENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const TARGET = /^[A-Za-z0-9_-]{1,64}$/;
const POSTBACK_KEY = /^postback-[a-z0-9-]{1,40}$/;
const CALLER_REASON = /^[A-Za-z0-9][A-Za-z0-9 _.:/#-]{0,99}$/;

const positiveInt = (text: string | null) =>
  text !== null && POSITIVE_INT.test(text.trim()) ? Number(text.trim()) : null;
// spec §4: a flag '0' counts as false; our flags are on only with '1' or 'true'.
const flag = (text: string | null) => text !== null && /^(1|true)$/i.test(text.trim());

/** A whole number of pixels from 0 to `max`; anything else is 0 (the top, the left). */
const pixels = (text: string | null, max: number) => {
  const value = text !== null && /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : 0;
  return value <= max ? value : 0;
};
const selectable = (text: string | null): FormPageQuery['selectable'] => {
  const value = text?.trim().toLowerCase() ?? '';
  if (value === '2' || value === 'multiple') return 'multiple';
  if (value === '1' || value === 'true' || value === 'single') return 'single';
  return 'none';
};

/** Reads the form page's query (names as the spec writes them; values trimmed and checked). */
export function parseFormQuery(params: URLSearchParams): FormPageQuery {
  const focusElement = params.get('FormElementName')?.trim() ?? '';
  const rowTarget = params.get('a_rowtarget')?.trim() ?? '';
  const dataSource = params.get('dataRf')?.trim() ?? '';
  const webTemplateNo = positiveInt(params.get('WebTemplateNo'));
  const itemNo = positiveInt(params.get('UGoToItemNo'));
  const basedOnTemplateNo = positiveInt(params.get('a_BasedOnTemplateNo'));
  const basedOn =
    basedOnTemplateNo !== null && itemNo !== null
      ? { webTemplateNo: basedOnTemplateNo, recordId: itemNo }
      : null;
  // `ElementTemplateNo` names the form `FormElementName` belongs to: another form's element is not ours to focus.
  const elementTemplateNo = params.has('ElementTemplateNo')
    ? positiveInt(params.get('ElementTemplateNo'))
    : webTemplateNo;
  const callerReason = params.get('CallerReasonId')?.trim() ?? '';
  return {
    webTemplateNo,
    recordId: basedOn ? null : itemNo,
    noFocus: flag(params.get('a_nofocus')),
    helpInFrame: flag(params.get('a_pbrl')),
    focusElement:
      ELEMENT_NAME.test(focusElement) && elementTemplateNo === webTemplateNo ? focusElement : null,
    ...readTimeTravelQuery(params),
    rowTarget: TARGET.test(rowTarget) ? rowTarget : null,
    dataSource: TARGET.test(dataSource) ? dataSource : null,
    stepId: positiveInt(params.get('a_step_id')),
    autoRun: flag(params.get('WFRun_AutoRun')),
    scrollX: pixels(params.get('WFRun_ScrollX'), 1_000_000),
    scrollY: pixels(params.get('WFRun_ScrollY'), 100_000_000),
    pageSize: (() => {
      const size = positiveInt(params.get('WFRun_PageSize'));
      return size !== null && size <= 500 ? size : null;
    })(),
    selectable: selectable(params.get('WFRun_Selectable')),
    ...(() => {
      const { query, problems } = readSearchParams(params);
      return { grid: query, gridProblems: problems };
    })(),
    basedOn,
    callerReason: CALLER_REASON.test(callerReason) ? callerReason : null,
    afterSaveCommandId: positiveInt(params.get('WFEVENT_UICOMMANDID')),
    postbackKey: (() => {
      const key = params.get('a_postback')?.trim() ?? '';
      return POSTBACK_KEY.test(key) ? key : null;
    })(),
  };
}

/**
 * The address of a record of a form, as result rows link to it. A row opened in another window or
 * a dialog names its parent data source (`dataRf`), which it looks up for previous/next.
 */
export function recordHref(
  webTemplateNo: number,
  recordId: number,
  target?: string | null,
  dataSource?: string | null,
  timeTravel?: TimeTravelState,
): string {
  const params = new URLSearchParams({ WebTemplateNo: String(webTemplateNo), UGoToItemNo: String(recordId) });
  if (target) params.set('a_target', target);
  if (target && dataSource) params.set('dataRf', dataSource);
  // A record opened from a list viewed at a timepoint opens at that timepoint too.
  return `/form?${timeTravel ? writeTimeTravelQuery(params, timeTravel) : params}`;
}

/**
 * A host link with the time-travel state of the page it is on (navigation inside the app keeps
 * the timepoint): a link to a form or a process page (`/form?…`, `/apps/flow/…`) without its own
 * `Timepoint` gets the page's `Timepoint` and `TimepointPrev`. Other pages are unchanged.
 */
export function withPageTimeTravel(href: string, pageParams: URLSearchParams): string {
  const state = readTimeTravelQuery(pageParams);
  // The pages that show business data: forms, the process pages and the home page's process list.
  const keeps =
    href.startsWith('/form?') ||
    href.startsWith('/apps/flow/') ||
    href.startsWith('/dashboard?') ||
    href === '/' ||
    href.startsWith('/?') ||
    href.startsWith('/#');
  if (state.timepoint === null || !keeps) return href;
  const url = new URL(href, 'http://host.invalid');
  if (url.searchParams.has('Timepoint')) return href;
  return `${url.pathname}?${writeTimeTravelQuery(url.searchParams, state)}${url.hash}`;
}

/** Where a host link opens: `a_target` (and `a_size`) in its query name a target of the opener. */
export interface LinkTarget {
  /** The path and query to open, without `a_target` / `a_size`. */
  url: string;
  /** The target for `useFormOpener().open`, or `null` to navigate this window. */
  target: string | null;
  /** The `a_size` text (`max2`, `800x400`…), or `null`. */
  size: string | null;
}

/** Splits a host path's `a_target` / `a_size` off (they say where the link opens, not what). */
export function readLinkTarget(href: string): LinkTarget {
  const url = new URL(href, 'http://host.invalid');
  const target = url.searchParams.get('a_target')?.trim() || null;
  const size = url.searchParams.get('a_size')?.trim() || null;
  url.searchParams.delete('a_target');
  url.searchParams.delete('a_size');
  const isSelf = target === null || /^_?self$/i.test(target) || /_self$/i.test(target);
  return { url: `${url.pathname}${url.search}${url.hash}`, target: isSelf ? null : target, size };
}
