import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { DraftProblem } from './draft-problems';

/**
 * The parts the designers' ordered lists share (the form designer's element tree, the command
 * designer's steps): problem counts per row, moving the focused row with Alt+Arrow keys, the Add
 * menu and the Move up / Move down / Remove buttons.
 */

/** How many problems each row has; problems of no row (`id` null) count at `ownKey`. */
export function useProblemCounts(problems: readonly DraftProblem[], ownKey: string): Map<string, number> {
  return useMemo(() => {
    const map = new Map<string, number>();
    for (const problem of problems) {
      const key = problem.id ?? ownKey;
      map.set(key, (map.get(key) ?? 0) + 1);
    }
    return map;
  }, [problems, ownKey]);
}

/**
 * Alt+Arrow Up/Down moves the row the key was pressed in (focus and selection move together in
 * these lists) and keeps the focus on it: a move may put the row in a new DOM node. Rows carry
 * `data-key`; `fixedKey` is a row that does not move.
 */
export function useKeyboardMove<E extends HTMLElement>(options: {
  selected: string;
  onSelect: (key: string) => void;
  onMove: (key: string, direction: 'up' | 'down') => void;
  isDisabled?: boolean | undefined;
  fixedKey?: string;
}) {
  const ref = useRef<E>(null);
  const refocus = useRef(false);
  const { selected } = options;
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    ref.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(selected)}"]`)?.focus();
  });
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    event.stopPropagation();
    const key = (event.target as Element).closest('[data-key]')?.getAttribute('data-key') ?? selected;
    if (key === options.fixedKey || options.isDisabled) return;
    refocus.current = true;
    if (key !== selected) options.onSelect(key);
    options.onMove(key, event.key === 'ArrowUp' ? 'up' : 'down');
  };
  return { ref, onKeyDownCapture };
}

/** The Add menu: one item a kind. */
export function AddMenu<K extends string>(props: {
  label: string;
  kinds: readonly K[];
  kindLabel: (kind: K) => string;
  onAdd: (kind: K) => void;
  isDisabled?: boolean | undefined;
}) {
  return (
    <MenuTrigger>
      <Button className="procedo-Button" isDisabled={props.isDisabled}>
        {props.label}
      </Button>
      <Popover className="procedo-Designer-popover" placement="bottom start">
        <Menu className="procedo-Menu" onAction={(key) => props.onAdd(key as K)}>
          {props.kinds.map((kind) => (
            <MenuItem key={kind} id={kind} className="procedo-Designer-menuItem">
              {props.kindLabel(kind)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** Move up, Move down and Remove for the selected row. */
export function MoveButtons(props: {
  labels: { moveUp: string; moveDown: string; remove: string };
  isDisabled: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onRemove: () => void;
}) {
  const { labels: L, isDisabled } = props;
  return (
    <>
      <Button className="procedo-Button" isDisabled={isDisabled} onPress={() => props.onMove('up')}>
        {L.moveUp}
      </Button>
      <Button className="procedo-Button" isDisabled={isDisabled} onPress={() => props.onMove('down')}>
        {L.moveDown}
      </Button>
      <Button className="procedo-Button" isDisabled={isDisabled} onPress={props.onRemove}>
        {L.remove}
      </Button>
    </>
  );
}
