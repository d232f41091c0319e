import { Messages } from '@procedo/client-api';

/**
 * The window property that holds a page's data sources by name. A property of the window (not a
 * module variable) because the pages that look them up run their own copy of this package.
 */
export const DATA_SOURCES_PROPERTY = '__procedoDataSources';

/** How far up the opener/parent chain the lookup goes before it gives up. */
const MAX_WINDOWS_VISITED = 16;

/** Thrown when no window above this one holds the data source (spec §8). */
export class ParentDataSourceError extends Error {
  readonly isParentDataSourceError = true;
  /** The data source looked for. */
  readonly dataSourceName: string;

  constructor(dataSourceName: string, options?: { cause?: unknown }) {
    super(Messages.parentDataExpired, options);
    this.name = 'ParentDataSourceError';
    this.dataSourceName = dataSourceName;
  }
}

/** The window links the lookup walks (a real `Window` fits). */
export interface LinkedWindow {
  readonly opener?: unknown;
  readonly parent?: unknown;
}

type DataSources = Record<string, unknown>;

/**
 * Registers a data source (search results, the record of a page…) on a window so that the pages it
 * opens — popups, tabs, dialogs and frames — can find it with {@link findParentDataSource}.
 * Returns a function that removes it again.
 *
 * @example
 * useEffect(() => registerDataSource(window, 'results', results), [results]);
 */
export function registerDataSource(win: object, name: string, source: unknown): () => void {
  const holder = win as Record<string, unknown>;
  const existing = holder[DATA_SOURCES_PROPERTY];
  const sources: DataSources =
    existing && typeof existing === 'object' ? (existing as DataSources) : Object.create(null);
  holder[DATA_SOURCES_PROPERTY] = sources;
  sources[name] = source;
  return () => {
    if (sources[name] === source) delete sources[name];
  };
}

function sourceOn(candidate: object, name: string): { found: boolean; source?: unknown } {
  try {
    if ((candidate as { closed?: unknown }).closed === true) return { found: false };
    const sources = (candidate as Record<string, unknown>)[DATA_SOURCES_PROPERTY];
    if (sources && typeof sources === 'object' && Object.hasOwn(sources, name)) {
      return { found: true, source: (sources as DataSources)[name] };
    }
  } catch {
    // A cross-origin window throws a SecurityError on any property read: not our data.
  }
  return { found: false };
}

function linksOf(candidate: object): object[] {
  const links: object[] = [];
  for (const key of ['opener', 'parent'] as const) {
    try {
      const linked = (candidate as LinkedWindow)[key];
      // A top window is its own parent.
      if (linked && typeof linked === 'object' && linked !== candidate) links.push(linked);
    } catch {
      // Cross-origin: the chain stops here.
    }
  }
  return links;
}

/**
 * Finds a data source in the windows above this one — its opener and its parent, then theirs —
 * nearest first, reading same-origin windows only. Throws {@link ParentDataSourceError} (its
 * message is spec §8's 'The data on the parent page has expired or is invalid…') when none holds
 * it, for example because the parent page was closed, reloaded or navigated away.
 */
export function findParentDataSource<T = unknown>(win: LinkedWindow, name: string): T {
  const visited = new Set<object>([win]);
  const queue = linksOf(win);
  while (queue.length > 0 && visited.size <= MAX_WINDOWS_VISITED) {
    const candidate = queue.shift()!;
    if (visited.has(candidate)) continue;
    visited.add(candidate);
    const { found, source } = sourceOn(candidate, name);
    if (found) return source as T;
    queue.push(...linksOf(candidate));
  }
  throw new ParentDataSourceError(name);
}

/** Whether a value is a {@link ParentDataSourceError}, also one thrown in another window. */
export function isParentDataSourceError(error: unknown): error is ParentDataSourceError {
  return (
    error instanceof ParentDataSourceError ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { isParentDataSourceError?: unknown }).isParentDataSourceError === true)
  );
}
