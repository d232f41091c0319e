import { type ComponentType, type ReactNode, type ReactPromise, use, useEffect, useState } from 'react';

/**
 * A promise that says whether it has settled, as React's `use` reads it (`ReactPromise`: no
 * suspending once it says fulfilled).
 */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** A component whose code loads on first use, or earlier through {@link LazyComponent.preload}. */
export interface LazyComponent<Props extends object> {
  (props: Props): ReactNode;
  displayName?: string;
  /** Starts loading the code (once) and resolves when it has arrived. */
  preload(): Promise<ComponentType<Props>>;
  /** Whether the code has arrived: the component then renders without suspending. */
  isLoaded(): boolean;
}

/**
 * Export `name` of the module `load` imports, as a component loaded in a chunk of its own.
 *
 * Unlike `React.lazy`, a component whose code has arrived before it renders does not suspend at
 * all (`use` of a promise marked fulfilled). That matters because React holds content back for
 * 300 ms after any Suspense fallback was shown: the pages are preloaded before the first render
 * (boot.tsx), and the parts loaded later wait with {@link useLoaded} instead of a fallback. Code
 * that fails to load throws at the component, to the nearest error boundary, as `React.lazy` does.
 */
export function lazyComponent<Name extends string, Props extends object = Record<string, never>>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): LazyComponent<Props> {
  let loading: Tracked<ComponentType<Props>> | null = null;
  const preload = (): Tracked<ComponentType<Props>> => {
    if (loading) return loading;
    const promise: Tracked<ComponentType<Props>> = load().then((module) => module[name]);
    promise.then(
      (value) => {
        promise.status = 'fulfilled';
        promise.value = value;
      },
      (reason: unknown) => {
        promise.status = 'rejected';
        promise.reason = reason;
      },
    );
    loading = promise;
    return promise;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component, at module level
  const Lazy: LazyComponent<Props> = (props: Props) => {
    const Loaded = use(preload() as ReactPromise<ComponentType<Props>>);
    return <Loaded {...props} />;
  };
  Lazy.displayName = name;
  Lazy.preload = preload;
  Lazy.isLoaded = () => loading?.status === 'fulfilled';
  return Lazy;
}

/**
 * Loads `component`'s code and says whether it has arrived, so a page shows its own placeholder
 * meanwhile rather than a Suspense fallback (and React's 300 ms hold after one). Code that fails
 * to load counts as arrived: rendering the component then throws its error.
 */
export function useLoaded(component: { preload(): Promise<unknown>; isLoaded(): boolean }): boolean {
  const [isLoaded, setLoaded] = useState(component.isLoaded);
  useEffect(() => {
    if (isLoaded) return;
    let isCurrent = true;
    const done = () => {
      if (isCurrent) setLoaded(true);
    };
    component.preload().then(done, done);
    return () => {
      isCurrent = false;
    };
  }, [component, isLoaded]);
  return isLoaded;
}
