import type { UserAccount, UserChoices, UsersApi } from '@procedo/client-api';
import { useCallback, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Button } from 'react-aria-components';
import { type CursorPageRequest, createCursorRowSource } from '../grid/cursor-source';
import { DataGrid, type DataGridColumn } from '../grid/DataGrid';
import { createGridStore } from '../grid/grid-state';
import { useOnDemandTexts } from '../i18n/texts';
import { UserEditDialog } from './UserEditDialog';
import { USERS_ADMIN_LABELS, type UsersAdminLabels } from './users-admin-labels';

/** Props of {@link UsersAdmin}. */
export interface UsersAdminProps {
  /** The client's users resource (`v1.users`); the signed-in user needs the `user-admin` role. */
  api: UsersApi;
  /** A failure that is not a field's (network, 403, server): the host's error handler. @default shown on the page */
  onError?: (error: unknown) => void;
  /** Users per page. @default 100 */
  pageSize?: number;
  /** The grid's height in px. @default 480 */
  height?: number;
  labels?: Partial<UsersAdminLabels>;
}

/**
 * The users administration (form 901): a grid of the database's users with their §3 fields,
 * profile, supervisor flag, language and state, found by text; a user's name opens them in
 * {@link UserEditDialog} (edit, disable or enable, change history), and New user creates one.
 */
export function UsersAdmin(props: UsersAdminProps) {
  const { api, onError } = props;
  const L = { ...useOnDemandTexts('usersAdmin', USERS_ADMIN_LABELS), ...props.labels };
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [generation, setGeneration] = useState(0);
  const [choices, setChoices] = useState<UserChoices | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const captionId = useId();
  const searchId = useId();

  const fail = useCallback(
    (error: unknown) => {
      if (onError) onError(error);
      else setFailure(error instanceof Error ? error.message : String(error));
    },
    [onError],
  );

  useEffect(() => {
    const controller = new AbortController();
    api.choices({ signal: controller.signal }).then(setChoices, (error: unknown) => {
      if (!controller.signal.aborted) fail(error);
    });
    return () => controller.abort();
  }, [api, fail]);

  // A new search, or a saved change, is a new store: the rows load afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: generation reloads after a change
  const grid = useMemo(() => {
    const fetchPage = async (request: CursorPageRequest) => {
      const page = await api.list({
        text: query,
        limit: request.limit,
        signal: request.signal,
        ...(request.after === undefined ? {} : { cursor: request.after }),
      });
      return {
        Rows: page.Users,
        NextCursor: page.NextCursor,
        HasMore: page.NextCursor !== null,
        Total: null,
        TotalIsExact: null,
      };
    };
    return createGridStore<UserAccount>({
      source: createCursorRowSource(fetchPage),
      getRowKey: (row) => String(row.id),
      columnCount: 11,
      pageSize: props.pageSize ?? 100,
    });
  }, [api, query, generation]);
  useEffect(() => () => grid.dispose(), [grid]);
  const snapshot = useSyncExternalStore(grid.subscribe, grid.getSnapshot, grid.getSnapshot);

  const columns = useMemo(
    (): DataGridColumn<UserAccount>[] => [
      { key: 'name', header: L.fields.name, onPress: ({ row }) => setEditing({ id: row.id }) },
      { key: 'legalName', header: L.fields.legalName },
      { key: 'jobTitle', header: L.fields.jobTitle },
      { key: 'department', header: L.fields.department },
      { key: 'region', header: L.fields.region },
      { key: 'mobileTel', header: L.fields.mobileTel },
      { key: 'emailBusiness', header: L.fields.emailBusiness },
      { key: 'profileId', header: L.fields.profileId, value: (u) => u.profileName },
      { key: 'isSupervisor', header: L.fields.isSupervisor, value: (u) => (u.isSupervisor ? L.yes : L.no) },
      { key: 'language', header: L.fields.language, value: (u) => u.preferences.language },
      { key: 'isDisabled', header: L.state, value: (u) => (u.isDisabled ? L.disabled : L.enabled) },
    ],
    [L.fields, L.yes, L.no, L.disabled, L.enabled, L.state],
  );

  return (
    <div className="procedo-UsersAdmin">
      <div className="procedo-UsersAdmin-bar">
        <h2 id={captionId} className="procedo-UsersAdmin-caption">
          {L.grid}
        </h2>
        <search>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setQuery(text.trim());
            }}
          >
            <label htmlFor={searchId}>{L.search}</label>{' '}
            <input
              id={searchId}
              type="search"
              className="procedo-Input"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </form>
        </search>
        <Button className="procedo-Button" onPress={() => setEditing({ id: null })} isDisabled={!choices}>
          {L.newUser}
        </Button>
      </div>
      {failure ? <p role="alert">{failure}</p> : null}
      <DataGrid
        grid={grid}
        columns={columns}
        aria-labelledby={captionId}
        onOpenRow={({ row }) => setEditing({ id: row.id })}
        height={props.height ?? 480}
      />
      <p className="procedo-visually-hidden" aria-live="polite">
        {snapshot.isLoading ? L.loading : ''}
      </p>
      {editing && choices ? (
        <UserEditDialog
          api={api}
          userId={editing.id}
          choices={choices}
          onSaved={() => setGeneration((n) => n + 1)}
          onClose={() => setEditing(null)}
          {...(onError ? { onError } : {})}
          {...(props.labels ? { labels: props.labels } : {})}
        />
      ) : null}
    </div>
  );
}
