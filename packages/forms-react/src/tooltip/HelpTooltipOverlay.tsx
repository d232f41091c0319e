import type { DOMAttributes, RefObject } from 'react';
import { useMemo } from 'react';
import { Provider, Tooltip, TooltipContext, TooltipTriggerStateContext } from 'react-aria-components';
import type { TooltipTriggerState } from 'react-stately';

/** Props of {@link HelpTooltipOverlay}: the trigger's state and the tooltip's props from `useTooltipTrigger`. */
export interface HelpTooltipOverlayProps {
  state: TooltipTriggerState;
  tooltipProps: DOMAttributes<HTMLElement>;
  triggerRef: RefObject<HTMLElement | null>;
  text: string;
}

/**
 * The tooltip itself: react-aria-components' `Tooltip`, placed under its element by react-aria's
 * overlay positioning. A module of its own that `useHelpTooltip` loads with `import()` on the
 * first hover or focus of an element with help text, so pages whose elements have none, and every
 * page until then, load none of the positioning code.
 */
export function HelpTooltipOverlay({ state, tooltipProps, triggerRef, text }: HelpTooltipOverlayProps) {
  const values = useMemo(
    () =>
      [
        [TooltipTriggerStateContext, state],
        [TooltipContext, { ...tooltipProps, triggerRef }],
      ] as const,
    [state, tooltipProps, triggerRef],
  );
  return (
    <Provider values={values as never}>
      <Tooltip className="procedo-HelpTooltip" offset={6} placement="bottom">
        {text}
      </Tooltip>
    </Provider>
  );
}
