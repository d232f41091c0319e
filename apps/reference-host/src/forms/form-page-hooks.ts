import type { FormDefinition } from '@procedo/client-api';
import {
  type FormStore,
  type ResultRow,
  registerDataSource,
  setShowsPageCommands,
  shouldShowFloatingCommands,
} from '@procedo/forms-react';
import { type MouseEvent, type RefObject, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type FormPageQuery, recordHref } from './form-query';
import { pageCommandsOf } from './PageCommands';
import { RESULTS_DATA_SOURCE, resultsDataSource } from './parent-records';
import { useOpenHostLink } from './useOpenHostLink';

/** Focus on arrival: `FormElementName`'s field, else the first editable one, unless `a_nofocus=1`. */
export function useInitialFocus(formRef: RefObject<HTMLElement | null>, query: FormPageQuery): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the form is on screen
  useEffect(() => {
    if (query.noFocus) return;
    const root = formRef.current;
    if (!root) return;
    const editable =
      'input:not([type=hidden]):not([readonly]):not([disabled]), textarea:not([readonly]), select';
    const scope = query.focusElement ? root.querySelector(`[data-name="${query.focusElement}"]`) : root;
    scope?.querySelector<HTMLElement>(editable)?.focus();
  }, []);
}

/** The result list is the parent data source of the records opened from it elsewhere. */
export function useResultsDataSource(
  definition: FormDefinition,
  rows: readonly Pick<ResultRow, 'Id'>[] | undefined,
): void {
  useEffect(() => {
    if (rows === undefined) return;
    const list = definition.Elements.find((element) => element.Kind === 'results');
    const opens = (list?.Kind === 'results' ? list.OpenWebTemplateNo : undefined) ?? definition.WebTemplateNo;
    return registerDataSource(
      window,
      RESULTS_DATA_SOURCE,
      resultsDataSource(
        opens,
        rows.map((row) => row.Id),
      ),
    );
  }, [rows, definition]);
}

/** A created record moves the address to it, once the dirty flag is reset so nothing blocks it. */
export function useCreatedRecordAddress(createdId: number | null, isDirty: boolean): void {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  useEffect(() => {
    if (createdId === null || isDirty) return;
    const next = new URLSearchParams(searchParams);
    next.set('UGoToItemNo', String(createdId));
    navigate(`/form?${next}`, { replace: true });
  }, [createdId, isDirty, navigate, searchParams]);
}

/**
 * The floating page commands (spec §2): the form's top-level buttons, unless the page is in a
 * dialog or frame whose parent shows its own; a page that shows them marks its window.
 */
export function useFloatingCommands(definition: FormDefinition, store: FormStore) {
  const [showsFloating] = useState(() => shouldShowFloatingCommands(window));
  const commands = useMemo(() => pageCommandsOf(definition, store), [definition, store]);
  const isShown = showsFloating && commands.length > 0;
  useEffect(() => (isShown ? setShowsPageCommands(window, true) : undefined), [isShown]);
  return { commands, isShown };
}

/** Result links open in the app (or through the form opener when they carry a target). */
export function useResultLinkClicks(title: string) {
  const openHostLink = useOpenHostLink();
  return (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a[href]');
    if (!anchor?.closest('.procedo-ResultList, .procedo-DataGrid')) return;
    const href = anchor.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    openHostLink(href, anchor.textContent?.trim() || title);
  };
}

/**
 * The link of a result row: the record in the app, or in the row target the query names; at the
 * timepoint the list is viewed at.
 */
export function useRowHref({ rowTarget, timepoint, previousTimepoint }: FormPageQuery) {
  return useMemo(
    () =>
      ({ row, webTemplateNo }: { row: ResultRow; webTemplateNo: number }) =>
        recordHref(webTemplateNo, row.Id, rowTarget, RESULTS_DATA_SOURCE, { timepoint, previousTimepoint }),
    [rowTarget, timepoint, previousTimepoint],
  );
}
