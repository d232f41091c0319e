/**
 * Where a process step's page opens, and where a finished run goes (spec §2 "How forms open",
 * §4 "User-process step run", §6 Supervisor). Pure: no React, no window.
 */

/** Where a step's `UrlToOpen` opens, by its `UrlToOpenTarget`. */
export type StepTargetKind =
  /** Empty, or a name ending `_dialog`: a dialog titled with the step name, not modal. */
  | 'dialog'
  /** A name starting (or ending) `_tab`: a named tab. */
  | 'tab'
  /** A name starting `_blank`: a new window. */
  | 'window'
  /** `_self`: this page. */
  | 'self'
  /** `_top`: the top window. */
  | 'top'
  /** `_parent`: the parent window. */
  | 'parent'
  /** Any other name: the frame or window of that name. */
  | 'frame';

/**
 * Classifies a step's `UrlToOpenTarget` (spec §2): empty or ending `_dialog` → `dialog`; starting
 * or ending `_tab` → `tab`; starting `_blank` → `window`; `_self`, `_top`, `_parent` (also as
 * suffixes) → that window; any other name → `frame`. Case is ignored.
 *
 * @example classifyStepTarget('') // 'dialog'
 * @example classifyStepTarget('_tab_orders') // 'tab'
 */
export function classifyStepTarget(target: string | null | undefined): StepTargetKind {
  const name = (target ?? '').trim().toLowerCase();
  // Unlike a form link (where an empty target is a popup), a step with no target opens in a dialog.
  if (name === '' || name.endsWith('_dialog')) return 'dialog';
  if (name.startsWith('_tab') || name.endsWith('_tab')) return 'tab';
  if (name.startsWith('_blank')) return 'window';
  for (const kind of ['self', 'top', 'parent'] as const) {
    if (name === `_${kind}` || name.endsWith(`_${kind}`)) return kind;
  }
  return 'frame';
}

/**
 * The opening target to hand to the form opener of `@procedo/forms-react` for a step target: an
 * empty target becomes `_dialog` (a step with no target opens in a dialog, spec §2).
 */
export function stepOpenTarget(target: string | null | undefined): string {
  const name = (target ?? '').trim();
  return name === '' ? '_dialog' : name;
}

/** The flow home page (process explorer) of a process; with a step id, that step is selected. */
export function flowHomeHref(processId: number, stepId?: number | null): string {
  const query = new URLSearchParams({ id: String(processId) });
  if (stepId !== undefined && stepId !== null) query.set('stepid', String(stepId));
  return `/apps/flow/home/flow?${query.toString()}`;
}

/** The process step page of a process. */
export function stepPageHref(processId: number): string {
  return `/apps/flow/step/?id=${encodeURIComponent(String(processId))}`;
}

/**
 * Spec §4, §6: where a finished run goes — supervisors to the flow home page, others to the step
 * page.
 */
export function completionHref(options: {
  processId: number;
  stepId?: number | null;
  isSupervisor: boolean;
}): string {
  return options.isSupervisor
    ? flowHomeHref(options.processId, options.stepId)
    : stepPageHref(options.processId);
}

/** The `a_step_id` query parameter of a page URL (a page opened by a step), or `null`. */
export function stepIdFromUrl(url: string | URL): number | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://localhost/');
  } catch {
    return null;
  }
  const value = parsed.searchParams.get('a_step_id');
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
