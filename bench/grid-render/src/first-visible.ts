import { ROW_HEIGHT } from './data';

/** The text of the topmost rendered cell matching `selector` below the header row of `scroller`. */
export function firstVisibleCell(scroller: HTMLElement, selector: string): string | null {
  const box = scroller.getBoundingClientRect();
  let best: { top: number; text: string | null } | null = null;
  for (const cell of scroller.querySelectorAll<HTMLElement>(selector)) {
    const top = cell.getBoundingClientRect().top;
    if (top < box.top + ROW_HEIGHT - 1 || top >= box.bottom) continue;
    if (!best || top < best.top) best = { top, text: cell.textContent };
  }
  return best?.text ?? null;
}
