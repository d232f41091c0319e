import type { FormDefinition } from '@procedo/client-api';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { ShellDialog } from '../components/ShellDialog';
import { FormRenderer } from '../form/components/FormRenderer';
import { defaultFieldRegistry } from '../form/default-registry';
import type { FieldRegistry } from '../form/registry';
import { createFormStore } from '../form/state/form-store';
import { useOnDemandTexts } from '../i18n/texts';
import {
  addElement,
  addTab,
  draftFromDefinition,
  draftToDefinition,
  type FormDraft,
  locate,
  removeElement,
  updateProperties,
} from './draft';
import { moveStep } from './draft-moves';
import { type DraftProblem, draftProblems, previewDefinition, problemsFromIssues } from './draft-problems';
import { ElementTree, FORM_KEY } from './ElementTree';
import { FORM_DESIGNER_LABELS, type FormDesignerLabels } from './labels';
import { PropertyPanel } from './PropertyPanel';
import { PublishBar, usePublishFlow } from './publish-bar';
import type { BreakingElement, PublishRequest } from './publish-errors';

/** Props of {@link FormDesigner}. */
export interface FormDesignerProps {
  /** The definition the draft starts from (the version in force). Give the designer a new `key` to start over from another. */
  definition: FormDefinition;
  /**
   * Publishes the draft (e.g. the designer client's `designer.forms.publish(no, { BaseVersion, Definition, ChangeNote, ConfirmBreaking })`);
   * resolves with the new version (`{ Version }`). Its rejections are read by shape: issues
   * (`issues` or the body's `Issues`, paths `['Definition', 'Elements', i, …]`) show at their
   * elements; `code`/`Code` 'CONFLICT' (with `currentVersion`/`CurrentVersion`) says another
   * designer published first; 'BREAKING_CHANGE' (with `breaking`/`Breaking`) asks to confirm and
   * calls again with `confirmBreaking: true`. The draft is kept on every failure.
   */
  onPublish: (request: PublishRequest) => Promise<unknown>;
  /** The preview's element components (add the host's picker and file elements). @default defaultFieldRegistry */
  registry?: FieldRegistry;
  /** The picker sources offered for a picker's Source. @default a free text */
  pickerSources?: readonly string[];
  labels?: Partial<FormDesignerLabels>;
}

/**
 * The form designer: the element tree (add, move by keyboard, pointer or buttons, remove), the
 * selected element's properties and a live preview with the real {@link FormRenderer}. The draft
 * is checked with the server's schema as it changes, each problem shown at its element; Publish
 * sends it with a change note through `onPublish`.
 */
export function FormDesigner(props: FormDesignerProps) {
  const L = { ...useOnDemandTexts('formDesigner', FORM_DESIGNER_LABELS), ...props.labels };
  const [draft, setDraftState] = useState<FormDraft>(() => draftFromDefinition(props.definition));
  const [selected, setSelected] = useState<string>(FORM_KEY);
  const flow = usePublishFlow();
  const [serverProblems, setServerProblems] = useState<DraftProblem[]>([]);
  const [breaking, setBreaking] = useState<BreakingElement[] | null>(null);
  const breakingId = useId();

  const localProblems = useMemo(() => draftProblems(draft), [draft]);
  const problems = useMemo(() => [...localProblems, ...serverProblems], [localProblems, serverProblems]);
  const definition = useMemo(() => draftToDefinition(draft), [draft]);

  // A draft with problems previews what it can (the draft without the elements that have them),
  // or else the last valid one; the note says which.
  const lastValid = useRef<FormDefinition | null>(null);
  const partial = useMemo(() => previewDefinition(draft, localProblems), [draft, localProblems]);
  if (localProblems.length === 0) lastValid.current = definition;
  const shown = partial ?? lastValid.current;
  const previewStore = useMemo(() => (shown ? createFormStore({ definition: shown }) : null), [shown]);
  const previewNote =
    localProblems.length === 0
      ? null
      : partial
        ? L.previewPartial
        : previewStore
          ? L.previewStale
          : L.previewEmpty;

  // An edit makes the server's verdict on the sent draft stale.
  const { onEdit } = flow;
  const setDraft = useCallback(
    (next: FormDraft) => {
      setDraftState(next);
      setServerProblems([]);
      onEdit();
    },
    [onEdit],
  );

  const publish = (confirmBreaking: boolean) => {
    setBreaking(null);
    const sent = draft;
    void flow.publish({
      problemCount: localProblems.length,
      send: (changeNote) =>
        props.onPublish({ definition: draftToDefinition(sent), changeNote, confirmBreaking }),
      onIssues: (issues) => setServerProblems(problemsFromIssues(sent, issues)),
      onBreaking: setBreaking,
    });
  };

  const add = (kind: Parameters<typeof addElement>[1]) => {
    // Into the selected tab, or after the selected element in its list, or at the form's end.
    const at = selected === FORM_KEY ? undefined : locate(draft, selected);
    const tab = draft.nodes.flatMap((node) => node.tabs ?? []).find((candidate) => candidate.id === selected);
    const target = tab
      ? { parent: tab.id as string | null, index: tab.children.length }
      : at && !(kind === 'tabs' && at.parent !== null)
        ? { parent: at.parent, index: at.index + 1 }
        : { parent: null, index: draft.nodes.length };
    const result = addElement(draft, kind, target.parent, target.index);
    if (result.id) {
      setDraft(result.draft);
      setSelected(result.id);
    }
  };

  const remove = () => {
    const at = locate(draft, selected);
    const next = removeElement(draft, selected);
    if (next === draft) return;
    setDraft(next);
    // The selection goes to the element that took its place, or the one before, or the form.
    const siblings = at
      ? at.parent === null
        ? next.nodes
        : next.nodes.flatMap((n) => n.tabs ?? []).find((t) => t.id === at.parent)?.children
      : undefined;
    const neighbour = siblings?.[Math.min(at!.index, siblings.length - 1)];
    setSelected(neighbour?.id ?? at?.parent ?? FORM_KEY);
  };

  const problemCount = problems.length;
  return (
    <div className="procedo-Designer">
      <h2 className="procedo-Designer-title">{L.title(draft.form.Title)}</h2>
      <div className="procedo-Designer-panes">
        <ElementTree
          draft={draft}
          selected={selected}
          onSelect={setSelected}
          onChange={setDraft}
          onAdd={add}
          onMove={(id, direction) => setDraft(moveStep(draft, id, direction))}
          onRemove={remove}
          problems={problems}
          labels={L}
        />
        <PropertyPanel
          draft={draft}
          selected={selected}
          problems={problems}
          onChange={(id, patch) => setDraft(updateProperties(draft, id, patch))}
          onAddTab={(stripId) => {
            const result = addTab(draft, stripId);
            if (result.id) {
              setDraft(result.draft);
              setSelected(result.id);
            }
          }}
          pickerSources={props.pickerSources}
          labels={L}
        />
        <section className="procedo-Designer-preview" aria-label={L.preview}>
          <h3>{L.preview}</h3>
          {previewNote && <p className="procedo-Designer-note">{previewNote}</p>}
          {previewStore && (
            <FormRenderer
              key={previewStore.definition.WebTemplateNo}
              store={previewStore}
              registry={props.registry ?? defaultFieldRegistry}
            />
          )}
        </section>
      </div>
      <PublishBar flow={flow} problemCount={problemCount} onPublish={() => publish(false)} labels={L} />
      <ShellDialog
        isOpen={breaking !== null}
        title={L.breakingTitle}
        role="alertdialog"
        className="procedo-Designer-breaking"
        onDismiss={() => setBreaking(null)}
        aria-describedby={breakingId}
      >
        <div id={breakingId} className="procedo-Dialog-body">
          <p>{L.breakingIntro}</p>
          <ul>
            {(breaking ?? []).map((item) => (
              <li key={`${item.Element}:${item.Reason}`}>
                <strong>{item.Element}</strong>: {L.breakingReason(item.Reason)}
              </li>
            ))}
          </ul>
        </div>
        <div className="procedo-Dialog-actions">
          <Button className="procedo-Button" autoFocus onPress={() => setBreaking(null)}>
            {L.cancel}
          </Button>
          <Button className="procedo-Button" data-variant="primary" onPress={() => publish(true)}>
            {L.confirmBreaking}
          </Button>
        </div>
      </ShellDialog>
    </div>
  );
}
