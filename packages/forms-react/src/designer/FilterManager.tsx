import type { FilterChange, ManagedFilter } from '@procedo/client-api/designer';
import { useId, useState } from 'react';
import { useOnDemandTexts } from '../i18n/texts';

/** Texts of the {@link FilterManager}; override any through `labels` or `ProcedoTexts` (section `filterManager`). */
export interface FilterManagerLabels {
  caption: string;
  name: string;
  owner: string;
  shared: string;
  fields: string;
  updated: string;
  actions: string;
  yes: string;
  no: string;
  none: string;
  rename: (name: string) => string;
  newName: string;
  save: string;
  cancel: string;
  share: (name: string) => string;
  unshare: (name: string) => string;
  delete: (name: string) => string;
  confirmDelete: (name: string, owner: string) => string;
  confirm: string;
  renamed: (name: string) => string;
  sharedDone: (name: string) => string;
  unsharedDone: (name: string) => string;
  deleted: (name: string) => string;
  conflict: string;
  failed: (message: string) => string;
  changes: string;
  noChanges: string;
  change: (change: FilterChange) => string;
}

export const FILTER_MANAGER_LABELS: FilterManagerLabels = {
  caption: 'Saved filters',
  name: 'Name',
  owner: 'Owner',
  shared: 'Shared',
  fields: 'Fields',
  updated: 'Updated',
  actions: 'Actions',
  yes: 'Yes',
  no: 'No',
  none: 'No user has saved a filter for this form.',
  rename: (name) => `Rename ${name}`,
  newName: 'New name',
  save: 'Save',
  cancel: 'Cancel',
  share: (name) => `Share ${name}`,
  unshare: (name) => `Unshare ${name}`,
  delete: (name) => `Delete ${name}`,
  confirmDelete: (name, owner) => `Delete the filter ${name} of ${owner}? Its owner loses it.`,
  confirm: 'Delete',
  renamed: (name) => `Renamed to ${name}.`,
  sharedDone: (name) => `${name} is shared with everyone.`,
  unsharedDone: (name) => `${name} is private to its owner again.`,
  deleted: (name) => `${name} was deleted.`,
  conflict: 'The filter was changed since you read it: the list is reloaded, try again.',
  failed: (message) => `Not done: ${message}`,
  changes: 'Changes by designers',
  noChanges: 'No changes yet.',
  change: (c) => {
    const what =
      c.Change === 'rename'
        ? `renamed ${c.NameBefore} to ${c.NameAfter ?? ''}`
        : c.Change === 'delete'
          ? `deleted ${c.NameBefore}`
          : `${c.Change === 'share' ? 'shared' : 'unshared'} ${c.NameBefore}`;
    return `${c.ChangedAt.slice(0, 16).replace('T', ' ')} ${c.ChangedBy} ${what} (owner ${c.OwnerName})`;
  },
};

/** What a change handler may reject with: its code or body `Code` 'VERSION_CONFLICT' reloads. */
const codeOf = (error: unknown): unknown => {
  const top = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const body = typeof top.body === 'object' && top.body !== null ? (top.body as Record<string, unknown>) : {};
  return top.code ?? body.Code;
};
const messageOf = (error: unknown) => {
  const top = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const body = typeof top.body === 'object' && top.body !== null ? (top.body as Record<string, unknown>) : {};
  return String(body.Message ?? top.message ?? error);
};

/** Props of {@link FilterManager}. */
export interface FilterManagerProps {
  /** Every saved filter of the form (the designer client's `filterManager.list(no)`). */
  filters: readonly ManagedFilter[];
  /** The trail of designers' changes (`filterManager.changes(no)`); not shown without it. */
  changes?: readonly FilterChange[];
  /** Sharing is for supervisors (the server refuses others): without it no Share button. @default true */
  canShare?: boolean;
  onRename(filter: ManagedFilter, name: string): Promise<unknown>;
  onShare(filter: ManagedFilter, isShared: boolean): Promise<unknown>;
  onDelete(filter: ManagedFilter): Promise<unknown>;
  /** Called after each change (done or refused as stale) to read the list and trail again. */
  onChanged?: () => void;
  labels?: Partial<FilterManagerLabels>;
}

type Status = { kind: 'idle' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/**
 * The designers' view of every user's saved filters of a search form (issue 16 item 4): owner,
 * shared, name, fields and last change, with rename, share / unshare and delete (confirmed);
 * each sent with the version read, so a filter changed meanwhile is refused and reloaded.
 */
export function FilterManager(props: FilterManagerProps) {
  const L = { ...useOnDemandTexts('filterManager', FILTER_MANAGER_LABELS), ...props.labels };
  const canShare = props.canShare ?? true;
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputId = useId();

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      setStatus({ kind: 'done', message: done });
      setRenaming(null);
      setDeleting(null);
      props.onChanged?.();
    } catch (error) {
      if (codeOf(error) === 'VERSION_CONFLICT') {
        setStatus({ kind: 'error', message: L.conflict });
        props.onChanged?.();
      } else setStatus({ kind: 'error', message: L.failed(messageOf(error)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="procedo-FilterManager">
      <p role="status" className="procedo-FilterManager-status">
        {status.kind === 'done' ? status.message : ''}
      </p>
      {status.kind === 'error' ? (
        <p role="alert" className="procedo-FilterManager-error">
          {status.message}
        </p>
      ) : null}
      {props.filters.length === 0 ? (
        <p>{L.none}</p>
      ) : (
        <table className="procedo-FilterManager-table">
          <caption>{L.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{L.name}</th>
              <th scope="col">{L.owner}</th>
              <th scope="col">{L.shared}</th>
              <th scope="col">{L.fields}</th>
              <th scope="col">{L.updated}</th>
              <th scope="col">{L.actions}</th>
            </tr>
          </thead>
          <tbody>
            {props.filters.map((filter) => (
              <tr key={filter.Id} data-id={filter.Id}>
                <th scope="row">
                  {renaming?.id === filter.Id ? (
                    <form
                      onSubmit={(event) => {
                        event.preventDefault();
                        const name = renaming.name.trim();
                        if (name) void run(() => props.onRename(filter, name), L.renamed(name));
                      }}
                    >
                      <label htmlFor={`${inputId}-${filter.Id}`}>{L.newName}</label>{' '}
                      <input
                        id={`${inputId}-${filter.Id}`}
                        value={renaming.name}
                        maxLength={100}
                        required
                        onChange={(event) => setRenaming({ id: filter.Id, name: event.target.value })}
                      />{' '}
                      <button type="submit" className="procedo-Button" disabled={busy}>
                        {L.save}
                      </button>{' '}
                      <button type="button" className="procedo-Button" onClick={() => setRenaming(null)}>
                        {L.cancel}
                      </button>
                    </form>
                  ) : (
                    filter.Name
                  )}
                </th>
                <td>{filter.OwnerName}</td>
                <td>{filter.IsShared ? L.yes : L.no}</td>
                <td>{filter.Fields.join(', ')}</td>
                <td>
                  {filter.UpdatedAt.slice(0, 16).replace('T', ' ')} {filter.UpdatedBy}
                </td>
                <td className="procedo-FilterManager-actions">
                  <button
                    type="button"
                    className="procedo-Button"
                    aria-label={L.rename(filter.Name)}
                    disabled={busy}
                    onClick={() => setRenaming({ id: filter.Id, name: filter.Name })}
                  >
                    {L.rename('').trim()}
                  </button>{' '}
                  {filter.IsShared || canShare ? (
                    <button
                      type="button"
                      className="procedo-Button"
                      aria-label={filter.IsShared ? L.unshare(filter.Name) : L.share(filter.Name)}
                      disabled={busy}
                      onClick={() =>
                        void run(
                          () => props.onShare(filter, !filter.IsShared),
                          filter.IsShared ? L.unsharedDone(filter.Name) : L.sharedDone(filter.Name),
                        )
                      }
                    >
                      {(filter.IsShared ? L.unshare('') : L.share('')).trim()}
                    </button>
                  ) : null}{' '}
                  {deleting === filter.Id ? (
                    <span>
                      {L.confirmDelete(filter.Name, filter.OwnerName)}{' '}
                      <button
                        type="button"
                        className="procedo-Button"
                        data-variant="primary"
                        disabled={busy}
                        onClick={() => void run(() => props.onDelete(filter), L.deleted(filter.Name))}
                      >
                        {L.confirm}
                      </button>{' '}
                      <button type="button" className="procedo-Button" onClick={() => setDeleting(null)}>
                        {L.cancel}
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="procedo-Button"
                      aria-label={L.delete(filter.Name)}
                      disabled={busy}
                      onClick={() => setDeleting(filter.Id)}
                    >
                      {L.delete('').trim()}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.changes ? (
        <section aria-label={L.changes}>
          <h2>{L.changes}</h2>
          {props.changes.length === 0 ? (
            <p>{L.noChanges}</p>
          ) : (
            <ul>
              {props.changes.map((change) => (
                <li key={change.Id}>{L.change(change)}</li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
