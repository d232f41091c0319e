import {
  type AuditSignOff,
  auditedChanges,
  type FieldValues,
  type FormResponse,
  type FormsApi,
  isHttpStatusError,
  isVersionConflictError,
  type RecordsApi,
  type RecordVersion,
  type SearchResult,
  type TimepointInput,
  timepointText,
  type ValueElement,
} from '@procedo/client-api';
import {
  createFormStore,
  type FormStore,
  type FormStoreOptions,
  type ServerIssue,
} from '../form/state/form-store';
import { type ConflictRow, conflictRows, currentValuesFor } from './conflict-rows';
import { RECORD_LABELS } from './labels';
import { searchFilters } from './search-filters';

/** The calls a record session makes: a v1 client (`createV1Client`) has them all. */
export interface RecordSessionApi {
  forms: Pick<FormsApi, 'get'>;
  records: Pick<RecordsApi, 'get' | 'create' | 'update' | 'remove' | 'search'>;
}

/** Options of {@link createRecordSession}. */
export interface RecordSessionOptions {
  api: RecordSessionApi;
  /** The form. */
  webTemplateNo: number;
  /** The record to edit; `null` for a new record (or a search form). @default null */
  recordId?: number | null;
  /**
   * Time travel: the record is read as it was at this instant, and every write is refused without
   * being sent (CONTRACT "Time travel"). @default null (the current data, writable)
   */
  timepoint?: TimepointInput | null;
  /** Builds the form store of each load. @default createFormStore */
  createStore?: (options: FormStoreOptions) => FormStore;
}

/** A save refused with 409: the record as it is now, and the fields to compare. */
export interface RecordConflict {
  current: RecordVersion;
  rows: ConflictRow[];
  /** The sign-off of the refused save; `keepMine` sends it again. */
  audit: AuditSignOff | undefined;
}

/** Why the server refused a signature (docs/protocol.md "Signatures"). */
export type SignatureRefusalCode =
  | 'AUDIT_SIGNATURE_MISMATCH'
  | 'SIGNATURE_PASSWORD_REQUIRED'
  | 'SIGNATURE_REJECTED'
  | 'SIGNING_BLOCKED';

/** A signature the server refused: its code, its message, and the dialog field it is about. */
export interface SignatureRefusal {
  code: SignatureRefusalCode;
  message: string;
  /** The field to mark invalid, or `null` (a block is about the whole dialog). */
  field: 'signature' | 'password' | null;
}

/** A write waiting for the audit sign-off (spec §5): answer it with `sign` or `cancelEdit`. */
export interface AuditRequest {
  action: 'save' | 'delete';
  /** The audit-flagged elements the write changes. */
  elements: ValueElement[];
  /** The last refusal of a signature of this request; the request stays open with it. @default null */
  refusal?: SignatureRefusal | null;
  /** The server asked for the password (the session's first signing). @default false */
  needsPassword?: boolean;
  /** Three failed attempts blocked signing for this session: only Cancel Edit is left. @default false */
  isBlocked?: boolean;
}

/** What a record session shows; a new object whenever something changes. */
export interface RecordSessionSnapshot {
  readonly status: 'loading' | 'ready' | 'failed';
  /** Why the load failed (`status` `failed`), else `null`. */
  readonly loadError: unknown;
  readonly form: FormResponse | null;
  /** The form's state; a new store after each load. */
  readonly store: FormStore | null;
  /** The record as last read or written; `null` for a new record. */
  readonly record: RecordVersion | null;
  readonly conflict: RecordConflict | null;
  readonly auditRequest: AuditRequest | null;
  /** A write is being sent. */
  readonly isWriting: boolean;
  /** The last search's page of results (search forms). */
  readonly results: SearchResult | null;
  /** The timepoint viewed (its wire text), or `null` for the current data. */
  readonly timepoint: string | null;
}

/** How a write ended, as data: nothing is thrown for an expected outcome. */
export type RecordWriteOutcome =
  | { kind: 'saved'; record: RecordVersion; isNew: boolean }
  | { kind: 'deleted'; record: RecordVersion }
  /** The write needs the audit sign-off first; `auditRequest` is set. */
  | { kind: 'audit-required'; request: AuditRequest }
  /** Someone else saved first; for a save, `conflict` is set. */
  | { kind: 'conflict'; action: 'save' | 'delete'; current: RecordVersion }
  /** 400 with issues: they are shown on their fields; `unmatched` name no field of the form. */
  | { kind: 'invalid'; error: unknown; unmatched: ServerIssue[] }
  | { kind: 'failed'; error: unknown }
  /** Refused without sending: the session views a timepoint. */
  | { kind: 'read-only'; timepoint: string }
  /** The server refused the signature: the audit request stays open with the refusal, the edits stay. */
  | ({ kind: 'signature-refused' } & SignatureRefusal)
  /** Nothing to do (not loaded, no record to delete, no request to answer). */
  | { kind: 'skipped' };

/** How a search ended. */
export type RecordSearchOutcome =
  | { kind: 'found'; results: SearchResult }
  | { kind: 'invalid'; error: unknown; unmatched: ServerIssue[] }
  | { kind: 'failed'; error: unknown }
  | { kind: 'skipped' };

/** The editing workflow of one record on one form, with no React. */
export interface RecordSession {
  getSnapshot(): RecordSessionSnapshot;
  /** Calls `listener` whenever the snapshot changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Reads the form (and the record, at the timepoint if any) and builds a new store. */
  load(): Promise<void>;
  /**
   * Saves the form: a new record is created with every value, an existing one updated with the
   * version the edit started from and the changed values. A change to an audit-flagged field
   * without `audit` ends in `audit-required`.
   */
  save(options?: { audit?: AuditSignOff }): Promise<RecordWriteOutcome>;
  /** Deletes the record (a deleted version); with audit-flagged values, `audit-required` first. */
  remove(options?: { audit?: AuditSignOff }): Promise<RecordWriteOutcome>;
  /** Answers the audit request: runs its write with the sign-off. */
  sign(audit: AuditSignOff): Promise<RecordWriteOutcome>;
  /** Spec §4 Cancel Edit: drops the request and the edits, and reads the form again. */
  cancelEdit(): Promise<void>;
  /** After a conflict: saves the values on screen over the current version (the same sign-off). */
  keepMine(): Promise<RecordWriteOutcome>;
  /** After a conflict: shows the current record instead of the edits. */
  takeCurrent(): void;
  /** Runs a search form's search with its values (empty ones mean "any"). */
  search(values: FieldValues): Promise<RecordSearchOutcome>;
  /** Reads another version of the record. */
  readVersion(version: number): Promise<RecordVersion>;
  /** Stops pending work and disposes the store; `load` starts again. */
  dispose(): void;
}

const INITIAL: RecordSessionSnapshot = Object.freeze({
  status: 'loading',
  loadError: null,
  form: null,
  store: null,
  record: null,
  conflict: null,
  auditRequest: null,
  isWriting: false,
  results: null,
  timepoint: null,
});

/**
 * Creates the record session behind a form page: load, save with the version the edit started
 * from, 409 conflicts and audit requests as data, delete, search and time travel. A thin React
 * hook (`useRecordSession`) and the record parts (`ConflictPanel`, `AuditDialog`,
 * `VersionHistory`) sit on it; any other framework can use it as is.
 *
 * @example
 * const session = createRecordSession({ api: v1, webTemplateNo: 102, recordId: 17 });
 * await session.load();
 * const outcome = await session.save();
 * if (outcome.kind === 'audit-required') await session.sign({ AuditDataChangeESig, AuditDataChangeReason });
 */
export function createRecordSession(options: RecordSessionOptions): RecordSession {
  const { api, webTemplateNo } = options;
  const recordId = options.recordId ?? null;
  const createStore = options.createStore ?? createFormStore;
  const listeners = new Set<() => void>();
  let timepointError: unknown = null;
  let timepoint: string | null = null;
  try {
    timepoint = options.timepoint == null ? null : timepointText(options.timepoint);
  } catch (error) {
    timepointError = error;
  }
  let snapshot: RecordSessionSnapshot = { ...INITIAL, timepoint };
  // The version the edit started from and its values; a 409 moves them to the current version.
  let version: number | null = null;
  let base: FieldValues = {};
  // Each load and each disposal starts a new generation; late answers of an older one are dropped.
  let generation = 0;

  const update = (patch: Partial<RecordSessionSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of [...listeners]) listener();
  };

  const setRecord = (record: RecordVersion | null) => {
    version = record?.Version ?? null;
    base = record?.Values ?? {};
  };

  /** A 400 with issues goes onto the fields; anything else is a failure to report. */
  const failure = (store: FormStore, error: unknown) => {
    if (isHttpStatusError(error) && error.status === 400 && error.body?.Issues?.length) {
      return { kind: 'invalid' as const, error, unmatched: store.setServerErrors(error.body.Issues) };
    }
    return { kind: 'failed' as const, error };
  };

  /** A refused signature is the audit dialog's to show, not the form fields'. */
  const writeFailure = (store: FormStore, error: unknown): RecordWriteOutcome => {
    const refusal = signatureRefusal(error);
    return refusal ? { kind: 'signature-refused', ...refusal } : failure(store, error);
  };

  /** Runs a write with the form marked submitting; answers `read-only` in time travel. */
  async function write(run: (store: FormStore) => Promise<RecordWriteOutcome>): Promise<RecordWriteOutcome> {
    const { store } = snapshot;
    if (!store || snapshot.status !== 'ready') return { kind: 'skipped' };
    if (timepoint !== null) return { kind: 'read-only', timepoint };
    const current = generation;
    update({ isWriting: true });
    store.setSubmitting(true);
    try {
      return await run(store);
    } finally {
      store.setSubmitting(false);
      if (current === generation) update({ isWriting: false });
    }
  }

  const askAudit = (request: AuditRequest): RecordWriteOutcome => {
    update({ auditRequest: request });
    return { kind: 'audit-required', request };
  };

  function persist(audit: AuditSignOff | undefined): Promise<RecordWriteOutcome> {
    return write(async (store) => {
      const changed = store.changedValues();
      const existing = snapshot.record;
      const withAudit = audit ? { Audit: audit } : {};
      try {
        const saved =
          existing === null || version === null
            ? await api.records.create(webTemplateNo, { Values: store.getValues(), ...withAudit })
            : await api.records.update(webTemplateNo, existing.Id, {
                Version: version,
                Values: changed,
                ...withAudit,
              });
        store.markSaved(saved.Values);
        setRecord(saved);
        update({ record: saved, conflict: null });
        return { kind: 'saved', record: saved, isNew: existing === null };
      } catch (error) {
        if (!isVersionConflictError(error)) return writeFailure(store, error);
        const rows = conflictRows({
          definition: store.definition,
          base,
          onScreen: store.getValues(),
          changed,
          current: error.current.Values,
        });
        update({ conflict: { current: error.current, rows, audit } });
        return { kind: 'conflict', action: 'save', current: error.current };
      }
    });
  }

  const session: RecordSession = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async load() {
      const current = ++generation;
      snapshot.store?.dispose();
      update({ ...INITIAL, timepoint });
      try {
        if (timepointError) throw timepointError;
        const at = timepoint === null ? {} : { timepoint };
        const [form, record] = await Promise.all([
          // The form as it was at the timepoint: a version published later would show elements the record never had.
          api.forms.get(webTemplateNo, at),
          recordId === null ? Promise.resolve(null) : api.records.get(webTemplateNo, recordId, at),
        ]);
        if (current !== generation) return;
        const store = createStore({
          definition: form.Definition,
          permissions: form.Permissions,
          initialValues: record?.Values ?? {},
          supportedFileExtensions: form.SupportedFileExtensions,
          // Time travel: the save, delete and upload controls show as locked, with the reason.
          readOnlyReason: timepoint === null ? null : RECORD_LABELS.readOnlyTimepoint(timepoint),
        });
        setRecord(record);
        update({ status: 'ready', form, store, record });
      } catch (error) {
        if (current !== generation) return;
        update({ status: 'failed', loadError: error });
      }
    },

    async save({ audit } = {}) {
      const { store, record } = snapshot;
      if (!store || snapshot.status !== 'ready') return { kind: 'skipped' };
      if (timepoint !== null) return { kind: 'read-only', timepoint };
      if (!audit) {
        // The server's rule over the values it will compare: the version's, and the changed ones.
        const elements =
          record === null
            ? auditedChanges(store.definition, {}, store.getValues())
            : auditedChanges(store.definition, base, { ...base, ...store.changedValues() });
        if (elements.length > 0) return askAudit({ action: 'save', elements });
      }
      return persist(audit);
    },

    async remove({ audit } = {}) {
      const { store, record } = snapshot;
      if (!store || record === null || version === null) return { kind: 'skipped' };
      if (timepoint !== null) return { kind: 'read-only', timepoint };
      if (!audit) {
        // A deletion takes every value of the version out.
        const elements = auditedChanges(store.definition, base, {});
        if (elements.length > 0) return askAudit({ action: 'delete', elements });
      }
      const from = version;
      return write(async () => {
        try {
          const deleted = await api.records.remove(webTemplateNo, record.Id, {
            Version: from,
            ...(audit ? { Audit: audit } : {}),
          });
          store.markSaved();
          version = deleted.Version;
          update({ record: deleted });
          return { kind: 'deleted', record: deleted };
        } catch (error) {
          if (isVersionConflictError(error))
            return { kind: 'conflict', action: 'delete', current: error.current };
          return writeFailure(store, error);
        }
      });
    },

    async sign(audit) {
      const request = snapshot.auditRequest;
      if (!request) return { kind: 'skipped' };
      // The request stays open while the signed write is sent: a refusal shows in the same dialog.
      const outcome =
        request.action === 'save' ? await session.save({ audit }) : await session.remove({ audit });
      // Cancel Edit (or a reload) while it was sent: the request is gone, nothing to reopen.
      if (snapshot.auditRequest !== request) return outcome;
      if (outcome.kind !== 'signature-refused') {
        update({ auditRequest: null });
        return outcome;
      }
      const { kind: _kind, ...refusal } = outcome;
      update({
        auditRequest: {
          ...request,
          refusal,
          needsPassword:
            (request.needsPassword ?? false) ||
            refusal.code === 'SIGNATURE_PASSWORD_REQUIRED' ||
            refusal.code === 'SIGNATURE_REJECTED',
          isBlocked: refusal.code === 'SIGNING_BLOCKED',
        },
      });
      return outcome;
    },

    async cancelEdit() {
      snapshot.store?.markSaved();
      update({ auditRequest: null });
      await session.load();
    },

    async keepMine() {
      const { conflict } = snapshot;
      if (!conflict) return { kind: 'skipped' };
      setRecord(conflict.current);
      return persist(conflict.audit);
    },

    takeCurrent() {
      const { conflict, store } = snapshot;
      if (!conflict || !store) return;
      store.markSaved(currentValuesFor(store.getValues(), conflict.current.Values));
      setRecord(conflict.current);
      update({ record: conflict.current, conflict: null });
    },

    async search(values) {
      const { store } = snapshot;
      if (!store) return { kind: 'skipped' };
      try {
        const results = await api.records.search(webTemplateNo, {
          filters: searchFilters(values),
          ...(timepoint === null ? {} : { timepoint }),
        });
        update({ results });
        return { kind: 'found', results };
      } catch (error) {
        return failure(store, error);
      }
    },

    readVersion(wanted) {
      const { record } = snapshot;
      if (record === null) return Promise.reject(new Error('A new record has no versions yet.'));
      return api.records.get(webTemplateNo, record.Id, { version: wanted });
    },

    dispose() {
      generation++;
      snapshot.store?.dispose();
      setRecord(null);
      update({ ...INITIAL, timepoint });
    },
  };
  return session;
}

const REFUSAL_FIELDS: Record<SignatureRefusalCode, SignatureRefusal['field']> = {
  AUDIT_SIGNATURE_MISMATCH: 'signature',
  SIGNATURE_PASSWORD_REQUIRED: 'password',
  SIGNATURE_REJECTED: 'password',
  SIGNING_BLOCKED: null,
};

/** The signature refusal an error is, or `null`. */
function signatureRefusal(error: unknown): SignatureRefusal | null {
  if (!isHttpStatusError(error)) return null;
  const code = error.body?.Code;
  if (typeof code !== 'string' || !Object.hasOwn(REFUSAL_FIELDS, code)) return null;
  const known = code as SignatureRefusalCode;
  return { code: known, message: error.serverMessage ?? known, field: REFUSAL_FIELDS[known] };
}
