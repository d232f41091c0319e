import {
  type ElementPermissionChange,
  type FormPermissions,
  isHttpStatusError,
  type PermissionOwners,
  type PermissionOwnerType,
  type PermissionsApi,
} from '@procedo/client-api';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ShellDialog } from '../components/ShellDialog';
import { useOnDemandTexts } from '../i18n/texts';
import { PERMISSIONS_LABELS, type PermissionsLabels } from './labels';

/** Whose permissions the editor shows: one user, or a profile. */
export interface PermissionOwnerRef {
  ownerType: PermissionOwnerType;
  ownerId: number;
}

/** Props of {@link ElementPermissionsEditor}. */
export interface ElementPermissionsEditorProps {
  /** The permissions resource (`v1.permissions`). */
  api: Pick<PermissionsApi, 'get' | 'save' | 'owners'>;
  /** The form whose elements are edited. */
  webTemplateNo: number;
  /** The chosen owner; `null` until one is chosen. */
  owner: PermissionOwnerRef | null;
  /** The user chose another owner in the picker. */
  onOwnerChange: (owner: PermissionOwnerRef) => void;
  /** Cancel (or Escape in the dialog). */
  onCancel: () => void;
  /** A save was stored; the editor shows the saved state. */
  onSaved?: (saved: FormPermissions) => void;
  /** The form's elements for the owner were loaded (e.g. to title a dialog with the form's title). */
  onLoaded?: (loaded: FormPermissions) => void;
  /** The element whose row gets the focus when the editor has loaded (the one right-clicked). */
  focusElement?: string | null;
  /** A past timepoint is viewed: everything is shown, nothing can be changed. @default false */
  isReadOnly?: boolean;
  labels?: Partial<PermissionsLabels>;
}

type Flags = { Hidden: boolean; Locked: boolean };

const ownerKey = (owner: PermissionOwnerRef | null) => (owner ? `${owner.ownerType}:${owner.ownerId}` : '');

/** The element a server issue is about: `Changes.{i}.Name` of the changes sent. */
function issuesByElement(error: unknown, sent: readonly ElementPermissionChange[]): Map<string, string> {
  const byElement = new Map<string, string>();
  if (!isHttpStatusError(error)) return byElement;
  for (const issue of error.body?.Issues ?? []) {
    const [field, index] = issue.path;
    const change = field === 'Changes' && typeof index === 'number' ? sent[index] : undefined;
    if (change) byElement.set(change.Name, issue.message);
  }
  return byElement;
}

const messageOf = (error: unknown, fallback: string) =>
  isHttpStatusError(error) && error.body?.Message ? error.body.Message : fallback;

/**
 * The element permissions editor (spec §3 permission record, §4 permissions mode): the form's
 * named elements in form order with Hidden and Locked for one owner (a user or a profile), what a
 * tab passes on, and what is in force. Save sends the changed rows in one batch with the version
 * read; a refusal keeps the user's choices and says what is wrong, by element where it can.
 */
export function ElementPermissionsEditor({
  api,
  webTemplateNo,
  owner,
  onOwnerChange,
  onCancel,
  onSaved,
  onLoaded,
  focusElement = null,
  isReadOnly = false,
  labels,
}: ElementPermissionsEditorProps) {
  const L = { ...useOnDemandTexts('permissions', PERMISSIONS_LABELS), ...labels };
  const id = useId();
  const [owners, setOwners] = useState<PermissionOwners | null>(null);
  const [view, setView] = useState<FormPermissions | null>(null);
  const [choices, setChoices] = useState<ReadonlyMap<string, Flags>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [message, setMessage] = useState<{ text: string; type: 'error' | 'info' } | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const tableRef = useRef<HTMLTableElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    api.owners({ signal: abort.signal }).then(setOwners, (error: unknown) => {
      if (!abort.signal.aborted) setMessage({ text: messageOf(error, L.loadFailed), type: 'error' });
    });
    return () => abort.abort();
  }, [api, L.loadFailed]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the form or the owner changes
  useEffect(() => {
    setView(null);
    setChoices(new Map());
    setErrors(new Map());
    if (!owner) return;
    const abort = new AbortController();
    setLoading(true);
    setMessage(null);
    api
      .get(webTemplateNo, owner, { signal: abort.signal })
      .then(
        (loaded) => {
          setView(loaded);
          onLoaded?.(loaded);
        },
        (error: unknown) => {
          if (!abort.signal.aborted) setMessage({ text: messageOf(error, L.loadFailed), type: 'error' });
        },
      )
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [api, webTemplateNo, ownerKey(owner)]);

  // The right-clicked element's row gets the focus once the rows are there.
  useEffect(() => {
    if (!view || !focusElement) return;
    const escaped = typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(focusElement) : focusElement;
    tableRef.current?.querySelector<HTMLInputElement>(`tr[data-name="${escaped}"] input`)?.focus();
  }, [view, focusElement]);

  const flagsOf = (name: string, own: Flags): Flags => choices.get(name) ?? own;
  const changes: ElementPermissionChange[] = view
    ? view.Elements.flatMap((element) => {
        const chosen = choices.get(element.Name);
        return chosen && (chosen.Hidden !== element.Hidden || chosen.Locked !== element.Locked)
          ? [{ Name: element.Name, ...chosen }]
          : [];
      })
    : [];

  const toggle = (name: string, own: Flags, flag: keyof Flags, on: boolean) => {
    setChoices((current) => new Map(current).set(name, { ...flagsOf(name, own), [flag]: on }));
    setErrors((current) => {
      if (!current.has(name)) return current;
      const next = new Map(current);
      next.delete(name);
      return next;
    });
  };

  const save = async () => {
    if (!view || !owner || isSaving || isReadOnly) return;
    if (changes.length === 0) {
      setMessage({ text: L.noChanges, type: 'info' });
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      const saved = await api.save(webTemplateNo, {
        OwnerType: owner.ownerType,
        OwnerId: owner.ownerId,
        Version: view.Version,
        Changes: changes,
      });
      setView(saved);
      setChoices(new Map());
      setErrors(new Map());
      setMessage({ text: L.saved, type: 'info' });
      onSaved?.(saved);
    } catch (error) {
      // The choices stay on screen; the refusal says what is wrong, on the element's row if it can.
      setErrors(issuesByElement(error, changes));
      setMessage({ text: messageOf(error, L.saveFailed), type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const pickOwner = (event: ChangeEvent<HTMLSelectElement>) => {
    const [type, ownerId] = event.target.value.split(':');
    if ((type === 'user' || type === 'profile') && ownerId)
      onOwnerChange({ ownerType: type, ownerId: Number(ownerId) });
  };

  return (
    <div
      className="procedo-PermissionsEditor"
      data-readonly={isReadOnly || undefined}
      aria-busy={isLoading || isSaving}
    >
      {isReadOnly ? <p className="procedo-PermissionsEditor-note">{L.readOnly}</p> : null}
      <div className="procedo-PermissionsEditor-owner">
        <label htmlFor={`${id}-owner`}>{L.owner}</label>
        <select id={`${id}-owner`} value={ownerKey(owner)} onChange={pickOwner}>
          <option value="" disabled>
            {L.chooseOwner}
          </option>
          {owners ? (
            <>
              <optgroup label={L.profiles}>
                {owners.Profiles.map((profile) => (
                  <option key={profile.OwnerId} value={`profile:${profile.OwnerId}`}>
                    {profile.Name}
                  </option>
                ))}
              </optgroup>
              <optgroup label={L.users}>
                {owners.Users.map((user) => (
                  <option key={user.OwnerId} value={`user:${user.OwnerId}`}>
                    {user.Description ? `${user.Name} (${user.Description})` : user.Name}
                  </option>
                ))}
              </optgroup>
            </>
          ) : owner ? (
            <option value={ownerKey(owner)}>{view?.Owner.Name ?? ownerKey(owner)}</option>
          ) : null}
        </select>
      </div>
      {/* Announced as it changes: a save's outcome, a refusal. */}
      <div
        className="procedo-PermissionsEditor-message"
        role={message?.type === 'error' ? 'alert' : 'status'}
        data-type={message?.type}
      >
        {message?.text}
      </div>
      {isLoading ? <p className="procedo-PermissionsEditor-loading">{L.loading}</p> : null}
      {view ? (
        <div className="procedo-PermissionsEditor-scroll">
          <table ref={tableRef} className="procedo-PermissionsEditor-table">
            <caption className="procedo-PermissionsEditor-caption">{L.editorTitle(view.FormTitle)}</caption>
            <thead>
              <tr>
                <th scope="col">{L.element}</th>
                <th scope="col">{L.hidden}</th>
                <th scope="col">{L.locked}</th>
                <th scope="col">{L.inherited}</th>
                <th scope="col">{L.inForce}</th>
              </tr>
            </thead>
            <tbody>
              {view.Elements.map((element) => {
                const own = { Hidden: element.Hidden, Locked: element.Locked };
                const flags = flagsOf(element.Name, own);
                const error = errors.get(element.Name);
                const errorId = `${id}-${element.Name}-error`;
                const name = element.Label ? `${element.Label} (${element.Name})` : element.Name;
                const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
                return (
                  <tr
                    key={element.Name}
                    data-name={element.Name}
                    data-depth={element.Depth}
                    data-kind={element.Kind}
                    data-changed={choices.has(element.Name) || undefined}
                    data-invalid={error ? true : undefined}
                  >
                    <th scope="row" className="procedo-PermissionsEditor-element">
                      {name}
                      {error ? (
                        <span id={errorId} className="procedo-Field-error">
                          {error}
                        </span>
                      ) : null}
                    </th>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={L.hiddenOf(name)}
                        checked={flags.Hidden}
                        disabled={isReadOnly || isSaving}
                        onChange={(event) => toggle(element.Name, own, 'Hidden', event.target.checked)}
                        {...described}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={L.lockedOf(name)}
                        checked={flags.Locked}
                        disabled={isReadOnly || isSaving}
                        onChange={(event) => toggle(element.Name, own, 'Locked', event.target.checked)}
                        {...described}
                      />
                    </td>
                    <td>{element.Inherited ? L.inheritedText(element.Inherited) : null}</td>
                    <td>{L.inForceText(element.Effective)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="procedo-PermissionsEditor-buttons">
        <button
          type="button"
          className="procedo-Button"
          data-variant="primary"
          onClick={save}
          disabled={!view || isReadOnly || isSaving}
        >
          {isSaving ? L.saving : L.save}
        </button>
        <button type="button" className="procedo-Button" onClick={onCancel}>
          {L.cancel}
        </button>
      </div>
    </div>
  );
}

/** Props of {@link ElementPermissionsDialog}: the editor's, and the form's title for the dialog's. */
export interface ElementPermissionsDialogProps extends ElementPermissionsEditorProps {
  /** The edited form's title until the editor has loaded it. @default the `formNumber` text, e.g. `form 102` */
  formTitle?: string;
}

/** {@link ElementPermissionsEditor} as a modal dialog titled by the form; Escape cancels. */
export function ElementPermissionsDialog({ formTitle, ...props }: ElementPermissionsDialogProps) {
  const L = { ...useOnDemandTexts('permissions', PERMISSIONS_LABELS), ...props.labels };
  const [title, setTitle] = useState(formTitle ?? L.formNumber(props.webTemplateNo));
  return (
    <ShellDialog
      title={L.editorTitle(title)}
      className="procedo-PermissionsDialog"
      onDismiss={props.onCancel}
    >
      <ElementPermissionsEditor
        {...props}
        onLoaded={(loaded) => {
          setTitle(loaded.FormTitle);
          props.onLoaded?.(loaded);
        }}
      />
    </ShellDialog>
  );
}
