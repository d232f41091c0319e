/** A part of the package that is loaded with `import()` the first time it is needed; see {@link onDemand}. */
export interface OnDemand<T> {
  /** Starts the load unless it is running or done; resolves with the part once it is there. */
  load(): Promise<T>;
  /** Starts the load as a hint (a hover, a focus), ignoring a failure: the next `load()` tries again. */
  preload(): void;
  /** The part once it has loaded, for synchronous use (no render waits for it again); `null` before. */
  loaded(): T | null;
}

/**
 * Loads a part of the package (a chunk of its own, so the main entry goes without it) once, on
 * demand: `load()` runs `importPart` the first time and gives every later caller the same load.
 * A failed load (a dropped connection, a new deployment) is forgotten, so the next `load()` tries
 * again instead of failing for good.
 *
 * @example
 * const overlay = onDemand(() => import('./HelpTooltipOverlay').then((module) => module.HelpTooltipOverlay));
 */
export function onDemand<T>(importPart: () => Promise<T>): OnDemand<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const load = () => {
    loading ??= importPart().then(
      (part) => {
        loaded = part;
        return part;
      },
      (cause: unknown) => {
        loading = null;
        throw cause;
      },
    );
    return loading;
  };
  return {
    load,
    preload: () => {
      if (loaded === null) load().catch(() => undefined);
    },
    loaded: () => loaded,
  };
}
