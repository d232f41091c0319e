import {
  type AuditSignOff,
  auditedChanges,
  type FieldValues,
  type FormResponse,
  isHttpStatusError,
  isVersionConflictError,
  Messages,
  type RecordVersion,
} from '@procedo/client-api';
import {
  AuditDialog,
  ConflictPanel,
  type ConflictRow,
  conflictRows,
  createFormController,
  createFormStore,
  currentValuesFor,
  FormRenderer,
  type FormStore,
  HelpFrame,
  HelpIcon,
  LoadingPanel,
  RECORD_LABELS,
  type ResultRow,
  registerDataSource,
  SidePanel,
  searchFilters,
  setShowsPageCommands,
  shouldShowFloatingCommands,
  useDirtyGuard,
  useFormSnapshot,
  useShell,
  utcText,
  VersionHistory,
} from '@procedo/forms-react';
import { DetailPageCompletion } from '@procedo/process-react';
import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { callback, v1 } from '../api';
import { type FormPageQuery, parseFormQuery, recordHref } from '../forms/form-query';
import { createHostFieldRegistry } from '../forms/host-fields';
import { LeaveGuard } from '../forms/LeaveGuard';
import { FORM_PAGE_LABELS as L } from '../forms/labels';
import { PageCommands, pageCommandsOf } from '../forms/PageCommands';
import { browserStorage, readPanelPinned, writePanelPinned } from '../forms/panel-pinned';
import { RESULTS_DATA_SOURCE, resultsDataSource } from '../forms/parent-records';
import { RecordNavigation } from '../forms/RecordNavigation';
import { useOpenHostLink } from '../forms/useOpenHostLink';
import { useSignedIn } from '../shell/signed-in-context';
import { userMessage } from '../user-message';

/**
 * The generic form page `/form?WebTemplateNo=N[&UGoToItemNo=id]` (spec §2): loads the definition
 * (and the record), renders it, saves with optimistic concurrency, searches, and keeps the user's
 * input through every failure. The query parameters that act are listed in the README.
 */
export function FormPage() {
  const [params] = useSearchParams();
  const query = useMemo(() => parseFormQuery(params), [params]);
  // Cancel Edit (audit dialog) "reloads the page": the form is loaded again from the server.
  const [reloads, setReloads] = useState(0);
  if (query.webTemplateNo === null) {
    return (
      <section className="procedo-FormPage">
        <h1>Form</h1>
        <p role="alert">{L.noForm}</p>
      </section>
    );
  }
  return (
    <FormLoader
      key={`${query.webTemplateNo}:${query.recordId ?? 'new'}:${reloads}`}
      webTemplateNo={query.webTemplateNo}
      query={query}
      onReload={() => setReloads((n) => n + 1)}
    />
  );
}

type LoadState =
  | { kind: 'loading' }
  | { kind: 'ready'; form: FormResponse; record: RecordVersion | null; store: FormStore }
  | { kind: 'error'; message: string };

interface LoaderProps {
  webTemplateNo: number;
  query: FormPageQuery;
  onReload(): void;
}

function FormLoader({ webTemplateNo, query, onReload }: LoaderProps) {
  const { errorHandler } = useSignedIn();
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const recordId = query.recordId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader is keyed on form and record
  useEffect(() => {
    let isCurrent = true;
    let store: FormStore | undefined;
    Promise.all([
      v1.forms.get(webTemplateNo),
      recordId === null ? Promise.resolve(null) : v1.records.get(webTemplateNo, recordId),
    ])
      .then(([form, record]) => {
        if (!isCurrent) return;
        store = createFormStore({
          definition: form.Definition,
          permissions: form.Permissions,
          initialValues: record?.Values ?? {},
          supportedFileExtensions: form.SupportedFileExtensions,
        });
        setState({ kind: 'ready', form, record, store });
      })
      .catch((cause: unknown) => {
        if (!isCurrent) return;
        console.error(cause);
        setState({ kind: 'error', message: userMessage(cause) });
        if (!isHttpStatusError(cause)) errorHandler.handle(cause, { callerText: Messages.pageLoadError });
      });
    return () => {
      isCurrent = false;
      store?.dispose();
    };
  }, []);

  if (state.kind === 'loading') return <LoadingPanel isVisible label={L.loading} />;
  if (state.kind === 'error') {
    return (
      <section className="procedo-FormPage">
        <h1>{Messages.pageLoadError}</h1>
        <p role="alert">{state.message}</p>
      </section>
    );
  }
  return (
    <FormView form={state.form} record={state.record} store={state.store} query={query} onReload={onReload} />
  );
}

interface FormViewProps {
  form: FormResponse;
  record: RecordVersion | null;
  store: FormStore;
  query: FormPageQuery;
  onReload(): void;
}

interface Conflict {
  current: RecordVersion;
  rows: ConflictRow[];
  audit: AuditSignOff | undefined;
}

interface AuditRequest {
  labels: string[];
  resolve(signOff: AuditSignOff | null): void;
}

function FormView({ form, record: loadedRecord, store, query, onReload }: FormViewProps) {
  const { context, errorHandler } = useSignedIn();
  const shell = useShell();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const openHostLink = useOpenHostLink();
  const definition = form.Definition;
  const webTemplateNo = definition.WebTemplateNo;

  const registry = useMemo(() => createHostFieldRegistry(form), [form]);
  const [controller] = useState(createFormController);

  useEffect(() => store.clearDirtyAfterLoad(), [store]);
  const { dirty, isSubmitting } = useFormSnapshot(store);

  const [record, setRecord] = useState(loadedRecord);
  // The version the edit started from and its values (a 409 moves them to the current version).
  const versionRef = useRef(loadedRecord?.Version ?? null);
  const baseRef = useRef<FieldValues>(loadedRecord?.Values ?? {});
  const [results, setResults] = useState<ResultRow[] | undefined>(undefined);
  const [resultTotal, setResultTotal] = useState<number | null>(null);
  const [auditRequest, setAuditRequest] = useState<AuditRequest | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [isResolving, setIsResolving] = useState(false);
  const [helpUrl, setHelpUrl] = useState<string | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const pageKey = `form-${webTemplateNo}`;
  const [panelStorage] = useState(browserStorage);
  const [isPanelPinned] = useState(() => readPanelPinned(panelStorage, pageKey));
  // spec §2: in a dialog or frame whose parent shows its page commands, ours do not float.
  const [showsFloatingCommands] = useState(() => shouldShowFloatingCommands(window));
  const pageCommands = useMemo(() => pageCommandsOf(definition, store), [definition, store]);
  const hasFloatingCommands = showsFloatingCommands && pageCommands.length > 0;
  useEffect(
    () => (hasFloatingCommands ? setShowsPageCommands(window, true) : undefined),
    [hasFloatingCommands],
  );

  // The result list is the parent data source of the records opened from it elsewhere.
  useEffect(() => {
    if (results === undefined) return;
    const list = definition.Elements.find((element) => element.Kind === 'results');
    const opens = (list?.Kind === 'results' ? list.OpenWebTemplateNo : undefined) ?? webTemplateNo;
    return registerDataSource(
      window,
      RESULTS_DATA_SOURCE,
      resultsDataSource(
        opens,
        results.map((row) => row.Id),
      ),
    );
  }, [results, definition, webTemplateNo]);

  // Focus: FormElementName's field, else the first editable one, unless a_nofocus=1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the form is on screen
  useEffect(() => {
    if (query.noFocus) return;
    const root = formRef.current;
    if (!root) return;
    const editable =
      'input:not([type=hidden]):not([readonly]):not([disabled]), textarea:not([readonly]), select';
    const scope = query.focusElement ? root.querySelector(`[data-name="${query.focusElement}"]`) : root;
    const target = scope?.querySelector<HTMLElement>(editable);
    target?.focus();
  }, []);

  // A created record moves the address to it (after the flag is reset, so nothing blocks it).
  useEffect(() => {
    if (createdId === null || dirty !== 0) return;
    const next = new URLSearchParams(searchParams);
    next.set('UGoToItemNo', String(createdId));
    navigate(`/form?${next}`, { replace: true });
  }, [createdId, dirty, navigate, searchParams]);

  const askAudit = useCallback(
    (labels: string[]) => new Promise<AuditSignOff | null>((resolve) => setAuditRequest({ labels, resolve })),
    [],
  );

  /** Reports a failed write; the input stays on screen and the form stays dirty. */
  const reportWriteFailure = useCallback(
    (error: unknown) => {
      if (isHttpStatusError(error) && error.status === 400 && error.body?.Issues?.length) {
        const unmatched = store.setServerErrors(error.body.Issues);
        if (unmatched.length > 0) shell.notify.validation(error.serverMessage ?? Messages.saveFailed);
        return;
      }
      if (
        isHttpStatusError(error) &&
        (error.status === 400 || error.status === 403 || error.status === 413)
      ) {
        shell.notify.error(error.serverMessage ?? Messages.saveFailed);
        return;
      }
      errorHandler.handle(error, { callerText: Messages.saveFailed });
    },
    [store, shell, errorHandler],
  );

  const persist = useCallback(
    async (audit: AuditSignOff | undefined) => {
      const changed = store.changedValues();
      const withAudit = audit ? { Audit: audit } : {};
      try {
        const saved =
          record === null || versionRef.current === null
            ? await v1.records.create(webTemplateNo, { Values: store.getValues(), ...withAudit })
            : await v1.records.update(webTemplateNo, record.Id, {
                Version: versionRef.current,
                Values: changed,
                ...withAudit,
              });
        store.markSaved(saved.Values);
        versionRef.current = saved.Version;
        baseRef.current = saved.Values;
        setRecord(saved);
        setConflict(null);
        shell.toast.info(RECORD_LABELS.saved);
        if (record === null) setCreatedId(saved.Id);
      } catch (error) {
        if (isVersionConflictError(error)) {
          setConflict({
            current: error.current,
            audit,
            rows: conflictRows({
              definition,
              base: baseRef.current,
              onScreen: store.getValues(),
              changed,
              current: error.current.Values,
            }),
          });
        } else {
          reportWriteFailure(error);
        }
        throw error;
      }
    },
    [store, record, webTemplateNo, definition, shell, reportWriteFailure],
  );

  const onSave = useCallback(async () => {
    // The server's audit rule over the values it will compare: the version's and the changed ones.
    const audited =
      record === null
        ? auditedChanges(definition, {}, store.getValues())
        : auditedChanges(definition, baseRef.current, { ...baseRef.current, ...store.changedValues() });
    let audit: AuditSignOff | undefined;
    if (audited.length > 0) {
      const signOff = await askAudit(audited.map((element) => element.Label));
      if (!signOff) return;
      audit = signOff;
    }
    await persist(audit);
  }, [definition, store, record, askAudit, persist]);

  const onKeepMine = async () => {
    if (!conflict) return;
    versionRef.current = conflict.current.Version;
    baseRef.current = conflict.current.Values;
    setIsResolving(true);
    store.setSubmitting(true);
    try {
      await persist(conflict.audit);
    } catch {
      // reported by persist; the edits stay on screen
    } finally {
      store.setSubmitting(false);
      setIsResolving(false);
    }
  };

  const onUseCurrent = () => {
    if (!conflict) return;
    const { current } = conflict;
    store.markSaved(currentValuesFor(store.getValues(), current.Values));
    versionRef.current = current.Version;
    baseRef.current = current.Values;
    setRecord(current);
    setConflict(null);
  };

  const onDelete = async () => {
    if (record === null || versionRef.current === null) return;
    if (!window.confirm(RECORD_LABELS.confirmDelete)) return;
    // A deletion takes every value of the version out (the server's rule).
    const audited = auditedChanges(definition, baseRef.current, {});
    let audit: AuditSignOff | undefined;
    if (audited.length > 0) {
      const signOff = await askAudit(audited.map((element) => element.Label));
      if (!signOff) return;
      audit = signOff;
    }
    try {
      const deleted = await v1.records.remove(webTemplateNo, record.Id, {
        Version: versionRef.current,
        ...(audit ? { Audit: audit } : {}),
      });
      store.markSaved();
      versionRef.current = deleted.Version;
      setRecord(deleted);
      shell.toast.info(RECORD_LABELS.deleted);
    } catch (error) {
      if (isVersionConflictError(error)) shell.notify.error(RECORD_LABELS.conflictTitle);
      else reportWriteFailure(error);
    }
  };

  const onSearch = async ({ values }: { values: FieldValues }) => {
    try {
      const page = await v1.records.search(webTemplateNo, { filters: searchFilters(values) });
      setResults(page.Rows);
      setResultTotal(page.Total);
    } catch (error) {
      if (isHttpStatusError(error) && error.status === 400 && error.body?.Issues?.length) {
        store.setServerErrors(error.body.Issues.map((issue) => ({ ...issue, path: issue.path })));
        return;
      }
      errorHandler.handle(error, { callerText: 'Searching' });
    }
  };

  const onTabSelect = ({ tabName }: { tabName: string }) => callback.tabSelect(`${webTemplateNo}:${tabName}`);

  const getRowHref = useCallback(
    ({ row, webTemplateNo: target }: { row: ResultRow; webTemplateNo: number }) =>
      recordHref(target, row.Id, query.rowTarget, RESULTS_DATA_SOURCE),
    [query.rowTarget],
  );

  // Result links open in the app (or through the form opener when they carry a target).
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a[href]');
    if (!anchor?.closest('.procedo-ResultList')) return;
    const href = anchor.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    openHostLink(href, anchor.textContent?.trim() || definition.Title);
  };

  return (
    <div
      className="procedo-FormPage procedo-FormView"
      data-help-open={helpUrl ? true : undefined}
      data-floating-commands={hasFloatingCommands || undefined}
    >
      <div className="procedo-FormPage-main">
        <header className="procedo-FormPage-header">
          <h1 className="procedo-FormPage-title">
            {definition.Title}
            {definition.HelpTopic ? (
              <>
                {' '}
                <HelpIcon
                  topic={definition.HelpTopic}
                  target={query.helpInFrame ? 'frame' : 'window'}
                  onOpenFrame={setHelpUrl}
                />
              </>
            ) : null}
          </h1>
          {definition.Kind === 'record' ? (
            <p className="procedo-FormPage-version">
              {record ? L.version(record.Version, record.UpdatedBy, utcText(record.UpdatedAt)) : L.newRecord}
              {dirty === 1 ? <span className="procedo-FormPage-dirty"> · unsaved changes</span> : null}
            </p>
          ) : null}
          {record?.IsDeleted ? <p role="status">{L.deletedRecord}</p> : null}
          {query.dataSource ? (
            <RecordNavigation
              dataSource={query.dataSource}
              webTemplateNo={webTemplateNo}
              recordId={record?.Id ?? query.recordId}
            />
          ) : null}
          {query.timepoint ? (
            <p className="procedo-FormPage-note">{L.timepointAccepted(query.timepoint)}</p>
          ) : null}
          {/* Opened by a form or detail-page step: the bar that completes it (spec §3 Detail-page completion). */}
          {query.stepId ? <DetailPageCompletion stepId={query.stepId} /> : null}
        </header>
        {conflict ? (
          <ConflictPanel
            rows={conflict.rows}
            updatedBy={conflict.current.UpdatedBy}
            updatedAt={conflict.current.UpdatedAt}
            onUseCurrent={onUseCurrent}
            onKeepMine={onKeepMine}
            isBusy={isResolving || isSubmitting}
          />
        ) : null}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the result links inside */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are keyboard-operable themselves */}
        <div ref={formRef} onClick={onClick}>
          <FormRenderer
            store={store}
            registry={registry}
            onSave={onSave}
            onSearch={onSearch}
            onDelete={onDelete}
            onTabSelect={onTabSelect}
            results={results}
            getRowHref={getRowHref}
            controller={controller}
          />
        </div>
        {definition.Kind === 'search' ? (
          <p className="procedo-FormPage-count" role="status">
            {resultTotal === null ? '' : `${resultTotal} found`}
          </p>
        ) : null}
        {hasFloatingCommands ? (
          <PageCommands store={store} commands={pageCommands} controller={controller} />
        ) : null}
      </div>
      {definition.Kind === 'record' ? (
        <SidePanel
          pageKey={pageKey}
          title={RECORD_LABELS.historyTitle}
          storage={panelStorage}
          defaultPinned={isPanelPinned}
          onPinnedChange={(isPinned) => writePanelPinned(panelStorage, pageKey, isPinned)}
        >
          <VersionHistory
            record={record}
            readVersion={(version) =>
              record ? v1.records.get(webTemplateNo, record.Id, { version }) : Promise.reject()
            }
          />
        </SidePanel>
      ) : null}
      {helpUrl ? <HelpFrame url={helpUrl} onClose={() => setHelpUrl(null)} /> : null}
      {auditRequest ? (
        <AuditDialog
          fieldLabels={auditRequest.labels}
          legalName={context.User.legalName}
          onSign={(signOff) => {
            setAuditRequest(null);
            auditRequest.resolve(signOff);
          }}
          onCancelEdit={() => {
            setAuditRequest(null);
            auditRequest.resolve(null);
            // spec §4: Cancel Edit reloads the page — the form is read again, the edit dropped.
            store.markSaved();
            onReload();
          }}
        />
      ) : null}
      {/* A search form's criteria are not data: leaving it needs no confirmation. */}
      {definition.Kind === 'record' ? <DirtyGuards store={store} isDirty={dirty === 1} /> : null}
    </div>
  );
}

/** Asks before leaving a dirty record form: the browser's prompt on unload, ours in the app. */
function DirtyGuards({ store, isDirty }: { store: FormStore; isDirty: boolean }) {
  useDirtyGuard(store);
  return <LeaveGuard isDirty={isDirty} />;
}
