import { ApiErrorCode, type FieldValues, isHttpStatusError } from '@procedo/client-api';
import {
  AuditDialog,
  ConflictPanel,
  createFormController,
  FormRenderer,
  type FormStore,
  formTitleTarget,
  HelpFrame,
  LastSignature,
  LoadingPanel,
  type RecordSessionView,
  TimeTravelBanner,
  type TimeTravelState,
  TimeTravelToggle,
  useFormSnapshot,
  useFormsTexts,
  useMessages,
  useRecordSession,
  writeTimeTravelQuery,
} from '@procedo/forms-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callback, v1 } from '../api';
import { usePublishFormPageInfo } from '../developer/developer-form-info';
import { ProfileSwitchGate } from '../developer/ProfileSwitchGate';
import { FormPageHeader } from '../forms/FormPageHeader';
import { FormPageMessage } from '../forms/FormPageMessage';
import {
  useCreatedRecordAddress,
  useFloatingCommands,
  useInitialFocus,
  useResultLinkClicks,
  useResultsDataSource,
  useRowHref,
} from '../forms/form-page-hooks';
import { type FormPageQuery, parseFormQuery } from '../forms/form-query';
import { createHostFieldRegistry } from '../forms/host-fields';
import { DirtyGuards } from '../forms/LeaveGuard';
import { FORM_PAGE_LABELS as L } from '../forms/labels';
import { PageCommands } from '../forms/PageCommands';
import {
  tellParentOfSave,
  useAfterSaveCommand,
  useBasedOnRecord,
  useCopyToNewRecord,
  usePostedValues,
  useRefreshOnChildSubmits,
} from '../forms/page-mechanics';
import { RecordHistoryPanel } from '../forms/RecordHistoryPanel';
import { useSearchResults } from '../forms/SearchResults';
import { usePermissionsMenu } from '../forms/usePermissionsMenu';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';
import { useTranslationPrompt } from '../translation/useTranslationPrompt';
import { userMessage } from '../user-message';
import { USERS_FORM_NO, UsersAdminPage } from './LazyUsersAdminPage';

/**
 * The generic form page `/form?WebTemplateNo=N[&UGoToItemNo=id]` (spec §2): reads the query and
 * puts the SDK's record parts together — the record session (load, save with the version, 409
 * conflict, audit sign-off, delete, search), the renderer and the host's own chrome. The query
 * parameters that act are listed in the README.
 */
export function FormPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseFormQuery(params), [params]);
  // A search form's last criteria, by form: moving in time runs the same search at the new time.
  const lastSearch = useRef(new Map<number, LastSearch>());
  if (query.webTemplateNo === null) return <FormPageMessage title="Form" message={L.noForm} />;
  // Form 901 is the administration's users grid, an SDK component rather than a form definition.
  if (query.webTemplateNo === USERS_FORM_NO) return <UsersAdminPage />;
  // The address holds the time-travel state (spec §2), so a view at a timepoint can be shared.
  const travel = (state: TimeTravelState) => setParams(writeTimeTravelQuery(params, state));
  return (
    <>
      {/* Outside the keyed session: the toggle keeps its note about a daylight-saving change. */}
      <div className="procedo-FormPage-timeTravel">
        <TimeTravelToggle
          timepoint={query.timepoint}
          previousTimepoint={query.previousTimepoint}
          onChange={travel}
        />
        {query.timepoint ? <TimeTravelBanner timepoint={query.timepoint} /> : null}
      </div>
      {query.malformedTimepoint !== null ? (
        // Never the current data in place of a timepoint that could not be read.
        <FormPageMessage title="Form" message={L.malformedTimepoint(query.malformedTimepoint)}>
          <p>
            <Link to={`/form?${writeTimeTravelQuery(params, { timepoint: null, previousTimepoint: null })}`}>
              {L.showCurrentData}
            </Link>
          </p>
        </FormPageMessage>
      ) : (
        <ProfileSwitchGate>
          <FormSession
            key={`${query.webTemplateNo}:${query.recordId ?? 'new'}:${query.timepoint ?? 'now'}`}
            webTemplateNo={query.webTemplateNo}
            query={query}
            lastSearch={lastSearch.current}
          />
        </ProfileSwitchGate>
      )}
    </>
  );
}

/** A search form's last criteria and the timepoint they were searched at. */
interface LastSearch {
  values: FieldValues;
  timepoint: string | null;
}

/** Why the page could not load: a record that did not exist yet at the timepoint is said so. */
function loadFailureText(error: unknown, timepoint: string | null): string {
  if (
    timepoint !== null &&
    isHttpStatusError(error) &&
    error.body?.Code === ApiErrorCode.NotFoundAtTimepoint
  ) {
    return L.notFoundAtTimepoint(timepoint);
  }
  return userMessage(error);
}

/** One record (or a new one, or a search) of one form: the session lives as long as this does. */
function FormSession({
  webTemplateNo,
  query,
  lastSearch,
}: {
  webTemplateNo: number;
  query: FormPageQuery;
  lastSearch: Map<number, LastSearch>;
}) {
  const { errorHandler } = useSignedIn();
  const messages = useMessages();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const afterSave = useAfterSaveCommand(query.afterSaveCommandId);
  const record = useRecordSession({
    api: v1,
    webTemplateNo,
    recordId: query.recordId,
    timepoint: query.timepoint,
    errorHandler,
    onSaved: (saved) => {
      if (saved.isNew) setCreatedId(saved.record.Id);
      tellParentOfSave(saved.record, webTemplateNo);
      afterSave(saved.record);
    },
  });
  useEffect(() => {
    if (record.loadError) console.error(record.loadError);
  }, [record.loadError]);

  if (record.status === 'failed') {
    return (
      <FormPageMessage
        title={messages.pageLoadError}
        message={loadFailureText(record.loadError, query.timepoint)}
      />
    );
  }
  if (record.status === 'loading' || !record.store) return <LoadingPanel isVisible label={L.loading} />;
  return (
    <FormView
      record={record}
      store={record.store}
      query={query}
      createdId={createdId}
      lastSearch={lastSearch}
    />
  );
}

interface FormViewProps {
  record: RecordSessionView;
  store: FormStore;
  query: FormPageQuery;
  createdId: number | null;
  lastSearch: Map<number, LastSearch>;
}

function FormView({ record, store, query, createdId, lastSearch }: FormViewProps) {
  const { definition } = store;
  const webTemplateNo = definition.WebTemplateNo;
  const form = record.form;
  const registry = useMemo(() => (form ? createHostFieldRegistry(form) : undefined), [form]);
  const [controller] = useState(createFormController);
  const { dirty, isSubmitting } = useFormSnapshot(store);
  const [helpUrl, setHelpUrl] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const getRowHref = useRowHref(query);
  const results = useSearchResults(store, query, getRowHref);
  const floating = useFloatingCommands(definition, store);
  useResultsDataSource(definition, results.rows);
  useInitialFocus(formRef, query);
  useBasedOnRecord(store, query, record.record === null);
  usePostedValues(store, query, record.record === null);
  const copyToNewRecord = useCopyToNewRecord(store);
  useRefreshOnChildSubmits(definition.Kind === 'search', () => {
    const last = lastSearch.get(webTemplateNo);
    if (last) results.search(last.values);
  });
  useCreatedRecordAddress(createdId, dirty === 1);
  const onResultClick = useResultLinkClicks(definition.Title);
  const onOpenPermissions = usePermissionsMenu(definition);
  const { context } = useSignedIn();
  // A translation into the language this user reads shows once the definition is loaded again.
  const hostTexts = useHostTexts();
  const { translation: translationTexts } = useFormsTexts();
  const translation = useTranslationPrompt((saved) => {
    if (saved.LangCode === context.User.preferences.language && store.getFormSnapshot().dirty !== 1)
      window.location.reload();
  });
  const { conflict, auditRequest } = record;
  usePublishFormPageInfo(definition, form, record.record?.Id ?? null);
  const search = (event: { values: FieldValues }) => {
    lastSearch.set(webTemplateNo, { values: event.values, timepoint: query.timepoint });
    results.search(event.values);
  };
  // A search form reopened at another time (the toggle) runs the last search again there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when this session's form is ready
  useEffect(() => {
    const last = definition.Kind === 'search' ? lastSearch.get(webTemplateNo) : undefined;
    // Only a move in time re-runs it; coming back to the form at the same time starts afresh.
    if (!last || last.timepoint === query.timepoint) return;
    for (const [name, value] of Object.entries(last.values)) store.setValue(name, value);
    results.search(store.getValues());
  }, [store]);

  return (
    <div
      className="procedo-FormPage procedo-FormView"
      data-help-open={helpUrl ? true : undefined}
      data-floating-commands={floating.isShown || undefined}
    >
      <div className="procedo-FormPage-main">
        <FormPageHeader
          definition={definition}
          record={record.record}
          query={query}
          isDirty={dirty === 1}
          onOpenHelpFrame={setHelpUrl}
        />
        {translation.onTranslate ? (
          <button
            type="button"
            className="procedo-TranslateButton"
            aria-label={hostTexts.shell.translateTitle(definition.Title)}
            onClick={() => translation.onTranslate?.(formTitleTarget(definition))}
          >
            {translationTexts.translate}
          </button>
        ) : null}
        {conflict ? (
          <ConflictPanel
            rows={conflict.rows}
            updatedBy={conflict.current.UpdatedBy}
            updatedAt={conflict.current.UpdatedAt}
            onUseCurrent={record.takeCurrent}
            onKeepMine={record.keepMine}
            isBusy={record.isWriting || isSubmitting}
          />
        ) : null}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the result links inside */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are keyboard-operable themselves */}
        <div ref={formRef} onClick={onResultClick}>
          <FormRenderer
            store={store}
            registry={registry}
            onSave={record.save}
            onSearch={search}
            onDelete={record.remove}
            onTabSelect={({ tabName }) => callback.tabSelect(`${webTemplateNo}:${tabName}`)}
            renderResults={results.renderResults}
            getRowHref={getRowHref}
            controller={controller}
            onOpenPermissions={onOpenPermissions}
            onTranslate={translation.onTranslate}
          />
        </div>
        {translation.prompt}
        {query.gridProblems.length > 0 ? (
          <div role="alert" className="procedo-FormPage-gridProblems">
            {query.gridProblems.map((problem) => (
              <p key={problem.param}>{L.gridParamProblem(problem.param, problem.message)}</p>
            ))}
          </div>
        ) : null}
        {definition.Kind === 'record' && record.record ? (
          <p className="procedo-FormPage-copy">
            <button type="button" className="procedo-Button" onClick={copyToNewRecord}>
              {L.copyToNewRecord}
            </button>
          </p>
        ) : null}
        {definition.Kind === 'record' && record.record ? (
          // §11.50: the signature is shown wherever the record is.
          <LastSignature
            key={`${record.record.Id}:${record.record.Version}`}
            api={v1.records}
            webTemplateNo={webTemplateNo}
            recordId={record.record.Id}
            timepoint={query.timepoint}
          />
        ) : null}
        {floating.isShown ? (
          <PageCommands store={store} commands={floating.commands} controller={controller} />
        ) : null}
      </div>
      {definition.Kind === 'record' ? (
        <RecordHistoryPanel
          pageKey={`form-${webTemplateNo}`}
          definition={definition}
          record={record.record}
          timepoint={query.timepoint}
        />
      ) : null}
      {helpUrl ? <HelpFrame url={helpUrl} onClose={() => setHelpUrl(null)} /> : null}
      {auditRequest ? (
        <AuditDialog
          fieldLabels={auditRequest.elements.map((element) => element.Label)}
          refusal={auditRequest.refusal ?? null}
          needsPassword={auditRequest.needsPassword ?? false}
          isBlocked={auditRequest.isBlocked ?? false}
          isSigning={record.isWriting}
          onSign={record.sign}
          onCancelEdit={record.cancelEdit}
          defaultReason={query.callerReason ?? ''}
        />
      ) : null}
      {/* A search form's criteria are not data: leaving it needs no confirmation. */}
      {definition.Kind === 'record' ? <DirtyGuards store={store} isDirty={dirty === 1} /> : null}
    </div>
  );
}
