import { type DOMAttributes, type ReactNode, type RefObject, useEffect, useState } from 'react';
import { mergeProps, useTooltipTrigger } from 'react-aria';
import { useTooltipTriggerState } from 'react-stately';
import { onDemand } from '../browser/on-demand';
import { TOOLTIP_DELAY_MS } from '../state/page-timeouts';
import type { HelpTooltipOverlay } from './HelpTooltipOverlay';

/** What {@link useHelpTooltip} gives: props for the element and the tooltip to render beside it. */
export interface HelpTooltipParts {
  /** Spread on the element (with `mergeProps` when it has handlers of its own). */
  triggerProps: DOMAttributes<HTMLElement> & { 'aria-describedby'?: string };
  /** The tooltip overlay (rendered in a portal while open), or `null` without help text. */
  tooltip: ReactNode;
}

type Overlay = typeof HelpTooltipOverlay;

// The tooltip's overlay (react-aria's positioning, ~4 KB min+gzip) is loaded once, on the first
// hover or focus of an element with help text (again after a failed load); the timing (the §9
// delay, focus, Escape) stays here.
const overlay = onDemand(() => import('./HelpTooltipOverlay').then((module) => module.HelpTooltipOverlay));

/**
 * Loads the tooltip's overlay if it is not loaded yet; `useHelpTooltip` calls it on the first
 * hover or focus. Resolves once it is there (a host may call it early, e.g. in a test).
 */
export function loadHelpTooltip(): Promise<Overlay> {
  return overlay.load();
}

/**
 * Spec §9 "Tooltip timeout 2000 ms": an element with help text shows it in a tooltip once the
 * pointer has rested on it for 2000 ms (react-aria's hover delay). Keyboard focus shows it at once
 * (a keyboard user has nothing to rest on), Escape, a press or leaving hides it. The element gets
 * `aria-describedby` while the tooltip is open. Without `text` nothing is added. The first time
 * any element with help text is hovered or focused, the tooltip's overlay is loaded (see
 * {@link loadHelpTooltip}); a tooltip due before it has arrived shows when it does.
 *
 * @example
 * const ref = useRef<HTMLDivElement>(null);
 * const { triggerProps, tooltip } = useHelpTooltip(column.Description, ref);
 * return <><div ref={ref} {...triggerProps}>{column.Caption}</div>{tooltip}</>;
 */
export function useHelpTooltip(
  text: string | null | undefined,
  ref: RefObject<HTMLElement | null>,
  options: { delayMs?: number } = {},
): HelpTooltipParts {
  const isDisabled = !text;
  const delay = options.delayMs ?? TOOLTIP_DELAY_MS;
  const state = useTooltipTriggerState({ delay, isDisabled });
  const { triggerProps, tooltipProps } = useTooltipTrigger({ delay, isDisabled }, state, ref);
  const [Overlay, setOverlay] = useState<Overlay | null>(() => overlay.loaded());
  const isOpen = state.isOpen && !isDisabled;
  useEffect(() => {
    if (!isOpen || Overlay) return;
    let isCurrent = true;
    loadHelpTooltip().then(
      (loaded) => {
        if (isCurrent) setOverlay(() => loaded);
      },
      // Without its overlay the element just shows no tooltip; the next hover tries again.
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [isOpen, Overlay]);
  if (isDisabled) return { triggerProps: {}, tooltip: null };
  // react-aria clears `tabIndex` for its own Button; the element keeps its own. Until the overlay
  // is there, the element points at no tooltip (`aria-describedby` would name a missing id).
  const { tabIndex: _tabIndex, 'aria-describedby': describedBy, ...domProps } = triggerProps;
  return {
    triggerProps: mergeProps(domProps, Overlay && describedBy ? { 'aria-describedby': describedBy } : {}, {
      onPointerEnter: overlay.preload,
      onFocus: overlay.preload,
    }),
    tooltip:
      Overlay && text ? (
        <Overlay state={state} tooltipProps={tooltipProps} triggerRef={ref} text={text} />
      ) : null,
  };
}
