import { isHttpStatusError } from '@procedo/client-api';
import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { useSignedIn } from '../shell/signed-in-context';
import { userMessage } from '../user-message';

/** What {@link useLoad} gives: the data, or why it is missing, and a way to load it again. */
export type LoadResult<T> =
  | { kind: 'loading'; reload(): void }
  | { kind: 'ready'; data: T; reload(): void }
  | { kind: 'error'; message: string; status: number | null; reload(): void };

type LoadState<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; data: T }
  | { kind: 'error'; message: string; status: number | null };

/**
 * Loads data for a page: a failed call becomes a message on the page (the server's own text),
 * and anything but an HTTP answer also goes through the §8 error handler. Reloads when `deps`
 * change or `reload()` is called; an answer that arrives after a newer load started is dropped.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): LoadResult<T> {
  const { errorHandler } = useSignedIn();
  const [state, setState] = useState<LoadState<T>>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to reload
  useEffect(() => {
    let isCurrent = true;
    load()
      .then((data) => {
        if (isCurrent) setState({ kind: 'ready', data });
      })
      .catch((cause: unknown) => {
        if (!isCurrent) return;
        console.error(cause);
        setState({
          kind: 'error',
          message: userMessage(cause),
          status: isHttpStatusError(cause) ? cause.status : null,
        });
        if (!isHttpStatusError(cause)) errorHandler.handle(cause);
      });
    return () => {
      isCurrent = false;
    };
  }, [...deps, generation]);

  return { ...state, reload } as LoadResult<T>;
}
