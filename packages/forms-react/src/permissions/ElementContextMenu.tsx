import {
  autoUpdate,
  FloatingFocusManager,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useLayoutEffect } from 'react';
import { useOnDemandTexts } from '../i18n/texts';
import { PERMISSIONS_LABELS, type PermissionsLabels } from './labels';

/** A point or box in viewport coordinates where the menu opens. */
export interface MenuAnchor {
  x: number;
  y: number;
  /** @default 0 (a point: the pointer) */
  width?: number;
  /** @default 0 */
  height?: number;
}

/** Props of {@link ElementContextMenu}. */
export interface ElementContextMenuProps {
  /** The pointer of a right-click, or the element's box when opened from the keyboard. */
  anchor: MenuAnchor;
  /** The element the menu is for. */
  elementName: string;
  /** The "Permissions…" entry was chosen (the menu has closed). */
  onOpenPermissions: () => void;
  /** Escape, a click outside, or an entry chosen. Focus goes back where it was. */
  onClose: () => void;
  labels?: Partial<PermissionsLabels>;
}

/**
 * The permissions mode's small menu of one element (spec §4), at the pointer. The one component
 * that uses `@floating-ui/react` (docs/ARCHITECTURE.md): a virtual reference at the pointer (fixed
 * positioning, rendered in place),
 * flipped and shifted to stay on screen; focus moves into the menu, Escape or a click outside
 * closes it and focus returns where it was.
 */
export function ElementContextMenu({
  anchor,
  elementName,
  onOpenPermissions,
  onClose,
  labels,
}: ElementContextMenuProps) {
  const L = { ...useOnDemandTexts('permissions', PERMISSIONS_LABELS), ...labels };
  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    placement: 'bottom-start',
    strategy: 'fixed',
    middleware: [offset(2), flip(), shift({ padding: 4 })],
    whileElementsMounted: autoUpdate,
  });
  const { x, y, width = 0, height = 0 } = anchor;
  useLayoutEffect(() => {
    refs.setPositionReference({
      getBoundingClientRect: () => ({
        x,
        y,
        width,
        height,
        top: y,
        left: x,
        right: x + width,
        bottom: y + height,
      }),
    });
  }, [refs, x, y, width, height]);
  const { getFloatingProps, getItemProps } = useInteractions([
    useDismiss(context),
    useRole(context, { role: 'menu' }),
  ]);
  // Not modal and without focus guards: the page around a menu stays readable (no aria-hidden on
  // it, no hidden focusable guards), and Tab leaves the menu and closes it (the ARIA menu pattern).
  return (
    <FloatingFocusManager context={context} initialFocus={0} returnFocus modal={false} guards={false}>
      <div
        ref={refs.setFloating}
        style={floatingStyles}
        className="procedo-ContextMenu"
        role="menu"
        aria-label={L.menu(elementName)}
        data-element={elementName}
        {...getFloatingProps()}
      >
        <button
          type="button"
          className="procedo-ContextMenu-item"
          {...getItemProps({
            role: 'menuitem',
            onClick: () => {
              onClose();
              onOpenPermissions();
            },
          })}
        >
          {L.menuPermissions}
        </button>
      </div>
    </FloatingFocusManager>
  );
}
