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
import { type BreakingElement, type PublishRequest, readPublishFailure } from './publish-errors';

/** Props of {@link FormDesigner}. */
export interface FormDesignerProps {
  /** The definition the draft starts from (the version in force). Give the designer a new `key` to start over from another. */
  definition: FormDefinition;
  /**
   * Publishes the draft (e.g. `v1.designer.forms.publish(no, { BaseVersion, Definition, ChangeNote, ConfirmBreaking })`);
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

type Status =
  | { kind: 'idle' }
  | { kind: 'publishing' }
  | { kind: 'published'; version: number | null }
  | { kind: 'invalid'; count: number }
  | { kind: 'server' }
  | { kind: 'conflict'; version: number | null }
  | { kind: 'failed'; message: string };

const versionOf = (result: unknown): number | null => {
  const version =
    typeof result === 'object' && result !== null ? (result as { Version?: unknown }).Version : undefined;
  return typeof version === 'number' ? version : null;
};

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
  const [changeNote, setChangeNote] = useState('');
  const [noteProblem, setNoteProblem] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [serverProblems, setServerProblems] = useState<DraftProblem[]>([]);
  const [breaking, setBreaking] = useState<BreakingElement[] | null>(null);
  const noteId = useId();
  const noteErrorId = useId();
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
  const setDraft = useCallback((next: FormDraft) => {
    setDraftState(next);
    setServerProblems([]);
    setStatus((current) => (current.kind === 'publishing' ? current : { kind: 'idle' }));
  }, []);

  const publish = async (confirmBreaking: boolean) => {
    setBreaking(null);
    if (localProblems.length > 0) {
      setStatus({ kind: 'invalid', count: localProblems.length });
      return;
    }
    const note = changeNote.trim();
    if (note.length === 0 || note.length > 500) {
      setNoteProblem(true);
      return;
    }
    const sent = draft;
    setStatus({ kind: 'publishing' });
    try {
      const result = await props.onPublish({
        definition: draftToDefinition(sent),
        changeNote: note,
        confirmBreaking,
      });
      setStatus({ kind: 'published', version: versionOf(result) });
      setChangeNote('');
    } catch (error) {
      const failure = readPublishFailure(error);
      if (failure.kind === 'issues') {
        setServerProblems(problemsFromIssues(sent, failure.issues));
        setStatus({ kind: 'server' });
      } else if (failure.kind === 'conflict') {
        setStatus({ kind: 'conflict', version: failure.currentVersion });
      } else if (failure.kind === 'breaking') {
        setStatus({ kind: 'idle' });
        setBreaking(failure.breaking);
      } else {
        setStatus({ kind: 'failed', message: failure.message });
      }
    }
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
      <div className="procedo-Designer-publish">
        <div className="procedo-Designer-field">
          <label htmlFor={noteId}>{L.changeNote}</label>
          <textarea
            id={noteId}
            value={changeNote}
            rows={2}
            maxLength={500}
            aria-invalid={noteProblem || undefined}
            aria-describedby={noteProblem ? noteErrorId : undefined}
            onChange={(event) => {
              setChangeNote(event.target.value);
              setNoteProblem(false);
            }}
          />
          {noteProblem && (
            <span id={noteErrorId} className="procedo-Designer-error">
              {L.changeNoteRequired}
            </span>
          )}
        </div>
        {problemCount > 0 && (
          <p className="procedo-Designer-problemsSummary">{L.problemCount(problemCount)}</p>
        )}
        <Button
          className="procedo-Button"
          data-variant="primary"
          isDisabled={status.kind === 'publishing'}
          onPress={() => void publish(false)}
        >
          {status.kind === 'publishing' ? L.publishing : L.publish}
        </Button>
        <div role="status" className="procedo-Designer-status">
          {status.kind === 'published' && L.published(status.version)}
        </div>
        <div role="alert" className="procedo-Designer-alert">
          {status.kind === 'invalid' && L.fixProblems(status.count)}
          {status.kind === 'server' && L.serverProblems}
          {status.kind === 'conflict' && L.conflict(status.version)}
          {status.kind === 'failed' && L.failed(status.message)}
        </div>
      </div>
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
          <Button className="procedo-Button" data-variant="primary" onPress={() => void publish(true)}>
            {L.confirmBreaking}
          </Button>
        </div>
      </ShellDialog>
    </div>
  );
}
