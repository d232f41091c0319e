// @vitest-environment jsdom
import { act, type ReactNode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadPagesFor } from '../App';
import { DashboardPage, lazyPage, RootRoute } from './lazy-pages';

// React's act() environment, so renders and their effects are flushed inside act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

/** Renders `page` in a Suspense boundary; returns what each commit showed. */
async function commitsOf(page: ReactNode) {
  const shown: string[] = [];
  const container = document.createElement('div');
  const root = createRoot(container);
  unmount = () => act(() => root.unmount());
  function Fallback() {
    shown.push('fallback');
    return <p>loading</p>;
  }
  await act(async () => {
    root.render(<Suspense fallback={<Fallback />}>{page}</Suspense>);
  });
  shown.push(container.textContent ?? '');
  return shown;
}

const hello = () => lazyPage(async () => ({ Hello: () => <p>hello</p> }), 'Hello');

describe('a lazily loaded page', () => {
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
    const Page = lazyPage(async () => {
      loads += 1;
      return { Hello: () => <p>hello</p> };
    }, 'Hello');
    await Promise.all([Page.preload(), Page.preload()]);
    await commitsOf(<Page />);
    expect(loads).toBe(1);
  });

  it('fails at the page when its code cannot be loaded', async () => {
    const Page = lazyPage(async (): Promise<{ Hello: () => ReactNode }> => {
      throw new Error('chunk missing');
    }, 'Hello');
    await expect(Page.preload()).rejects.toThrow('chunk missing');
  });
});

describe('preloading the pages of an address', () => {
  it('loads the signed-in layout and the page inside it', async () => {
    await preloadPagesFor('/dashboard');
    for (const page of [RootRoute, DashboardPage])
      expect(page.preload()).toMatchObject({ status: 'fulfilled' });
  }, 30_000);
});
