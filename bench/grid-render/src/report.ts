import { dataReady } from './data';
import { t0 } from './t0';

/** What a page reports to bench/grid-bench.mjs. */
export interface GridBenchReport {
  impl: string;
  t0: number;
  /** When the 100,000 rows had been generated. */
  dataReady: number;
  /** When the first data row's first cell had its text in the DOM. */
  firstRowsInDom: number;
  /** After the next frame: style, layout and paint done. */
  afterFrame: number;
}

/** The elements the benchmark drives on each page. */
export interface GridBenchTargets {
  /** The element that scrolls the rows. */
  scroller: HTMLElement;
  /** What to click to sort by the Product column. */
  sortControl: HTMLElement;
  /** The text of the first visible data row's Product cell. */
  firstProduct: () => string | null;
}

declare global {
  interface Window {
    __bench?: GridBenchReport;
    __benchTargets?: () => GridBenchTargets;
  }
}

/** Publishes the first-rows time once `selector` (a data cell) is in the DOM. */
export function reportWhenRendered(impl: string, selector: string, targets: () => GridBenchTargets): void {
  window.__benchTargets = targets;
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    const firstRowsInDom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      setTimeout(() => {
        window.__bench = { impl, t0, dataReady, firstRowsInDom, afterFrame: performance.now() };
      }, 0);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
}
