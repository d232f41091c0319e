import {
  isHttpStatusError,
  isUserConflictError,
  type Role,
  USER_FIELD_NAMES,
  type UserAccount,
  type UserAuditEvent,
  type UserChoices,
  UserCreateSchema,
  type UserFieldName,
  type UserFields,
  UserPatchSchema,
  type UsersApi,
} from '@procedo/client-api';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { ShellDialog } from '../components/ShellDialog';
import { useOnDemandTexts } from '../i18n/texts';
import { utcText } from '../record/utc-text';
import { USERS_ADMIN_LABELS, type UsersAdminLabels } from './users-admin-labels';

/** Props of {@link UserEditDialog}. */
export interface UserEditDialogProps {
  /** The client's users resource (`v1.users`). */
  api: Pick<UsersApi, 'get' | 'update' | 'create' | 'disable' | 'enable'>;
  /** The user to edit; `null` creates a new one. */
  userId: number | null;
  choices: UserChoices;
  /** The user was saved, created, disabled or enabled: the list shows them anew. */
  onSaved: (user: UserAccount) => void;
  onClose: () => void;
  /** A failure that is not a field's (network, server): the host's error handler. @default shown in the dialog */
  onError?: (error: unknown) => void;
  labels?: Partial<UsersAdminLabels>;
}

type Draft = UserFields & { password: string };
type Errors = Partial<Record<keyof Draft | 'isDisabled', string>>;

const TEXT_FIELDS = [
  'name',
  'legalName',
  'jobTitle',
  'department',
  'region',
  'mobileTel',
  'emailBusiness',
  'emailPrivate',
] as const satisfies readonly UserFieldName[];

const EMPTY: Draft = {
  name: '',
  legalName: '',
  jobTitle: '',
  department: '',
  region: '',
  mobileTel: '',
  emailBusiness: '',
  emailPrivate: '',
  profileId: 0,
  isSupervisor: false,
  language: 'en',
  roles: [],
  password: '',
};

const draftOf = (user: UserAccount): Draft => ({
  name: user.name,
  legalName: user.legalName,
  jobTitle: user.jobTitle,
  department: user.department,
  region: user.region,
  mobileTel: user.mobileTel,
  emailBusiness: user.emailBusiness,
  emailPrivate: user.emailPrivate,
  profileId: user.profileId,
  isSupervisor: user.isSupervisor,
  language: user.preferences.language,
  roles: [...user.roles],
  password: '',
});

const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? [...a].sort().join() === [...b].sort().join() : a === b;

/** Issues (client's zod or the server's 400 `Issues`) as one message per field, the first one winning. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors as Errors;
}

/**
 * One user of the administration (form 901) in a dialog: their §3 fields, profile, supervisor
 * flag, language and roles, editable; Save sends only the changed fields with the row version.
 * A rule broken (checked here with the server's own rules, then by the server) marks its field and
 * keeps every edit on screen; a stale edit says so and offers the current values. Below: disable or
 * enable, each after a confirmation, and the user's change history.
 */
export function UserEditDialog(props: UserEditDialogProps) {
  const { api, userId, choices, onSaved, onClose } = props;
  const L = { ...useOnDemandTexts('usersAdmin', USERS_ADMIN_LABELS), ...props.labels };
  const isNew = userId === null;
  const [user, setUser] = useState<UserAccount | null>(null);
  const [history, setHistory] = useState<UserAuditEvent[]>([]);
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, profileId: choices.Profiles[0]?.Id ?? 0 });
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ text: string; kind: 'error' | 'done' } | null>(null);
  const [conflict, setConflict] = useState<UserAccount | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const messageId = useId();
  const ids = useId();

  const fail = (error: unknown) => {
    if (props.onError) props.onError(error);
    else setMessage({ text: error instanceof Error ? error.message : String(error), kind: 'error' });
  };

  const load = async (id: number) => {
    const detail = await api.get(id);
    setUser(detail.User);
    setHistory(detail.History);
    return detail.User;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per user opened
  useEffect(() => {
    if (userId === null) return;
    load(userId).then((loaded) => setDraft(draftOf(loaded)), fail);
  }, [userId]);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setMessage(null);
  };

  const refused = (error: unknown): boolean => {
    if (isUserConflictError(error)) {
      setConflict(error.current);
      setMessage({ text: L.conflict, kind: 'error' });
      return true;
    }
    if (isHttpStatusError(error) && error.status === 400 && error.body?.Issues?.length) {
      setErrors(fieldErrors(error.body.Issues));
      setMessage({
        text: error.body.Message.startsWith('Invalid request') ? L.invalid : error.body.Message,
        kind: 'error',
      });
      return true;
    }
    return false;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setConflict(null);
    const { password, ...fields } = draft;
    const body = isNew
      ? { ...fields, password }
      : {
          Version: user?.version ?? 0,
          ...Object.fromEntries(
            USER_FIELD_NAMES.filter((name) => user && !same(fields[name], draftOf(user)[name])).map(
              (name) => [name, fields[name]],
            ),
          ),
        };
    const checked = (isNew ? UserCreateSchema : UserPatchSchema).safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      setMessage({ text: L.invalid, kind: 'error' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = isNew
        ? await api.create(checked.data as Parameters<typeof api.create>[0])
        : await api.update(user!.id, checked.data as Parameters<typeof api.update>[1]);
      onSaved(saved);
      if (isNew) {
        onClose();
        return;
      }
      await load(saved.id);
      setDraft(draftOf(saved));
      setMessage({ text: L.saved, kind: 'done' });
    } catch (error) {
      if (!refused(error)) fail(error);
    } finally {
      setBusy(false);
    }
  };

  const toggleDisabled = async () => {
    if (!user) return;
    setBusy(true);
    setConfirming(false);
    try {
      const saved = user.isDisabled ? await api.enable(user.id) : await api.disable(user.id);
      onSaved(saved);
      await load(saved.id);
      setMessage({ text: L.saved, kind: 'done' });
    } catch (error) {
      if (!refused(error)) fail(error);
    } finally {
      setBusy(false);
    }
  };

  const showCurrent = () => {
    if (!conflict) return;
    setUser(conflict);
    setDraft(draftOf(conflict));
    setConflict(null);
    setErrors({});
    setMessage(null);
  };

  const fieldLabel = (field: string) => L.fields[field as keyof typeof L.fields] ?? field;
  const profileName = (id: string) => choices.Profiles.find((p) => String(p.Id) === id)?.Name ?? id;
  const shown = (event: UserAuditEvent, value: string) =>
    event.Field === 'profileId' ? profileName(value) : value;
  const title = isNew ? L.createTitle : L.editTitle(user?.name ?? '');

  return (
    <ShellDialog
      title={title}
      className="procedo-UserEditDialog"
      onDismiss={onClose}
      aria-describedby={messageId}
    >
      <Form
        className="procedo-UserEditDialog-form"
        onSubmit={submit}
        validationErrors={errors as Record<string, string>}
        validationBehavior="aria"
      >
        <p
          id={messageId}
          role={message?.kind === 'error' ? 'alert' : 'status'}
          className="procedo-UserEditDialog-message"
        >
          {message?.text}
          {conflict ? (
            <>
              {' '}
              <Button className="procedo-Button" onPress={showCurrent}>
                {L.showCurrent}
              </Button>
            </>
          ) : null}
        </p>
        {!isNew && !user ? <p role="status">{L.loading}</p> : null}
        <div className="procedo-UserEditDialog-fields">
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field}
              className="procedo-TextField"
              name={field}
              value={draft[field]}
              onChange={(value) => set(field, value)}
              isRequired={field === 'name' || field === 'legalName'}
              type={field.startsWith('email') ? 'email' : field === 'mobileTel' ? 'tel' : 'text'}
            >
              <Label>{fieldLabel(field)}</Label>
              <Input className="procedo-Input" autoComplete="off" />
              <FieldError className="procedo-Field-error" />
            </TextField>
          ))}
          {isNew ? (
            <TextField
              className="procedo-TextField"
              name="password"
              type="password"
              value={draft.password}
              onChange={(value) => set('password', value)}
              isRequired
            >
              <Label>{L.fields.password}</Label>
              <Input className="procedo-Input" autoComplete="new-password" />
              <FieldError className="procedo-Field-error" />
            </TextField>
          ) : null}
          <NativeField id={`${ids}-profile`} label={L.fields.profileId} error={errors.profileId}>
            <select
              id={`${ids}-profile`}
              className="procedo-Input"
              value={draft.profileId}
              aria-invalid={errors.profileId ? true : undefined}
              aria-describedby={errors.profileId ? `${ids}-profile-error` : undefined}
              onChange={(event) => set('profileId', Number(event.target.value))}
            >
              {choices.Profiles.map((profile) => (
                <option key={profile.Id} value={profile.Id}>
                  {profile.Name}
                </option>
              ))}
            </select>
          </NativeField>
          <NativeField id={`${ids}-language`} label={L.fields.language} error={errors.language}>
            <select
              id={`${ids}-language`}
              className="procedo-Input"
              value={draft.language}
              aria-invalid={errors.language ? true : undefined}
              aria-describedby={errors.language ? `${ids}-language-error` : undefined}
              onChange={(event) => set('language', event.target.value)}
            >
              {[...new Set([...choices.Languages, draft.language])].map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </NativeField>
          <label className="procedo-Checkbox">
            <input
              type="checkbox"
              checked={draft.isSupervisor}
              onChange={(event) => set('isSupervisor', event.target.checked)}
            />{' '}
            {L.fields.isSupervisor}
          </label>
          <fieldset
            className="procedo-UserEditDialog-roles"
            aria-describedby={errors.roles ? `${ids}-roles-error` : undefined}
          >
            <legend>{L.fields.roles}</legend>
            {choices.Roles.map((role: Role) => (
              <label key={role} className="procedo-Checkbox">
                <input
                  type="checkbox"
                  checked={draft.roles.includes(role)}
                  onChange={(event) =>
                    set(
                      'roles',
                      event.target.checked ? [...draft.roles, role] : draft.roles.filter((r) => r !== role),
                    )
                  }
                />{' '}
                {L.roles[role]}
              </label>
            ))}
            {errors.roles ? (
              <span id={`${ids}-roles-error`} className="procedo-Field-error">
                {errors.roles}
              </span>
            ) : null}
          </fieldset>
        </div>
        <div className="procedo-Dialog-actions">
          <Button
            className="procedo-Button"
            data-variant="primary"
            type="submit"
            isDisabled={isBusy || (!isNew && !user)}
          >
            {isNew ? L.create : L.save}
          </Button>
          {user ? (
            <Button className="procedo-Button" onPress={() => setConfirming(true)} isDisabled={isBusy}>
              {user.isDisabled ? L.enable : L.disable}
            </Button>
          ) : null}
          <Button className="procedo-Button" onPress={onClose}>
            {L.close}
          </Button>
        </div>
      </Form>
      {confirming && user ? (
        <fieldset className="procedo-UserEditDialog-confirm">
          <legend>{user.isDisabled ? L.enable : L.disable}</legend>
          <p>{user.isDisabled ? L.confirmEnable(user.name) : L.confirmDisable(user.name)}</p>
          <div className="procedo-Dialog-actions">
            <Button className="procedo-Button" data-variant="primary" onPress={toggleDisabled} autoFocus>
              {L.confirm}
            </Button>
            <Button className="procedo-Button" onPress={() => setConfirming(false)}>
              {L.cancel}
            </Button>
          </div>
        </fieldset>
      ) : null}
      {errors.isDisabled ? (
        <p role="alert" className="procedo-Field-error">
          {errors.isDisabled}
        </p>
      ) : null}
      {user ? (
        <section aria-labelledby={`${ids}-history`} className="procedo-UserEditDialog-history">
          <h3 id={`${ids}-history`}>{L.history}</h3>
          {history.length === 0 ? (
            <p>{L.noHistory}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{L.historyWhen}</th>
                  <th scope="col">{L.historyWho}</th>
                  <th scope="col">{L.historyField}</th>
                  <th scope="col">{L.historyOld}</th>
                  <th scope="col">{L.historyNew}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((event) => (
                  <tr key={event.Id}>
                    <td>{utcText(event.ChangedAt)}</td>
                    <td>{event.ChangedBy}</td>
                    <td>{fieldLabel(event.Field)}</td>
                    <td>{shown(event, event.OldValue)}</td>
                    <td>{shown(event, event.NewValue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
    </ShellDialog>
  );
}

/** A labelled native control with its error below it. */
function NativeField(props: {
  id: string;
  label: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="procedo-TextField">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error ? (
        <span id={`${props.id}-error`} className="procedo-Field-error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
