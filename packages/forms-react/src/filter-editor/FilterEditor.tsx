import { filterProblems, type SavedFilter, type SearchFilter, type ValueElement } from '@procedo/client-api';
import { useId, useMemo, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useFormsTexts, useOnDemandTexts } from '../i18n/texts';
import { ConditionRowView } from './ConditionRowView';
import {
  type ConditionRow,
  newRow,
  type SaveProblems,
  saveProblems,
  toFilter,
  toRows,
  withField,
} from './conditions';
import { FILTER_EDITOR_LABELS } from './labels';

/** What the editor asks to save. */
export interface FilterEditorDraft {
  Name: string;
  IsShared: boolean;
  Filter: SearchFilter;
  /** The saved filter being changed and the version it was read at; absent for a new one. */
  Id?: number;
  Version?: number;
}

/** Props of {@link FilterEditor}. */
export interface FilterEditorProps {
  /** The fields a condition may name: the search form's value elements visible to the user. */
  fields: readonly ValueElement[];
  /** The user's own and the shared saved filters of the form. */
  savedFilters: readonly SavedFilter[];
  /** The saved filters ticked at first (the grid's current ones). @default [] */
  defaultSelectedIds?: readonly number[];
  /** Whether "Shared with everyone" is offered (supervisors). @default false */
  canShare?: boolean;
  /**
   * Saves the filter; a rejection with the server's 400 issues is shown on the conditions (by
   * index) and the name it names. What was typed stays either way. Answer the saved filter:
   * the editor goes on editing it (a second Save changes it, at its new version).
   */
  onSave(draft: FilterEditorDraft): Promise<SavedFilter | undefined>;
  /** Deletes a saved filter; without it no Delete is offered. */
  onDelete?(filter: SavedFilter): Promise<void>;
  /** Applies the ticked saved filters to the grid. */
  onApply(event: { ids: number[] }): void;
}

const NO_PROBLEMS: SaveProblems = { conditions: new Map(), name: null, general: null };

/**
 * The entity-view filter editor: conditions as rows (field, comparison, value by the field's kind),
 * combined with and/or, named and saved; the saved filters to tick for the grid and Apply. A
 * problem is shown on the condition it is about, linked to its controls by `aria-describedby`.
 */
export function FilterEditor(props: FilterEditorProps) {
  const { fields, canShare = false } = props;
  const texts = useFormsTexts();
  const L = useOnDemandTexts('filterEditor', FILTER_EDITOR_LABELS);
  const byName = useMemo(() => new Map(fields.map((field) => [field.Name, field])), [fields]);
  const nextKey = useRef(2);
  const [rows, setRows] = useState<ConditionRow[]>(() => (fields[0] ? [newRow(1, fields[0])] : []));
  const [combine, setCombine] = useState<SearchFilter['Combine']>('and');
  const [name, setName] = useState('');
  const [isShared, setIsShared] = useState(false);
  const [problems, setProblems] = useState<SaveProblems>(NO_PROBLEMS);
  const [status, setStatus] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(
    () => new Set(props.defaultSelectedIds ?? []),
  );
  const [editing, setEditing] = useState<{ Id: number; Version: number; Name: string } | null>(null);
  const id = useId();
  // The user's own filters, and shared ones for a supervisor, may be changed (the server's rule).
  const mayChange = (filter: SavedFilter) => filter.IsOwn || (filter.IsShared && canShare);

  function edit(filter: SavedFilter) {
    const loaded = toRows(filter.Filter, nextKey.current);
    nextKey.current += loaded.length;
    setRows(loaded);
    setCombine(filter.Filter.Combine);
    setName(filter.Name);
    setIsShared(filter.IsShared);
    setEditing({ Id: filter.Id, Version: filter.Version, Name: filter.Name });
    setProblems(NO_PROBLEMS);
    setStatus(null);
  }

  async function remove(filter: SavedFilter) {
    setStatus(null);
    try {
      await props.onDelete?.(filter);
      if (editing?.Id === filter.Id) setEditing(null);
      setStatus(L.deleted(filter.Name));
    } catch (error) {
      setProblems({ ...NO_PROBLEMS, general: saveProblems(error, L.deleteFailed).general ?? L.deleteFailed });
    }
  }

  const change = (key: number, next: Partial<ConditionRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...next } : row)));

  async function save() {
    setStatus(null);
    const filter = toFilter(combine, rows);
    const found: SaveProblems = { conditions: new Map(), name: null, general: null };
    for (const problem of filterProblems(filter, byName))
      found.conditions.set(problem.index, problem.message);
    if (name.trim() === '') found.name = L.nameMissing;
    if (found.conditions.size > 0) found.general = L.problems(found.conditions.size);
    setProblems(found);
    if (found.conditions.size > 0 || found.name) return;
    setIsSaving(true);
    try {
      const saved = await props.onSave({
        Name: name.trim(),
        IsShared: canShare && isShared,
        Filter: filter,
        ...(editing ? { Id: editing.Id, Version: editing.Version } : {}),
      });
      if (saved) setEditing({ Id: saved.Id, Version: saved.Version, Name: saved.Name });
      setStatus(L.saved(name.trim()));
    } catch (error) {
      const refused = saveProblems(error, L.saveFailed);
      if (refused.conditions.size > 0 && refused.general === null)
        refused.general = L.problems(refused.conditions.size);
      setProblems(refused);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <div className="procedo-FilterEditor">
      <form
        className="procedo-FilterEditor-form"
        aria-labelledby={`${id}-conditions`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 id={`${id}-conditions`}>{L.conditions}</h2>
        <fieldset className="procedo-FilterEditor-combine">
          <legend>{L.combine}</legend>
          {(['and', 'or'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-combine`}
                value={value}
                checked={combine === value}
                onChange={() => setCombine(value)}
              />{' '}
              {L[value]}
            </label>
          ))}
        </fieldset>
        <ol className="procedo-FilterEditor-rows">
          {rows.map((row, index) => (
            <ConditionRowView
              key={row.key}
              row={row}
              index={index}
              fields={fields}
              field={byName.get(row.Field)}
              problem={problems.conditions.get(index) ?? null}
              canRemove={rows.length > 1}
              onChange={(next) => change(row.key, next)}
              onFieldChange={(field) =>
                setRows((current) => current.map((r) => (r.key === row.key ? withField(r, field) : r)))
              }
              onRemove={() => {
                setRows((current) => current.filter((r) => r.key !== row.key));
                // Problems are by index: the ones after the removed row no longer line up.
                setProblems(NO_PROBLEMS);
              }}
            />
          ))}
        </ol>
        <Button
          className="procedo-Button"
          isDisabled={fields.length === 0 || rows.length >= 20}
          onPress={() => {
            const first = fields[0];
            if (first) setRows((current) => [...current, newRow(nextKey.current++, first)]);
          }}
        >
          {L.addCondition}
        </Button>
        <div className="procedo-FilterEditor-save">
          <label htmlFor={`${id}-name`}>{L.name}</label>
          <input
            id={`${id}-name`}
            className="procedo-Field-input"
            value={name}
            maxLength={100}
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={problems.name ? `${id}-name-problem` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {problems.name && (
            <p id={`${id}-name-problem`} className="procedo-FilterEditor-problem">
              {problems.name}
            </p>
          )}
          {canShare && (
            <label>
              <input
                type="checkbox"
                checked={isShared}
                onChange={(event) => setIsShared(event.target.checked)}
              />{' '}
              {L.shared}
            </label>
          )}
          <Button type="submit" className="procedo-Button" isDisabled={isSaving}>
            {isSaving ? L.saving : L.save}
          </Button>
          {editing && (
            <>
              <p className="procedo-FilterEditor-editing">{L.editing(editing.Name)}</p>
              <Button className="procedo-Button" onPress={() => setEditing(null)}>
                {L.newFilter}
              </Button>
            </>
          )}
        </div>
        <div aria-live="polite" className="procedo-FilterEditor-status">
          {problems.general && <p role="alert">{problems.general}</p>}
          {status && <p>{status}</p>}
        </div>
      </form>
      <section className="procedo-FilterEditor-saved" aria-labelledby={`${id}-saved`}>
        <h2 id={`${id}-saved`}>{L.savedFilters}</h2>
        {props.savedFilters.length === 0 ? (
          <p>{L.noSavedFilters}</p>
        ) : (
          <ul>
            {props.savedFilters.map((filter) => (
              <li key={filter.Id}>
                <label>
                  <input
                    type="checkbox"
                    checked={selected.has(filter.Id)}
                    onChange={(event) => {
                      const next = new Set(selected);
                      if (event.target.checked) next.add(filter.Id);
                      else next.delete(filter.Id);
                      setSelected(next);
                    }}
                  />{' '}
                  {filter.Name}
                  {filter.IsShared && (
                    <span className="procedo-FilterEditor-owner">
                      {' '}
                      ({filter.IsOwn ? L.sharedMine : L.sharedBy(filter.OwnerName)})
                    </span>
                  )}
                </label>
                {mayChange(filter) && (
                  <>
                    {' '}
                    <Button
                      className="procedo-Button"
                      aria-label={L.edit(filter.Name)}
                      onPress={() => edit(filter)}
                    >
                      {texts.form.editFilter}
                    </Button>
                    {props.onDelete && (
                      <Button
                        className="procedo-Button"
                        aria-label={L.remove(filter.Name)}
                        onPress={() => void remove(filter)}
                      >
                        {texts.form.deleteFilter}
                      </Button>
                    )}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <Button
          className="procedo-Button"
          onPress={() =>
            props.onApply({
              // Only filters still listed: one deleted meanwhile is not sent.
              ids: props.savedFilters.map((filter) => filter.Id).filter((filterId) => selected.has(filterId)),
            })
          }
        >
          {L.apply}
        </Button>
      </section>
    </div>
  );
}
