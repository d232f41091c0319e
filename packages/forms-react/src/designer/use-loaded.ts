import { type DependencyList, useEffect, useState } from 'react';

/** What {@link useLoaded} gives: the data, or why it is missing. */
export type Loaded<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'error'; message: string };

/** The text to show for a failed call: the server's own message when it sent one. */
export function failureText(error: unknown): string {
  const top = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined;
  const body = top?.body as { Message?: unknown } | undefined;
  if (typeof top?.serverMessage === 'string' && top.serverMessage) return top.serverMessage;
  if (typeof body?.Message === 'string' && body.Message) return body.Message;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/**
 * Loads data for a designer part; reloads when `deps` change. An answer that arrives after a
 * newer load started is dropped, so a slow old answer never overwrites a newer one.
 */
export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to reload
  useEffect(() => {
    let isCurrent = true;
    load().then(
      (data) => {
        if (isCurrent) setState({ kind: 'ready', data });
      },
      (cause: unknown) => {
        if (isCurrent) setState({ kind: 'error', message: failureText(cause) });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [...deps]);
  return state;
}
