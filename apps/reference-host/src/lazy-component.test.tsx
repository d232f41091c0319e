// @vitest-environment jsdom
import { act, Component, type ReactNode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPagesFor } from './App';
import { DashboardPanelCode } from './dashboards/LazyDashboardPanel';
import { type LazyComponent, lazyComponent, useLoaded } from './lazy-component';
import { DashboardPage, HomePage, RootRoute } from './routes/lazy-pages';

// React's act() environment, so renders and their effects are flushed inside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | null = null;
afterEach(() => {
  vi.restoreAllMocks();
  unmount?.();
  unmount = null;
});

function Hello() {
  return <p>hello</p>;
}

function Greeting({ to }: { to: string }) {
  return <p>hello {to}</p>;
}

/** A Suspense fallback that notes each time it is rendered. */
function Fallback({ log }: { log: string[] }) {
  log.push('fallback');
  return <p>loading</p>;
}

/** A page that shows its own placeholder until `part`'s code has arrived. */
function Host({ part }: { part: LazyComponent<{ to: string }> }) {
  const Part = part;
  return useLoaded(part) ? <Part to="you" /> : <p>placeholder</p>;
}

class Boundary extends Component<
  { children: ReactNode; onError(error: unknown): void },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

/** Renders `element`; returns the container. */
async function render(element: ReactNode) {
  const container = document.createElement('div');
  const root = createRoot(container);
  unmount = () => act(() => root.unmount());
  await act(async () => {
    root.render(element);
  });
  return container;
}

/** Renders `page` in a Suspense boundary; returns what was shown: the fallback if it was, then the content. */
async function commitsOf(page: ReactNode) {
  const shown: string[] = [];
  const container = await render(<Suspense fallback={<Fallback log={shown} />}>{page}</Suspense>);
  shown.push(container.textContent ?? '');
  return shown;
}

const hello = () => lazyComponent(async () => ({ Hello }), 'Hello');
const greeting = () => lazyComponent<'Greeting', { to: string }>(async () => ({ Greeting }), 'Greeting');
const missing = () =>
  lazyComponent<'Greeting', { to: string }>(async () => {
    throw new Error('chunk missing');
  }, 'Greeting');

describe('a lazily loaded component', () => {
  it('renders at once, without a loading state, once its code has been preloaded', async () => {
    const Page = hello();
    await Page.preload();
    expect(await commitsOf(<Page />)).toEqual(['hello']);
  });

  it('shows the loading state while its code loads when nothing preloaded it', async () => {
    const Page = hello();
    expect(await commitsOf(<Page />)).toEqual(['fallback', 'hello']);
  });

  it('loads its code once however often it is asked for', async () => {
    let loads = 0;
    const Page = lazyComponent(async () => {
      loads += 1;
      return { Hello };
    }, 'Hello');
    await Promise.all([Page.preload(), Page.preload()]);
    await commitsOf(<Page />);
    expect(loads).toBe(1);
  });

  it('says when its code cannot be loaded', async () => {
    const Part = missing();
    await expect(Part.preload()).rejects.toThrow('chunk missing');
    expect(Part.isLoaded()).toBe(false);
  });
});

describe('a part of a page loaded later (useLoaded)', () => {
  it('shows the page’s own placeholder, never a Suspense fallback, until the code has arrived', async () => {
    const Part = greeting();
    expect(await commitsOf(<Host part={Part} />)).toEqual(['hello you']);
    expect(Part.isLoaded()).toBe(true);
  });

  it('renders the component, which throws to the error boundary, when its code cannot be loaded', async () => {
    // React reports a caught error on the console too.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const caught: unknown[] = [];
    const container = await render(
      <Boundary onError={(error) => caught.push(error)}>
        <Host part={missing()} />
      </Boundary>,
    );
    expect(caught).toEqual([new Error('chunk missing')]);
    expect(container.textContent).toBe('failed');
  });
});

describe('preloading the pages of an address', () => {
  it('loads the signed-in layout and the page inside it', async () => {
    await preloadPagesFor('/dashboard');
    for (const page of [RootRoute, DashboardPage]) expect(page.isLoaded()).toBe(true);
  }, 30_000);

  it('loads the home page with its dashboard’s code', async () => {
    await preloadPagesFor('/');
    expect(HomePage.isLoaded()).toBe(true);
    expect(DashboardPanelCode.isLoaded()).toBe(true);
  }, 30_000);
});
