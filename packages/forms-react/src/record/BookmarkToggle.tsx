import {
  type BookmarkState,
  type BookmarksApi,
  type CallbackClient,
  isCallbackError,
  isHttpStatusError,
} from '@procedo/client-api';
import { useEffect, useId, useState } from 'react';
import { useFormsTexts } from '../i18n/texts';
import type { BookmarkToggleLabels } from './bookmark-labels';

export { BOOKMARK_TOGGLE_LABELS, type BookmarkToggleLabels } from './bookmark-labels';

/** Props of {@link BookmarkToggle}. */
export interface BookmarkToggleProps {
  /** Toggles on the server: the host's callback client (`ToggleBookmarkSelectedRecord`). */
  callback: Pick<CallbackClient, 'toggleBookmark'>;
  /** Reads the current state when {@link BookmarkToggleProps.isSelected} is not given (`v1.bookmarks`). */
  bookmarks?: Pick<BookmarksApi, 'get'>;
  /** The record form (the bookmark's table id). */
  webTemplateNo: number;
  recordId: number;
  /** The state when the host knows it already. @default read with `bookmarks.get` */
  isSelected?: boolean;
  /** Time travel, or a record that cannot change: the toggle shows its state and does nothing. @default false */
  isDisabled?: boolean;
  /** After the server confirmed a change. */
  onChange?: (event: { isSelected: boolean; webTemplateNo: number; recordId: number }) => void;
  /** Texts to override. @default the catalogue's `forms.bookmarkToggle` */
  labels?: Partial<BookmarkToggleLabels>;
}

type State = { kind: 'loading' } | { kind: 'ready'; isSelected: boolean };

function failureText(error: unknown, fallback: string): string {
  if (isCallbackError(error)) return error.serverMessage;
  if (isHttpStatusError(error) && error.serverMessage) return error.serverMessage;
  return fallback;
}

/**
 * The record form's bookmark toggle (spec §2, §4): a toggle button whose state changes only after
 * the server confirms the call; on a failure it keeps its state and shows the server's message.
 */
export function BookmarkToggle(props: BookmarkToggleProps) {
  const { callback, bookmarks, webTemplateNo, recordId, isDisabled = false, onChange } = props;
  const L = { ...useFormsTexts().bookmarkToggle, ...props.labels };
  const known = props.isSelected;
  const [state, setState] = useState<State>(
    known === undefined ? { kind: 'loading' } : { kind: 'ready', isSelected: known },
  );
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  useEffect(() => {
    if (known !== undefined) {
      setState({ kind: 'ready', isSelected: known });
      return;
    }
    if (!bookmarks) return;
    let isCurrent = true;
    setState({ kind: 'loading' });
    bookmarks.get(webTemplateNo, recordId).then(
      (answer: BookmarkState) => {
        if (isCurrent) setState({ kind: 'ready', isSelected: answer.Selected });
      },
      (cause: unknown) => {
        if (isCurrent) setError(failureText(cause, L.failed));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [bookmarks, webTemplateNo, recordId, known, L.failed]);

  const isSelected = state.kind === 'ready' && state.isSelected;
  const toggle = async () => {
    if (state.kind !== 'ready' || isPending || isDisabled) return;
    setPending(true);
    setError(null);
    try {
      const answer = await callback.toggleBookmark(webTemplateNo, recordId);
      // spec §4: the icon toggles after a successful call, to the state the server answered.
      setState({ kind: 'ready', isSelected: answer.Selected });
      onChange?.({ isSelected: answer.Selected, webTemplateNo, recordId });
    } catch (cause) {
      setError(failureText(cause, L.failed));
    } finally {
      setPending(false);
    }
  };

  return (
    <span className="procedo-BookmarkToggle" data-selected={isSelected || undefined}>
      <button
        type="button"
        className="procedo-Button procedo-BookmarkToggle-button"
        aria-label={L.name}
        aria-pressed={isSelected}
        aria-busy={state.kind === 'loading' || isPending || undefined}
        aria-describedby={error ? errorId : undefined}
        // aria-disabled keeps it focusable and announced while a call is under way.
        aria-disabled={state.kind !== 'ready' || isPending || isDisabled || undefined}
        title={isSelected ? L.remove : L.add}
        onClick={toggle}
      >
        <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24">
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z"
            fill={isSelected ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {error ? (
        <span id={errorId} role="alert" className="procedo-BookmarkToggle-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
