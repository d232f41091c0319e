import { FIELD_COUNT, fieldName } from './fields';
import { t0 } from './t0';

/** What a page reports to bench/form-bench.mjs on `window.__bench`. */
export interface BenchReport {
  impl: string;
  /** `performance.now()` when the page's modules started. */
  t0: number;
  /** `performance.now()` when the entry module's body started (every import evaluated). */
  entryStart: number;
  /** `performance.now()` when the last field was first in the DOM. */
  lastFieldInDom: number;
  /** `performance.now()` after the next animation frame (style, layout and paint of the form). */
  afterFrame: number;
}

declare global {
  interface Window {
    __bench?: BenchReport;
  }
}

/**
 * Watches the DOM until the last field exists, then publishes the times on `window.__bench`.
 * Called first thing in each entry's body, so it also marks when the imports had evaluated.
 */
export function reportWhenRendered(impl: string): void {
  const entryStart = performance.now();
  const selector = `[name="${fieldName(FIELD_COUNT)}"]`;
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    const lastFieldInDom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      // A task after the frame callback runs once the frame has been produced.
      setTimeout(() => {
        window.__bench = { impl, t0, entryStart, lastFieldInDom, afterFrame: performance.now() };
      }, 0);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
}
