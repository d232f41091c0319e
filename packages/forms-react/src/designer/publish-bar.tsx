import { useCallback, useId, useState, useSyncExternalStore } from 'react';
import { Button } from 'react-aria-components';
import { type BreakingElement, readPublishFailure } from './publish-errors';

/** The texts of {@link PublishBar}: the form and command designers' labels each carry them. */
export interface PublishLabels {
  changeNote: string;
  changeNoteRequired: string;
  publish: string;
  publishing: string;
  published: (version: number | null) => string;
  problemCount: (count: number) => string;
  fixProblems: (count: number) => string;
  serverProblems: string;
  conflict: (version: number | null) => string;
  failed: (message: string) => string;
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

/** The change note as typed and whether Publish found it missing or too long. */
interface NoteState {
  text: string;
  problem: boolean;
}

/**
 * The change note lives in a store of its own, read by {@link PublishBar} alone: a keystroke in
 * the note re-renders the bar, not the designer around it (its tree, properties and preview).
 */
function createNoteStore() {
  let state: NoteState = { text: '', problem: false };
  const listeners = new Set<() => void>();
  const set = (next: NoteState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** What the user typed; typing clears the problem. */
    type: (text: string) => set({ text, problem: false }),
    setProblem: () => set({ ...state, problem: true }),
    clear: () => set({ text: '', problem: false }),
  };
}

/**
 * A designer's publishing: the change note, and the outcome of a publish. Nothing is sent while
 * the draft has problems or the note is empty or over 500 characters (the server's rule); every
 * failure keeps the draft — the server's issues go to `onIssues` (to show at their place), a
 * `BREAKING_CHANGE` to `onBreaking`, a conflict says which version another designer published.
 */
export function usePublishFlow() {
  const [note] = useState(createNoteStore);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  /** An edit makes the outcome of the last publish stale. */
  const onEdit = useCallback(
    () => setStatus((current) => (current.kind === 'publishing' ? current : { kind: 'idle' })),
    [],
  );

  const publish = async (request: {
    /** The draft's own problems: none may be left. */
    problemCount: number;
    send: (changeNote: string) => Promise<unknown>;
    onIssues: (issues: { path: (string | number)[]; message: string }[]) => void;
    onBreaking?: (breaking: BreakingElement[]) => void;
  }) => {
    const { problemCount, send } = request;
    if (problemCount > 0) {
      setStatus({ kind: 'invalid', count: problemCount });
      return;
    }
    const text = note.getSnapshot().text.trim();
    if (text.length === 0 || text.length > 500) {
      note.setProblem();
      return;
    }
    setStatus({ kind: 'publishing' });
    try {
      const result = await send(text);
      setStatus({ kind: 'published', version: versionOf(result) });
      note.clear();
    } catch (error) {
      const failure = readPublishFailure(error);
      if (failure.kind === 'issues') {
        request.onIssues(failure.issues);
        setStatus({ kind: 'server' });
      } else if (failure.kind === 'conflict') {
        setStatus({ kind: 'conflict', version: failure.currentVersion });
      } else if (failure.kind === 'breaking' && request.onBreaking) {
        setStatus({ kind: 'idle' });
        request.onBreaking(failure.breaking);
      } else {
        setStatus({ kind: 'failed', message: failure.kind === 'other' ? failure.message : failure.kind });
      }
    }
  };

  return { note, status, onEdit, publish };
}

/** The change note, the problem count, Publish and what came of it. */
export function PublishBar(props: {
  flow: ReturnType<typeof usePublishFlow>;
  problemCount: number;
  onPublish: () => void;
  labels: PublishLabels;
}) {
  const { flow, problemCount, labels: L } = props;
  const { status } = flow;
  const note = useSyncExternalStore(flow.note.subscribe, flow.note.getSnapshot, flow.note.getSnapshot);
  const noteId = useId();
  const noteErrorId = useId();
  return (
    <div className="procedo-Designer-publish">
      <div className="procedo-Designer-field">
        <label htmlFor={noteId}>{L.changeNote}</label>
        <textarea
          id={noteId}
          value={note.text}
          rows={2}
          maxLength={500}
          aria-invalid={note.problem || undefined}
          aria-describedby={note.problem ? noteErrorId : undefined}
          onChange={(event) => flow.note.type(event.target.value)}
        />
        {note.problem && (
          <span id={noteErrorId} className="procedo-Designer-error">
            {L.changeNoteRequired}
          </span>
        )}
      </div>
      {problemCount > 0 && <p className="procedo-Designer-problemsSummary">{L.problemCount(problemCount)}</p>}
      <Button
        className="procedo-Button"
        data-variant="primary"
        isDisabled={status.kind === 'publishing'}
        onPress={props.onPublish}
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
  );
}
