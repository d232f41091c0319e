import { type ReactNode, useMemo, useState } from 'react';
import { Button, type Key, Tree, TreeItem, TreeItemContent, useDragAndDrop } from 'react-aria-components';
import { type DraftNode, ELEMENT_KINDS, type FormDraft } from './draft';
import { dropMove } from './draft-moves';
import type { DraftProblem } from './draft-problems';
import type { FormDesignerLabels } from './labels';
import { AddMenu, MoveButtons, useKeyboardMove, useProblemCounts } from './list-parts';

/** The tree's key of the form's own row. */
export const FORM_KEY = '#form';

export interface ElementTreeProps {
  draft: FormDraft;
  selected: string;
  onSelect: (key: string) => void;
  onChange: (draft: FormDraft) => void;
  onAdd: (kind: (typeof ELEMENT_KINDS)[number]) => void;
  /** Moves an element (the focused row's, or the selected one) a step. */
  onMove: (id: string, direction: 'up' | 'down') => void;
  onRemove: () => void;
  problems: readonly DraftProblem[];
  labels: FormDesignerLabels;
  isDisabled?: boolean;
}

/**
 * The form's elements as a tree (the form, its elements, tab strips with their tabs and the
 * tabs' elements). Alt+Arrow Up/Down moves the focused element a step; rows can be dragged; the
 * toolbar's Move up / Move down / Remove act on the selected one for every other way of working.
 */
export function ElementTree(props: ElementTreeProps) {
  const { draft, selected, onSelect, onChange, problems, labels: L, isDisabled } = props;
  const counts = useProblemCounts(problems, FORM_KEY);
  // Rows start (and new strips and tabs appear) expanded; the designer collapses what they choose.
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const expanded = useMemo(
    () =>
      [
        ...draft.nodes.flatMap((node) => (node.tabs ? [node.id, ...node.tabs.map((tab) => tab.id)] : [])),
      ].filter((key) => !collapsed.has(key)),
    [draft, collapsed],
  );

  // A keyboard move may re-parent the row (a new DOM node): the focus follows it.
  const keyboard = useKeyboardMove<HTMLDivElement>({
    selected,
    onSelect,
    onMove: props.onMove,
    isDisabled,
    fixedKey: FORM_KEY,
  });

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    // "on" a tab or a strip puts the element into it; other drops go before or after.
    shouldAcceptItemDrop: () => true,
    onMove: (event) => {
      const [key] = [...event.keys];
      if (key === undefined) return;
      onChange(dropMove(draft, String(key), String(event.target.key), event.target.dropPosition));
    },
  });

  const row = (key: string, text: string, kind: string, children?: ReactNode) => {
    const count = counts.get(key) ?? 0;
    return (
      <TreeItem
        key={key}
        id={key}
        // The row's accessible name (react-aria labels a row by it): a problem is heard there too.
        textValue={count > 0 ? `${text}, ${L.problemCount(count)}` : text}
        className="procedo-Designer-item"
        data-invalid={count > 0 || undefined}
      >
        <TreeItemContent>
          {({ hasChildItems }) => (
            <div className="procedo-Designer-row">
              {hasChildItems ? (
                <Button slot="chevron" className="procedo-Designer-chevron" aria-label={text}>
                  <span aria-hidden="true">▾</span>
                </Button>
              ) : (
                <span className="procedo-Designer-chevron" aria-hidden="true" />
              )}
              <Button slot="drag" className="procedo-Designer-drag" aria-label={L.drag(text)}>
                <span aria-hidden="true">⠿</span>
              </Button>
              <span className="procedo-Designer-name">{text}</span>
              <span className="procedo-Designer-kind">{kind}</span>
              {count > 0 && <span className="procedo-Designer-problems">{L.problemCount(count)}</span>}
            </div>
          )}
        </TreeItemContent>
        {children}
      </TreeItem>
    );
  };
  const nodeRow = (node: DraftNode): ReactNode =>
    row(
      node.id,
      node.element.Label ? `${node.element.Label} (${node.element.Name})` : node.element.Name,
      L.kinds[node.element.Kind],
      node.tabs?.map((tab) => row(tab.id, tab.Label || tab.Name, L.tab, tab.children.map(nodeRow))),
    );

  const isForm = selected === FORM_KEY;
  return (
    <div className="procedo-Designer-treePane">
      <div className="procedo-Designer-toolbar">
        <Button className="procedo-Button" aria-pressed={isForm} onPress={() => onSelect(FORM_KEY)}>
          {L.formProperties}
          {(counts.get(FORM_KEY) ?? 0) > 0 && (
            <span className="procedo-Designer-problems"> {L.problemCount(counts.get(FORM_KEY)!)}</span>
          )}
        </Button>
        <AddMenu
          label={L.addElement}
          kinds={ELEMENT_KINDS}
          kindLabel={(kind) => L.kinds[kind]}
          onAdd={props.onAdd}
          isDisabled={isDisabled}
        />
        <MoveButtons
          labels={L}
          isDisabled={isForm || Boolean(isDisabled)}
          onMove={(direction) => props.onMove(selected, direction)}
          onRemove={props.onRemove}
        />
      </div>
      <p className="procedo-Designer-hint">{L.moveHint}</p>
      <div onKeyDownCapture={keyboard.onKeyDownCapture}>
        <Tree
          ref={keyboard.ref}
          aria-label={L.tree}
          className="procedo-Designer-tree"
          selectionMode="single"
          selectionBehavior="replace"
          disallowEmptySelection
          selectedKeys={selected === FORM_KEY ? [] : [selected]}
          onSelectionChange={(keys) => {
            const [key] = keys === 'all' ? [] : [...keys];
            onSelect(key === undefined ? FORM_KEY : String(key as Key));
          }}
          expandedKeys={expanded}
          onExpandedChange={(keys) => {
            const open = new Set([...keys].map(String));
            setCollapsed(new Set([...collapsed, ...expanded].filter((key) => !open.has(key))));
          }}
          dragAndDropHooks={isDisabled ? undefined : dragAndDropHooks}
        >
          {draft.nodes.map(nodeRow)}
        </Tree>
      </div>
    </div>
  );
}
