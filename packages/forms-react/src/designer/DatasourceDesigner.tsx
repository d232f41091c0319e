import type { DatasourceColumn, DatasourceValueKind } from '@procedo/client-api';
import type { Datasource } from '@procedo/client-api/designer';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useOnDemandTexts } from '../i18n/texts';
import {
  type ColumnProblem,
  columnProblems,
  DATASOURCE_KINDS,
  type DatasourcePublishFailure,
  type DraftColumn,
  moveColumn,
  readDatasourceFailure,
} from './datasource-draft';

/** Texts of the {@link DatasourceDesigner}; override any through `labels` or `ProcedoTexts` (section `datasourceDesigner`). */
export interface DatasourceDesignerLabels {
  title: (entity: string, version: number) => string;
  columns: string;
  moveHint: string;
  moveUp: string;
  moveDown: string;
  remove: string;
  addField: string;
  add: string;
  addBlank: string;
  properties: (name: string) => string;
  noSelection: string;
  fields: Record<
    'Name' | 'Caption' | 'Description' | 'DataTextColumn' | 'DataFormId' | 'WorkflowId' | 'Kind',
    string
  >;
  moved: (name: string, position: number) => string;
  changeNote: string;
  changeNoteRequired: string;
  publish: string;
  publishing: string;
  published: (version: number | null) => string;
  fixProblems: (count: number) => string;
  conflict: (version: number | null) => string;
  breakingIntro: string;
  breakingFilter: (filter: { Name: string; OwnerName: string; Columns: string[] }) => string;
  publishAnyway: string;
  cancel: string;
  failed: (message: string) => string;
}

export const DATASOURCE_DESIGNER_LABELS: DatasourceDesignerLabels = {
  title: (entity, version) => `Datasource ${entity} (version ${version})`,
  columns: 'Columns',
  moveHint: 'Alt+Arrow up or down moves the selected column.',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove column',
  addField: 'Field to add',
  add: 'Add column',
  addBlank: 'Add a blank column',
  properties: (name) => `Properties of ${name || 'the new column'}`,
  noSelection: 'Select a column to edit its properties.',
  fields: {
    Name: 'Name (the record value)',
    Caption: 'Caption',
    Description: 'Description',
    DataTextColumn: 'Data text column',
    DataFormId: 'Data form id',
    WorkflowId: 'Workflow id',
    Kind: 'Value kind',
  },
  moved: (name, position) => `${name} moved to position ${position}.`,
  changeNote: 'Change note',
  changeNoteRequired: 'Enter a change note (at most 500 characters).',
  publish: 'Publish',
  publishing: 'Publishing…',
  published: (version) => `Published${version === null ? '' : ` version ${version}`}.`,
  fixProblems: (count) => `Fix the ${count} problem${count === 1 ? '' : 's'} first.`,
  conflict: (version) =>
    `Another designer published${version === null ? ' a newer version' : ` version ${version}`} first: nothing was stored. Reload and apply your changes again.`,
  breakingIntro:
    'Saved filters use a column this version removes. They are kept, but cannot be used until the column is back:',
  breakingFilter: (f) => `${f.Name} of ${f.OwnerName} (${f.Columns.join(', ')})`,
  publishAnyway: 'Publish anyway',
  cancel: 'Cancel',
  failed: (message) => `Not published: ${message}`,
};

/** What {@link DatasourceDesignerProps.onPublish} is called with. */
export interface DatasourcePublishRequest {
  columns: DatasourceColumn[];
  changeNote: string;
  /** True on the second call, after the designer confirmed removing columns saved filters use. */
  confirmBreaking: boolean;
}

/** Props of {@link DatasourceDesigner}. */
export interface DatasourceDesignerProps {
  /** The version the draft starts from. Give a new `key` to start over from another. */
  datasource: Datasource;
  /** Fields offered for Add column (e.g. the entity's value fields); those in the draft are left out. */
  fields?: readonly Pick<DatasourceColumn, 'Name' | 'Caption' | 'Kind'>[];
  /**
   * Publishes (e.g. the designer client's `datasources.publish(entity, { BaseVersion, Columns, ChangeNote, ConfirmBreaking })`),
   * resolving with the new version. Rejections are read by shape (`readDatasourceFailure`):
   * issues at `['Columns', i, …]` show at their column; `CONFLICT`; `BREAKING_CHANGE` asks to
   * confirm and calls again with `confirmBreaking`. The draft is kept on every failure.
   */
  onPublish: (request: DatasourcePublishRequest) => Promise<unknown>;
  labels?: Partial<DatasourceDesignerLabels>;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'publishing' }
  | { kind: 'published'; version: number | null }
  | { kind: 'failed'; failure: DatasourcePublishFailure | { kind: 'invalid'; count: number } };

let nextKey = 0;
const keyed = (column: DatasourceColumn): DraftColumn => ({ key: `c${++nextKey}`, column });

const OPTIONAL_TEXT = ['Description', 'DataTextColumn'] as const;
const OPTIONAL_ID = ['DataFormId', 'WorkflowId'] as const;

/**
 * The datasource designer (issue 16 item 4): an entity's grid schema columns (spec §3) as an
 * ordered list — select one, move it with Alt+Arrow keys or the buttons, remove it, add one —
 * with a property editor for the selected column, and publishing with a change note.
 */
export function DatasourceDesigner(props: DatasourceDesignerProps) {
  const catalogue = useOnDemandTexts('datasourceDesigner', DATASOURCE_DESIGNER_LABELS);
  const L = {
    ...catalogue,
    ...props.labels,
    fields: { ...catalogue.fields, ...props.labels?.fields },
  };
  const [columns, setColumnsState] = useState<DraftColumn[]>(() => props.datasource.Columns.map(keyed));
  const [selected, setSelected] = useState<string | null>(columns[0]?.key ?? null);
  const [toAdd, setToAdd] = useState('');
  const [changeNote, setChangeNote] = useState('');
  const [noteProblem, setNoteProblem] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [serverProblems, setServerProblems] = useState<ColumnProblem[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const id = useId();
  const items = useRef(new Map<string, HTMLButtonElement>());

  const wire = useMemo(() => columns.map((draft) => draft.column), [columns]);
  const local = useMemo(() => columnProblems(wire), [wire]);
  const problems = [...local, ...serverProblems];
  const problemsOf = (index: number) => problems.filter((problem) => problem.index === index);
  const setColumns = (next: DraftColumn[]) => {
    setColumnsState(next);
    setServerProblems([]);
    if (status.kind !== 'publishing') setStatus({ kind: 'idle' });
  };

  const selectedIndex = columns.findIndex((draft) => draft.key === selected);
  const current = selectedIndex >= 0 ? columns[selectedIndex] : undefined;
  const offered = (props.fields ?? []).filter((field) => !wire.some((column) => column.Name === field.Name));

  const move = (index: number, by: -1 | 1) => {
    const next = moveColumn(columns, index, by);
    if (next[index] === columns[index]) return;
    setColumns(next);
    const moved = columns[index]!;
    setAnnouncement(L.moved(moved.column.Name, index + by + 1));
    // Keep the focus on the column that moved.
    requestAnimationFrame(() => items.current.get(moved.key)?.focus());
  };
  const onItemKey = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? -1 : 1);
  };
  const add = (column: DatasourceColumn) => {
    const draft = keyed(column);
    setColumns([...columns, draft]);
    setSelected(draft.key);
  };
  const update = (patch: Partial<DatasourceColumn>) => {
    if (!current) return;
    const column = { ...current.column, ...patch } as DatasourceColumn;
    for (const key of [...OPTIONAL_TEXT, ...OPTIONAL_ID])
      if (column[key] === undefined || column[key] === '') delete column[key];
    setColumns(columns.map((draft) => (draft.key === current.key ? { ...draft, column } : draft)));
  };

  const publish = async (confirmBreaking: boolean) => {
    if (local.length > 0) {
      setStatus({ kind: 'failed', failure: { kind: 'invalid', count: local.length } });
      return;
    }
    const note = changeNote.trim();
    if (note.length === 0 || note.length > 500) {
      setNoteProblem(true);
      return;
    }
    setStatus({ kind: 'publishing' });
    try {
      const result = await props.onPublish({ columns: wire, changeNote: note, confirmBreaking });
      const version = (result as { Version?: unknown } | null)?.Version;
      setStatus({ kind: 'published', version: typeof version === 'number' ? version : null });
    } catch (error) {
      const failure = readDatasourceFailure(error);
      if (failure.kind === 'issues') setServerProblems(failure.problems);
      setStatus({ kind: 'failed', failure });
    }
  };

  const failure = status.kind === 'failed' ? status.failure : null;
  const fieldId = (name: string) => `${id}-${name}`;
  const problemText = (property: ColumnProblem['property']) =>
    selectedIndex >= 0 ? problemsOf(selectedIndex).filter((problem) => problem.property === property) : [];

  const textField = (name: 'Name' | 'Caption' | (typeof OPTIONAL_TEXT)[number], maxLength: number) => {
    const found = problemText(name);
    return (
      <div className="procedo-DatasourceDesigner-field">
        <label htmlFor={fieldId(name)}>{L.fields[name]}</label>
        <input
          id={fieldId(name)}
          value={current?.column[name] ?? ''}
          maxLength={maxLength}
          aria-invalid={found.length > 0 || undefined}
          aria-describedby={found.length > 0 ? `${fieldId(name)}-problem` : undefined}
          onChange={(event) => update({ [name]: event.target.value })}
        />
        {found.length > 0 ? (
          <span id={`${fieldId(name)}-problem`} className="procedo-DatasourceDesigner-problem">
            {found.map((problem) => problem.message).join(' ')}
          </span>
        ) : null}
      </div>
    );
  };
  const idField = (name: (typeof OPTIONAL_ID)[number]) => {
    const found = problemText(name);
    return (
      <div className="procedo-DatasourceDesigner-field">
        <label htmlFor={fieldId(name)}>{L.fields[name]}</label>
        <input
          id={fieldId(name)}
          type="number"
          min={1}
          value={current?.column[name] ?? ''}
          aria-invalid={found.length > 0 || undefined}
          aria-describedby={found.length > 0 ? `${fieldId(name)}-problem` : undefined}
          onChange={(event) => {
            const value = Number.parseInt(event.target.value, 10);
            update({ [name]: Number.isSafeInteger(value) && value > 0 ? value : undefined });
          }}
        />
        {found.length > 0 ? (
          <span id={`${fieldId(name)}-problem`} className="procedo-DatasourceDesigner-problem">
            {found.map((problem) => problem.message).join(' ')}
          </span>
        ) : null}
      </div>
    );
  };

  return (
    <div className="procedo-DatasourceDesigner">
      <h2>{L.title(props.datasource.Entity, props.datasource.Version)}</h2>
      <div className="procedo-DatasourceDesigner-body">
        <section aria-labelledby={`${id}-columns`} className="procedo-DatasourceDesigner-list">
          <h3 id={`${id}-columns`}>{L.columns}</h3>
          <p id={`${id}-hint`} className="procedo-DatasourceDesigner-hint">
            {L.moveHint}
          </p>
          <ol aria-labelledby={`${id}-columns`}>
            {columns.map((draft, index) => (
              <li key={draft.key} data-invalid={problemsOf(index).length > 0 || undefined}>
                <button
                  type="button"
                  ref={(element) => {
                    if (element) items.current.set(draft.key, element);
                    else items.current.delete(draft.key);
                  }}
                  aria-pressed={draft.key === selected}
                  aria-describedby={`${id}-hint`}
                  onClick={() => setSelected(draft.key)}
                  onKeyDown={(event) => onItemKey(event, index)}
                >
                  {draft.column.Caption || draft.column.Name || '…'}{' '}
                  <small>({draft.column.Name || '?'})</small>
                  {problemsOf(index).length > 0 ? <span aria-hidden="true"> ⚠</span> : null}
                </button>
              </li>
            ))}
          </ol>
          <div className="procedo-DatasourceDesigner-actions">
            <button
              type="button"
              className="procedo-Button"
              disabled={selectedIndex <= 0}
              onClick={() => move(selectedIndex, -1)}
            >
              {L.moveUp}
            </button>
            <button
              type="button"
              className="procedo-Button"
              disabled={selectedIndex < 0 || selectedIndex >= columns.length - 1}
              onClick={() => move(selectedIndex, 1)}
            >
              {L.moveDown}
            </button>
            <button
              type="button"
              className="procedo-Button"
              disabled={selectedIndex < 0}
              onClick={() => {
                setColumns(columns.filter((draft) => draft.key !== selected));
                setSelected(columns[selectedIndex + 1]?.key ?? columns[selectedIndex - 1]?.key ?? null);
              }}
            >
              {L.remove}
            </button>
          </div>
          <div className="procedo-DatasourceDesigner-add">
            {offered.length > 0 ? (
              <>
                <label htmlFor={`${id}-add`}>{L.addField}</label>
                <select id={`${id}-add`} value={toAdd} onChange={(event) => setToAdd(event.target.value)}>
                  <option value="" />
                  {offered.map((field) => (
                    <option key={field.Name} value={field.Name}>
                      {field.Caption} ({field.Name})
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="procedo-Button"
                  disabled={!toAdd}
                  onClick={() => {
                    const field = offered.find((candidate) => candidate.Name === toAdd);
                    if (field) add({ Name: field.Name, Caption: field.Caption, Kind: field.Kind });
                    setToAdd('');
                  }}
                >
                  {L.add}
                </button>
              </>
            ) : null}
            <button
              type="button"
              className="procedo-Button"
              onClick={() => add({ Name: '', Caption: '', Kind: 'text' })}
            >
              {L.addBlank}
            </button>
          </div>
          <p role="status" className="procedo-DatasourceDesigner-announce">
            {announcement}
          </p>
        </section>
        <section
          aria-label={current ? L.properties(current.column.Name) : L.noSelection}
          className="procedo-DatasourceDesigner-properties"
        >
          {current ? (
            <>
              <h3>{L.properties(current.column.Name)}</h3>
              {textField('Name', 64)}
              {textField('Caption', 200)}
              {textField('Description', 1000)}
              {textField('DataTextColumn', 128)}
              {idField('DataFormId')}
              {idField('WorkflowId')}
              <div className="procedo-DatasourceDesigner-field">
                <label htmlFor={fieldId('Kind')}>{L.fields.Kind}</label>
                <select
                  id={fieldId('Kind')}
                  value={current.column.Kind}
                  aria-invalid={problemText('Kind').length > 0 || undefined}
                  aria-describedby={problemText('Kind').length > 0 ? `${fieldId('Kind')}-problem` : undefined}
                  onChange={(event) => update({ Kind: event.target.value as DatasourceValueKind })}
                >
                  {DATASOURCE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {kind}
                    </option>
                  ))}
                </select>
                {problemText('Kind').length > 0 ? (
                  <span id={`${fieldId('Kind')}-problem`} className="procedo-DatasourceDesigner-problem">
                    {problemText('Kind')
                      .map((problem) => problem.message)
                      .join(' ')}
                  </span>
                ) : null}
              </div>
            </>
          ) : (
            <p>{L.noSelection}</p>
          )}
        </section>
      </div>
      <div className="procedo-DatasourceDesigner-publish">
        <label htmlFor={`${id}-note`}>{L.changeNote}</label>
        <input
          id={`${id}-note`}
          value={changeNote}
          maxLength={500}
          aria-invalid={noteProblem || undefined}
          aria-describedby={noteProblem ? `${id}-note-problem` : undefined}
          onChange={(event) => {
            setChangeNote(event.target.value);
            setNoteProblem(false);
          }}
        />
        {noteProblem ? (
          <span id={`${id}-note-problem`} className="procedo-DatasourceDesigner-problem">
            {L.changeNoteRequired}
          </span>
        ) : null}
        <button
          type="button"
          className="procedo-Button"
          data-variant="primary"
          disabled={status.kind === 'publishing'}
          onClick={() => void publish(false)}
        >
          {status.kind === 'publishing' ? L.publishing : L.publish}
        </button>
      </div>
      <p role="status">{status.kind === 'published' ? L.published(status.version) : ''}</p>
      {failure ? (
        <div role="alert" className="procedo-DatasourceDesigner-failure">
          {failure.kind === 'invalid' ? <p>{L.fixProblems(failure.count)}</p> : null}
          {failure.kind === 'issues' ? (
            <>
              <p>{L.fixProblems(failure.problems.length + failure.other.length)}</p>
              {failure.other.length > 0 ? <p>{failure.other.join(' ')}</p> : null}
            </>
          ) : null}
          {failure.kind === 'conflict' ? <p>{L.conflict(failure.currentVersion)}</p> : null}
          {failure.kind === 'other' ? <p>{L.failed(failure.message)}</p> : null}
          {failure.kind === 'breaking' ? (
            <>
              <p>{L.breakingIntro}</p>
              <ul>
                {failure.filters.map((filter) => (
                  <li key={filter.Id}>{L.breakingFilter(filter)}</li>
                ))}
              </ul>
              <button
                type="button"
                className="procedo-Button"
                data-variant="primary"
                onClick={() => void publish(true)}
              >
                {L.publishAnyway}
              </button>{' '}
              <button type="button" className="procedo-Button" onClick={() => setStatus({ kind: 'idle' })}>
                {L.cancel}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
