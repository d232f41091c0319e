import { type DOMAttributes, type ReactNode, type RefObject, useMemo } from 'react';
import { useTooltipTrigger } from 'react-aria';
import { Provider, Tooltip, TooltipContext, TooltipTriggerStateContext } from 'react-aria-components';
import { useTooltipTriggerState } from 'react-stately';
import { TOOLTIP_DELAY_MS } from '../state/page-timeouts';

/** What {@link useHelpTooltip} gives: props for the element and the tooltip to render beside it. */
export interface HelpTooltipParts {
  /** Spread on the element (with `mergeProps` when it has handlers of its own). */
  triggerProps: DOMAttributes<HTMLElement> & { 'aria-describedby'?: string };
  /** The tooltip overlay (rendered in a portal while open), or `null` without help text. */
  tooltip: ReactNode;
}

/**
 * Spec §9 "Tooltip timeout 2000 ms": an element with help text shows it in a tooltip once the
 * pointer has rested on it for 2000 ms (react-aria's hover delay). Keyboard focus shows it at once
 * (a keyboard user has nothing to rest on), Escape, a press or leaving hides it. The element gets
 * `aria-describedby` while the tooltip is open. Without `text` nothing is added.
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
  const values = useMemo(
    () =>
      [
        [TooltipTriggerStateContext, state],
        [TooltipContext, { ...tooltipProps, triggerRef: ref }],
      ] as const,
    [state, tooltipProps, ref],
  );
  if (isDisabled) return { triggerProps: {}, tooltip: null };
  // react-aria clears `tabIndex` for its own Button; the element keeps its own.
  const { tabIndex: _tabIndex, ...domProps } = triggerProps;
  return {
    triggerProps: domProps,
    tooltip: (
      <Provider values={values as never}>
        <Tooltip className="procedo-HelpTooltip" offset={6} placement="bottom">
          {text}
        </Tooltip>
      </Provider>
    ),
  };
}
