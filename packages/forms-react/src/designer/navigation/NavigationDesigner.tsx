import type { NavigationDefinition } from '@procedo/client-api/designer';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Tree, TreeItem, TreeItemContent } from 'react-aria-components';
import { useOnDemandTexts } from '../../i18n/texts';
import { useProblemCounts } from '../list-parts';
import { PublishBar, usePublishFlow } from '../publish-bar';
import { NodeEditor } from './NavigationNodeEditor';
import {
  addNavChild,
  addNavSibling,
  type DraftNavNode,
  findNavNode,
  moveNavNode,
  type NavDraftProblem,
  type NavigationDraft,
  type NavMove,
  navigationDraftFrom,
  navigationDraftProblems,
  navigationDraftToDefinition,
  navProblemsFromIssues,
  removeNavNode,
  updateNavNode,
} from './navigation-draft';
import { NAVIGATION_DESIGNER_LABELS, type NavigationDesignerLabels } from './navigation-labels';

/** One choice of a link's target (a form, command, dashboard or help topic). */
export interface NavigationTarget<V extends number | string = number> {
  value: V;
  label: string;
}

/** What {@link NavigationDesignerProps.onPublish} is called with. */
export interface NavigationPublishRequest {
  navigation: NavigationDefinition;
  changeNote: string;
}

/** Props of {@link NavigationDesigner}. */
export interface NavigationDesignerProps {
  /** The tree the draft starts from (the latest version). Give the designer a new `key` to start over. */
  navigation: NavigationDefinition;
  /** The profile's name, for the heading. */
  profileName: string;
  /**
   * Publishes the draft (e.g. the designer client's `designer.navigation.publish(profileId, { BaseVersion, Navigation, ChangeNote })`);
   * resolves with the new version (`{ Version }`). Rejections are read by shape (as the form
   * designer's): issues (paths `['Navigation', 'Nodes', i, 'Children', j, …]`) show at their
   * nodes; `CONFLICT` says another designer published first. The draft is kept on every failure.
   */
  onPublish: (request: NavigationPublishRequest) => Promise<unknown>;
  /** The forms a node can open. @default [] */
  forms?: readonly NavigationTarget[];
  /** The process commands a node can start. @default [] */
  commands?: readonly NavigationTarget[];
  /** The dashboards a node can show. @default [] */
  dashboards?: readonly NavigationTarget[];
  /** The help topics a node can open. @default [] */
  helpTopics?: readonly NavigationTarget<string>[];
  labels?: Partial<NavigationDesignerLabels>;
}

/** The key problems of the whole tree count at (no row has it). */
const TREE_KEY = '#tree';

const MOVE_KEYS: Record<string, NavMove> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'in',
  ArrowLeft: 'out',
};

/**
 * The navigation designer (issue 16 item 2): a profile's site map as a tree — add a child or a
 * sibling, rename, move by buttons or Alt+Arrow keys, remove — with a link editor per node (a
 * form, a process command, a dashboard, a help topic or a page of this site, chosen from the
 * lists passed in), each problem at its node, and Publish with a change note through `onPublish`.
 */
export function NavigationDesigner(props: NavigationDesignerProps) {
  const L = { ...useOnDemandTexts('navigationDesigner', NAVIGATION_DESIGNER_LABELS), ...props.labels };
  const [draft, setDraftState] = useState<NavigationDraft>(() => navigationDraftFrom(props.navigation));
  const [selected, setSelected] = useState<string | null>(draft.nodes[0]?.key ?? null);
  const [serverProblems, setServerProblems] = useState<NavDraftProblem[]>([]);
  const treeRef = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  const localProblems = useMemo(() => navigationDraftProblems(draft), [draft]);
  const problems = useMemo(() => [...localProblems, ...serverProblems], [localProblems, serverProblems]);
  const counts = useProblemCounts(problems, TREE_KEY);
  const flow = usePublishFlow();

  // An edit makes the server's verdict on the sent draft stale.
  const { onEdit } = flow;
  const setDraft = useCallback(
    (next: NavigationDraft) => {
      setDraftState(next);
      setServerProblems([]);
      onEdit();
    },
    [onEdit],
  );

  // A keyboard move may re-parent the row (a new DOM node): the focus follows it.
  useEffect(() => {
    if (!refocus.current || selected === null) return;
    refocus.current = false;
    treeRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(selected)}"]`)?.focus();
  });

  const move = (key: string, direction: NavMove) => setDraft(moveNavNode(draft, key, direction));
  const add = (where: 'top' | 'child' | 'sibling') => {
    const result =
      where === 'top' || selected === null
        ? addNavChild(draft, null, L.newNode)
        : where === 'child'
          ? addNavChild(draft, selected, L.newNode)
          : addNavSibling(draft, selected, L.newNode);
    setDraft(result.draft);
    setSelected(result.key);
  };
  const remove = () => {
    if (selected === null) return;
    const at = findNavNode(draft, selected);
    const next = removeNavNode(draft, selected);
    setDraft(next);
    const siblings = at?.place.parent ? findNavNode(next, at.place.parent)?.node.children : next.nodes;
    setSelected(
      siblings?.[Math.min(at?.place.index ?? 0, siblings.length - 1)]?.key ?? at?.place.parent ?? null,
    );
  };

  const onKeyDownCapture = (event: KeyboardEvent) => {
    const direction = MOVE_KEYS[event.key];
    if (!event.altKey || !direction) return;
    event.preventDefault();
    event.stopPropagation();
    const key = (event.target as Element).closest('[data-key]')?.getAttribute('data-key') ?? selected;
    if (key === null) return;
    refocus.current = true;
    if (key !== selected) setSelected(key);
    move(key, direction);
  };

  const publish = () => {
    const sent = draft;
    void flow.publish({
      problemCount: localProblems.length,
      send: (changeNote) => props.onPublish({ navigation: navigationDraftToDefinition(sent), changeNote }),
      onIssues: (issues) => setServerProblems(navProblemsFromIssues(sent, issues)),
    });
  };

  const row = (node: DraftNavNode): ReactNode => {
    const count = counts.get(node.key) ?? 0;
    const text = node.title.trim() || L.newNode;
    const kind = L.kinds[node.link?.Kind ?? 'none'];
    return (
      <TreeItem
        key={node.key}
        id={node.key}
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
              <span className="procedo-Designer-name">{text}</span>
              <span className="procedo-Designer-kind">{node.link ? kind : L.folder}</span>
              {count > 0 && <span className="procedo-Designer-problems">{L.problemCount(count)}</span>}
            </div>
          )}
        </TreeItemContent>
        {node.children.map(row)}
      </TreeItem>
    );
  };

  const current = selected === null ? null : findNavNode(draft, selected);
  const none = current === null;
  return (
    <div className="procedo-Designer procedo-NavigationDesigner">
      <h2 className="procedo-Designer-title">{L.title(props.profileName)}</h2>
      <div className="procedo-Designer-panes">
        <div className="procedo-Designer-treePane">
          <div className="procedo-Designer-toolbar">
            <Button className="procedo-Button" onPress={() => add('top')}>
              {L.addTop}
            </Button>
            <Button className="procedo-Button" isDisabled={none} onPress={() => add('child')}>
              {L.addChild}
            </Button>
            <Button className="procedo-Button" isDisabled={none} onPress={() => add('sibling')}>
              {L.addSibling}
            </Button>
            {(['up', 'down', 'in', 'out'] as const).map((direction) => (
              <Button
                key={direction}
                className="procedo-Button"
                isDisabled={none}
                onPress={() => selected !== null && move(selected, direction)}
              >
                {
                  L[
                    `move${direction === 'up' ? 'Up' : direction === 'down' ? 'Down' : direction === 'in' ? 'In' : 'Out'}`
                  ]
                }
              </Button>
            ))}
            <Button className="procedo-Button" isDisabled={none} onPress={remove}>
              {L.remove}
            </Button>
          </div>
          <p className="procedo-Designer-hint">{L.moveHint}</p>
          <div onKeyDownCapture={onKeyDownCapture}>
            <Tree
              ref={treeRef}
              aria-label={L.tree}
              className="procedo-Designer-tree"
              selectionMode="single"
              selectionBehavior="replace"
              selectedKeys={selected === null ? [] : [selected]}
              onSelectionChange={(keys) => {
                const [key] = keys === 'all' ? [] : [...keys];
                if (key !== undefined) setSelected(String(key));
              }}
              defaultExpandedKeys={allKeys(draft)}
            >
              {draft.nodes.map(row)}
            </Tree>
          </div>
        </div>
        <section className="procedo-Designer-properties" aria-label={L.details}>
          <h3>{L.details}</h3>
          {current ? (
            <NodeEditor
              key={current.node.key}
              node={current.node}
              problems={problems.filter((problem) => problem.id === current.node.key)}
              onChange={(patch) => setDraft(updateNavNode(draft, current.node.key, patch))}
              props={props}
              labels={L}
            />
          ) : (
            <p>{L.noSelection}</p>
          )}
        </section>
      </div>
      <PublishBar flow={flow} problemCount={problems.length} onPublish={publish} labels={L} />
    </div>
  );
}

function allKeys(draft: NavigationDraft): string[] {
  const keys: string[] = [];
  const walk = (nodes: readonly DraftNavNode[]) => {
    for (const node of nodes) {
      keys.push(node.key);
      walk(node.children);
    }
  };
  walk(draft.nodes);
  return keys;
}
