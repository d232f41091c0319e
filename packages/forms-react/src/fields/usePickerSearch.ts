import { isHttpStatusError, type PickerValue } from '@procedo/client-api';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What a picker's search answers: one page of matches, and whether the server holds more. */
export interface PickerSearchResult {
  Items: PickerValue[];
  HasMore: boolean;
}

/** A picker's search: the typed text and a signal aborted when a newer search replaces this one. */
export type PickerSearch = (text: string, signal: AbortSignal) => Promise<PickerSearchResult>;

/** Spec §5 autocomplete: the pause after the last keystroke before the search runs. */
export const PICKER_SEARCH_DELAY_MS = 150;

/** Where a picker's search stands. */
export type PickerSearchStatus = 'idle' | 'too-short' | 'searching' | 'done' | 'failed';

interface SearchState {
  status: PickerSearchStatus;
  items: PickerValue[];
  hasMore: boolean;
  /** A failed search's own message from the server (a refused request), when it sent one. */
  message?: string | undefined;
}

const IDLE: SearchState = { status: 'idle', items: [], hasMore: false };

/**
 * The debounced, abortable search behind a picker: `request(text)` aborts the running search at
 * once, then searches `delayMs` after the last request when the text is at least `minLength` long.
 */
export function usePickerSearch(search: PickerSearch, minLength: number, delayMs: number) {
  const [state, setState] = useState<SearchState>(IDLE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<AbortController | null>(null);
  const searchRef = useRef(search);
  useLayoutEffect(() => {
    searchRef.current = search;
  });

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    running.current?.abort();
    running.current = null;
  }, []);

  const request = useCallback(
    (text: string) => {
      cancel();
      if (text.length < minLength) {
        setState({ status: 'too-short', items: [], hasMore: false });
        return;
      }
      setState((previous) => ({ ...previous, status: 'searching' }));
      timer.current = setTimeout(() => {
        timer.current = undefined;
        const controller = new AbortController();
        running.current = controller;
        Promise.resolve()
          .then(() => searchRef.current(text, controller.signal))
          .then(
            (result) => {
              if (controller.signal.aborted) return;
              running.current = null;
              setState({ status: 'done', items: result.Items, hasMore: result.HasMore });
            },
            (error: unknown) => {
              if (controller.signal.aborted) return;
              running.current = null;
              setState({ status: 'failed', items: [], hasMore: false, message: refusalMessage(error) });
            },
          );
      }, delayMs);
    },
    [cancel, minLength, delayMs],
  );

  /** Stops any search and forgets its state. */
  const reset = useCallback(() => {
    cancel();
    setState(IDLE);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return { ...state, request, reset };
}

/**
 * The server's own message for a refused search (a 4xx with `{ Message }`, such as a search stopped
 * at the time limit, which says how to narrow it), as the grid shows it; none for a server failure.
 */
function refusalMessage(error: unknown): string | undefined {
  if (isHttpStatusError(error) && error.status >= 400 && error.status < 500) return error.serverMessage;
  return undefined;
}
