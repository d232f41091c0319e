/**
 * Calls started before the first render (main.tsx, through `prefetch-data.ts`), so the session and
 * a page's data travel while the page's code is read and React renders, instead of after. Each is
 * handed once to the first reader asking for the same key; later reads (a reload, another visit)
 * call the server again. One nobody reads within {@link PREFETCH_TTL_MS} is dropped.
 */
const PREFETCH_TTL_MS = 10_000;

const started = new Map<string, { promise: Promise<unknown>; at: number }>();

/** Starts `load` now and keeps its answer (or failure) for the first {@link takePrefetched} of `key`. */
export function prefetch<T>(key: string, load: () => Promise<T>, now = Date.now()): void {
  const promise = load();
  // The reader sees the failure; until then it is not an unhandled rejection.
  promise.catch(() => undefined);
  started.set(key, { promise, at: now });
}

/** The call started for `key` if there is a fresh one (once), or `load()`. */
export function takePrefetched<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const entry = started.get(key);
  started.delete(key);
  if (entry && now - entry.at <= PREFETCH_TTL_MS) return entry.promise as Promise<T>;
  return load();
}

/** Drops every prefetched call but `keep`'s: their answers no longer hold (the session read failed). */
export function dropPrefetched(keep?: string): void {
  for (const key of [...started.keys()]) if (key !== keep) started.delete(key);
}

/** The keys of what is prefetched, shared by the prefetching and the reading side. */
export const prefetchKeys = {
  session: 'session',
  dashboard: (id: number, timepoint: string | null) => `dashboard:${id}:${timepoint ?? ''}`,
};
