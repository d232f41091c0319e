import { useId, useMemo, useState } from 'react';
import { Button, ListBox, ListBoxItem, type Selection } from 'react-aria-components';
import { useFormsTexts } from '../i18n/texts';
import type { FieldLabels } from './labels';

/** A column that can be shown: its name and the caption the user sees. */
export interface ColumnOption {
  Name: string;
  Caption: string;
}

/** Props of {@link ColumnListSelector}. */
export interface ColumnListSelectorProps {
  /** Every column that can be shown, in the order the available list shows them. */
  available: readonly ColumnOption[];
  /** The names of the shown columns, in order. */
  selected: readonly string[];
  /** Called with the new list of shown column names. */
  onChange(selected: string[]): void;
  /** The accessible name of the whole selector. @default 'Columns' */
  label?: string;
  /** Texts to override. @default FIELD_LABELS */
  labels?: Partial<FieldLabels>;
}

const toKeys = (selection: Selection, all: readonly string[]) =>
  new Set(selection === 'all' ? all : [...selection].map(String));

/** Moves every chosen name one place up (`-1`) or down (`1`); a block at the edge stays put. */
export function moveColumns(
  list: readonly string[],
  chosen: ReadonlySet<string>,
  direction: -1 | 1,
): string[] {
  const next = [...list];
  const indexes = next.map((_, index) => index);
  if (direction === 1) indexes.reverse();
  for (const index of indexes) {
    const name = next[index] as string;
    const target = index + direction;
    if (!chosen.has(name) || target < 0 || target >= next.length) continue;
    const neighbour = next[target] as string;
    if (chosen.has(neighbour)) continue;
    next[target] = name;
    next[index] = neighbour;
  }
  return next;
}

/**
 * The column-list selector (spec §2): the available columns beside the shown ones, with Add,
 * Remove, Move up and Move down. Both lists are react-aria list boxes with multiple selection, so
 * arrow keys move, Space selects and Tab reaches the buttons.
 */
export function ColumnListSelector({
  available,
  selected,
  onChange,
  label = 'Columns',
  labels: labelOverrides,
}: ColumnListSelectorProps) {
  const labels = { ...useFormsTexts().fields, ...labelOverrides };
  const id = useId();
  const [availableChosen, setAvailableChosen] = useState<Set<string>>(() => new Set());
  const [selectedChosen, setSelectedChosen] = useState<Set<string>>(() => new Set());

  const captions = useMemo(
    () => new Map(available.map((column) => [column.Name, column.Caption])),
    [available],
  );
  const shown = useMemo(() => new Set(selected), [selected]);
  const availableItems = available.filter((column) => !shown.has(column.Name));
  const selectedItems = selected.map((name) => ({ Name: name, Caption: captions.get(name) ?? name }));
  // Keep only choices still in their list (the lists change from outside too).
  const addable = availableItems.filter((column) => availableChosen.has(column.Name)).map((c) => c.Name);
  const removable = selected.filter((name) => selectedChosen.has(name));
  const chosenSet = new Set(removable);
  const up = moveColumns(selected, chosenSet, -1);
  const down = moveColumns(selected, chosenSet, 1);
  const changes = (next: string[]) => next.some((name, index) => name !== selected[index]);

  return (
    <fieldset className="procedo-ColumnListSelector" aria-label={label}>
      <div className="procedo-ColumnListSelector-list">
        <span className="procedo-ColumnListSelector-caption" id={`${id}-available`}>
          {labels.availableColumns}
        </span>
        <ListBox
          aria-labelledby={`${id}-available`}
          selectionMode="multiple"
          items={availableItems}
          selectedKeys={addable}
          onSelectionChange={(keys) =>
            setAvailableChosen(
              toKeys(
                keys,
                availableItems.map((c) => c.Name),
              ),
            )
          }
        >
          {(column) => (
            <ListBoxItem id={column.Name} textValue={column.Caption}>
              {column.Caption}
            </ListBoxItem>
          )}
        </ListBox>
      </div>
      <div className="procedo-ColumnListSelector-actions">
        <Button
          isDisabled={addable.length === 0}
          onPress={() => {
            onChange([...selected, ...addable]);
            setAvailableChosen(new Set());
            setSelectedChosen(new Set(addable));
          }}
        >
          {labels.add}
        </Button>
        <Button
          isDisabled={removable.length === 0}
          onPress={() => {
            onChange(selected.filter((name) => !chosenSet.has(name)));
            setSelectedChosen(new Set());
            setAvailableChosen(new Set(removable));
          }}
        >
          {labels.remove}
        </Button>
      </div>
      <div className="procedo-ColumnListSelector-list">
        <span className="procedo-ColumnListSelector-caption" id={`${id}-selected`}>
          {labels.selectedColumns}
        </span>
        <ListBox
          aria-labelledby={`${id}-selected`}
          selectionMode="multiple"
          items={selectedItems}
          selectedKeys={removable}
          onSelectionChange={(keys) => setSelectedChosen(toKeys(keys, selected))}
        >
          {(column) => (
            <ListBoxItem id={column.Name} textValue={column.Caption}>
              {column.Caption}
            </ListBoxItem>
          )}
        </ListBox>
      </div>
      <div className="procedo-ColumnListSelector-actions">
        <Button isDisabled={!changes(up)} onPress={() => onChange(up)}>
          {labels.moveUp}
        </Button>
        <Button isDisabled={!changes(down)} onPress={() => onChange(down)}>
          {labels.moveDown}
        </Button>
      </div>
    </fieldset>
  );
}
