import { GridList, GridListItem } from 'react-aria-components';
import { type CommandDraft, STEP_KINDS } from './command-draft';
import type { CommandDesignerLabels } from './command-labels';
import type { DraftProblem } from './draft-problems';
import { ListToolbar, singleSelection, useKeyboardMove, useProblemCounts } from './list-parts';

/** The list's key of the command's own properties. */
export const COMMAND_KEY = '#command';

export interface StepListProps {
  draft: CommandDraft;
  selected: string;
  onSelect: (key: string) => void;
  onAdd: (kind: (typeof STEP_KINDS)[number]) => void;
  onMove: (id: string, direction: 'up' | 'down') => void;
  onRemove: () => void;
  problems: readonly DraftProblem[];
  labels: CommandDesignerLabels;
}

/**
 * The command's steps in the order they run, as a list (a grid of rows): Alt+Arrow Up/Down moves
 * the focused step; the toolbar adds a step of any kind after the selected one, and moves or
 * removes the selected one. A step's row says its position, name, kind and problem count.
 */
export function StepList(props: StepListProps) {
  const { draft, selected, onSelect, problems, labels: L } = props;
  const counts = useProblemCounts(problems, COMMAND_KEY);
  const keyboard = useKeyboardMove<HTMLDivElement>({
    selected,
    onSelect,
    onMove: props.onMove,
    fixedKey: COMMAND_KEY,
  });
  const isCommand = selected === COMMAND_KEY;
  return (
    <div className="procedo-Designer-treePane">
      <ListToolbar
        labels={L}
        ownLabel={L.commandProperties}
        ownCount={counts.get(COMMAND_KEY) ?? 0}
        isOwn={isCommand}
        onSelectOwn={() => onSelect(COMMAND_KEY)}
        addLabel={L.addStep}
        kinds={STEP_KINDS}
        kindLabel={(kind) => L.kinds[kind]}
        onAdd={props.onAdd}
        onMove={(direction) => props.onMove(selected, direction)}
        onRemove={props.onRemove}
      />
      <div onKeyDownCapture={keyboard.onKeyDownCapture}>
        <GridList
          ref={keyboard.ref}
          aria-label={L.steps}
          className="procedo-Designer-tree"
          {...singleSelection(selected, COMMAND_KEY, onSelect)}
          renderEmptyState={() => <p className="procedo-Designer-note">{L.noSteps}</p>}
        >
          {draft.steps.map((item, i) => {
            const count = counts.get(item.id) ?? 0;
            const text = L.stepRow(i + 1, item.step.name, L.kinds[item.step.kind]);
            return (
              <GridListItem
                key={item.id}
                id={item.id}
                // The row's accessible name: a problem is heard there too.
                textValue={count > 0 ? `${text}, ${L.problemCount(count)}` : text}
                className="procedo-Designer-item"
                data-invalid={count > 0 || undefined}
              >
                <div className="procedo-Designer-row">
                  <span className="procedo-Designer-name">
                    {i + 1}. {item.step.name}
                  </span>
                  <span className="procedo-Designer-kind">{L.kinds[item.step.kind]}</span>
                  {count > 0 && <span className="procedo-Designer-problems">{L.problemCount(count)}</span>}
                </div>
              </GridListItem>
            );
          })}
        </GridList>
      </div>
    </div>
  );
}
