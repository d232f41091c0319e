// @vitest-environment node
import {
  type FieldValues,
  type FormDefinition,
  type FormResponse,
  HttpStatusError,
  type RecordVersion,
  type SearchResult,
  VersionConflictError,
} from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { createRecordSession, type RecordSessionApi } from './record-session';

const definition: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 103,
  Name: 'deviation',
  Title: 'Deviation',
  Entity: 'deviation',
  Kind: 'record',
  Elements: [
    { Kind: 'text', Name: 'Title', Label: 'Title' },
    { Kind: 'text', Name: 'Country', Label: 'Country' },
    {
      Kind: 'select',
      Name: 'Severity',
      Label: 'Severity',
      IsAudit: true,
      Options: [
        { Value: 'Minor', Label: 'Minor' },
        { Value: 'Major', Label: 'Major' },
      ],
    },
  ],
};

const form: FormResponse = {
  Definition: definition,
  Permissions: [],
  SupportedFileExtensions: ['pdf'],
  MaxUploadBytes: 1000,
};

const audit = { AuditDataChangeESig: 'Olive Operator', AuditDataChangeReason: 'Reassessed' };

/**
 * An in-memory records endpoint with the server's optimistic concurrency: a write names the
 * version it started from, a stale one is a {@link VersionConflictError} with the current record.
 */
function fakeApi(initial: FieldValues | null = { Title: 'Spill', Country: 'Austria', Severity: 'Minor' }) {
  const versions: RecordVersion[] = [];
  const calls: { call: string; args: unknown[] }[] = [];
  const append = (values: FieldValues, isDeleted = false) => {
    const record: RecordVersion = {
      Id: 17,
      Entity: 'deviation',
      Version: versions.length + 1,
      IsDeleted: isDeleted,
      Values: values,
      UpdatedBy: 'operator',
      UpdatedAt: '2026-03-01T09:30:00.000Z',
    };
    versions.push(record);
    return record;
  };
  if (initial) append(initial);
  const current = () => versions.at(-1) as RecordVersion;
  const stale = (method: string) =>
    new VersionConflictError({
      error: new HttpStatusError({ status: 409, method, url: 'records/17', bodyText: '{}' }),
      current: current(),
    });
  let refuseNext: HttpStatusError | null = null;
  const refused = () => {
    const error = refuseNext;
    refuseNext = null;
    return error;
  };
  const api: RecordSessionApi = {
    forms: {
      get: async (...args) => {
        calls.push({ call: 'forms.get', args });
        return form;
      },
    },
    records: {
      get: async (...args) => {
        calls.push({ call: 'get', args });
        const wanted = args[2]?.version;
        return wanted === undefined ? current() : (versions[wanted - 1] as RecordVersion);
      },
      create: async (...args) => {
        calls.push({ call: 'create', args });
        return append(args[1].Values);
      },
      update: async (...args) => {
        calls.push({ call: 'update', args });
        const error = refused();
        if (error) throw error;
        if (args[2].Version !== current().Version) throw stale('PUT');
        return append({ ...current().Values, ...args[2].Values });
      },
      remove: async (...args) => {
        calls.push({ call: 'remove', args });
        if (args[2].Version !== current().Version) throw stale('DELETE');
        return append(current().Values, true);
      },
      search: async (...args): Promise<SearchResult> => {
        calls.push({ call: 'search', args });
        const error = refused();
        if (error) throw error;
        return { Rows: [{ Id: 17, Values: current().Values }], Page: 0, PageSize: 25, Total: 1 };
      },
    },
  };
  return {
    api,
    calls,
    writes: () => calls.filter((c) => ['create', 'update', 'remove'].includes(c.call)),
    /** Another user saves a new version. */
    saveElsewhere: (values: FieldValues) => append({ ...current().Values, ...values }),
    refuseNext: (error: HttpStatusError) => {
      refuseNext = error;
    },
  };
}

async function loaded(fake = fakeApi(), options: { recordId?: number | null; timepoint?: string } = {}) {
  const session = createRecordSession({ api: fake.api, webTemplateNo: 103, recordId: 17, ...options });
  await session.load();
  const store = session.getSnapshot().store;
  if (!store) throw new Error('not loaded');
  return { session, store, fake };
}

describe('createRecordSession', () => {
  it('loads the form and the record, and saves the changed values with the version the edit started from', async () => {
    const { session, store, fake } = await loaded();
    expect(session.getSnapshot()).toMatchObject({ status: 'ready', form, record: { Version: 1 } });
    expect(store.getField('Country').value).toBe('Austria');
    store.setValue('Country', 'Spain');
    await expect(session.save()).resolves.toMatchObject({
      kind: 'saved',
      isNew: false,
      record: { Version: 2 },
    });
    store.setValue('Title', 'Spill in hall 2');
    await session.save();
    expect(fake.writes().map((c) => c.args)).toEqual([
      [103, 17, { Version: 1, Values: { Country: 'Spain' } }],
      [103, 17, { Version: 2, Values: { Title: 'Spill in hall 2' } }],
    ]);
    expect(store.getFormSnapshot()).toMatchObject({ dirty: 0, isSubmitting: false });
    expect(session.getSnapshot().record?.Version).toBe(3);
  });

  it('creates a new record with every value and says it is new', async () => {
    const { session, store, fake } = await loaded(fakeApi(null), { recordId: null });
    expect(session.getSnapshot().record).toBeNull();
    store.setValue('Title', 'New');
    await expect(session.save()).resolves.toMatchObject({ kind: 'saved', isNew: true, record: { Id: 17 } });
    expect(fake.writes()[0]?.args).toEqual([103, { Values: { Title: 'New', Country: '', Severity: '' } }]);
  });

  it('asks for the audit sign-off as data before a change to an audit-flagged field, and sends it with Sign', async () => {
    const { session, store, fake } = await loaded();
    store.setValue('Severity', 'Major');
    const outcome = await session.save();
    expect(outcome).toMatchObject({ kind: 'audit-required', request: { action: 'save' } });
    expect(session.getSnapshot().auditRequest?.elements.map((e) => e.Name)).toEqual(['Severity']);
    expect(fake.writes()).toEqual([]);
    await expect(session.sign(audit)).resolves.toMatchObject({ kind: 'saved' });
    expect(session.getSnapshot().auditRequest).toBeNull();
    expect(fake.writes()[0]?.args).toEqual([
      103,
      17,
      { Version: 1, Values: { Severity: 'Major' }, Audit: audit },
    ]);
  });

  it('keeps the audit request open with the refusal and the edits when the server refuses the signature, and asks for the password when told', async () => {
    const { session, store, fake } = await loaded();
    store.setValue('Severity', 'Major');
    await session.save();
    const refusal = (status: number, Code: string, Message: string) =>
      new HttpStatusError({
        status,
        method: 'PUT',
        url: 'records/17',
        bodyText: '{}',
        body: { Message, Code },
      });

    fake.refuseNext(
      refusal(403, 'AUDIT_SIGNATURE_MISMATCH', 'The electronic signature does not match your legal name.'),
    );
    await expect(session.sign({ ...audit, AuditDataChangeESig: 'Somebody' })).resolves.toMatchObject({
      kind: 'signature-refused',
      code: 'AUDIT_SIGNATURE_MISMATCH',
      field: 'signature',
    });
    expect(session.getSnapshot().auditRequest).toMatchObject({
      action: 'save',
      refusal: {
        code: 'AUDIT_SIGNATURE_MISMATCH',
        message: 'The electronic signature does not match your legal name.',
      },
      needsPassword: false,
      isBlocked: false,
    });
    expect(store.getField('Severity').value).toBe('Major');
    expect(store.getFormSnapshot().dirty).toBe(1);

    fake.refuseNext(refusal(400, 'SIGNATURE_PASSWORD_REQUIRED', 'Enter your password to sign.'));
    await session.sign(audit);
    expect(session.getSnapshot().auditRequest).toMatchObject({
      needsPassword: true,
      refusal: { field: 'password' },
    });

    await expect(session.sign({ ...audit, AuditDataChangePassword: 'demo' })).resolves.toMatchObject({
      kind: 'saved',
    });
    expect(session.getSnapshot().auditRequest).toBeNull();
    expect(fake.writes().at(-1)?.args[2]).toMatchObject({ Audit: { AuditDataChangePassword: 'demo' } });
  });

  it('marks the audit request blocked after SIGNING_BLOCKED; Cancel Edit still drops it and reloads', async () => {
    const { session, store, fake } = await loaded();
    store.setValue('Severity', 'Major');
    await session.save();
    fake.refuseNext(
      new HttpStatusError({
        status: 403,
        method: 'PUT',
        url: 'records/17',
        bodyText: '{}',
        body: { Message: 'Signing is blocked for this session.', Code: 'SIGNING_BLOCKED' },
      }),
    );
    await session.sign(audit);
    expect(session.getSnapshot().auditRequest).toMatchObject({ isBlocked: true, refusal: { field: null } });
    expect(store.getField('Severity').value).toBe('Major');
    const loads = fake.calls.filter((call) => call.call === 'get').length;
    await session.cancelEdit();
    expect(session.getSnapshot().auditRequest).toBeNull();
    expect(fake.calls.filter((call) => call.call === 'get').length).toBe(loads + 1);
  });

  it('keeps the edits and lists the differing fields on a 409; Keep mine saves over the current version with the same sign-off', async () => {
    const { session, store, fake } = await loaded();
    store.setValue('Country', 'Mine-land');
    store.setValue('Severity', 'Major');
    await session.save();
    fake.saveElsewhere({ Country: 'Their-land', Title: 'Renamed' });
    const outcome = await session.sign(audit);
    expect(outcome).toMatchObject({ kind: 'conflict', action: 'save', current: { Version: 2 } });
    const { conflict } = session.getSnapshot();
    expect(conflict?.rows.map((row) => [row.name, row.mine, row.current, row.isMine])).toEqual([
      ['Title', 'Spill', 'Renamed', false],
      ['Country', 'Mine-land', 'Their-land', true],
      ['Severity', 'Major', 'Minor', true],
    ]);
    expect(store.getField('Country').value).toBe('Mine-land');
    expect(store.getFormSnapshot().dirty).toBe(1);

    await expect(session.keepMine()).resolves.toMatchObject({ kind: 'saved', record: { Version: 3 } });
    expect(fake.writes().at(-1)?.args).toEqual([
      103,
      17,
      { Version: 2, Values: { Country: 'Mine-land', Severity: 'Major' }, Audit: audit },
    ]);
    expect(session.getSnapshot().conflict).toBeNull();
  });

  it('shows the current record on Use current, with the form clean', async () => {
    const { session, store, fake } = await loaded();
    store.setValue('Country', 'Mine-land');
    fake.saveElsewhere({ Country: 'Their-land' });
    await session.save();
    session.takeCurrent();
    expect(store.getField('Country').value).toBe('Their-land');
    expect(store.getFormSnapshot().dirty).toBe(0);
    expect(session.getSnapshot()).toMatchObject({ conflict: null, record: { Version: 2 } });
    store.setValue('Title', 'Next');
    await session.save();
    expect(fake.writes().at(-1)?.args).toEqual([103, 17, { Version: 2, Values: { Title: 'Next' } }]);
  });

  it("shows a 400's issues on their fields and returns those that name no field", async () => {
    const { session, store, fake } = await loaded();
    store.setValue('Country', 'x');
    const issues = [
      { code: 'too_short', path: ['Values', 'Country'], message: 'Enter at least 2 characters.' },
      { code: 'other', path: ['Audit'], message: 'Something else.' },
    ];
    fake.refuseNext(
      new HttpStatusError({
        status: 400,
        method: 'PUT',
        url: 'records/17',
        bodyText: '{}',
        body: { Message: 'Invalid request', Code: 'VALIDATION', Issues: issues },
      }),
    );
    const outcome = await session.save();
    expect(outcome).toMatchObject({ kind: 'invalid', unmatched: [issues[1]] });
    expect(store.getField('Country')).toMatchObject({ value: 'x', error: 'Enter at least 2 characters.' });
    expect(store.getFormSnapshot()).toMatchObject({ dirty: 1, isSubmitting: false });
  });

  it('deletes with the version, asking first when an audit-flagged field holds a value; a stale delete is a conflict without a panel', async () => {
    const { session, fake } = await loaded();
    await expect(session.remove()).resolves.toMatchObject({
      kind: 'audit-required',
      request: { action: 'delete' },
    });
    await expect(session.sign(audit)).resolves.toMatchObject({
      kind: 'deleted',
      record: { IsDeleted: true },
    });
    expect(fake.writes()[0]?.args).toEqual([103, 17, { Version: 1, Audit: audit }]);

    const other = await loaded(fakeApi({ Title: 'No audited value' }));
    other.fake.saveElsewhere({ Title: 'Changed' });
    await expect(other.session.remove()).resolves.toMatchObject({ kind: 'conflict', action: 'delete' });
    expect(other.session.getSnapshot().conflict).toBeNull();
  });

  it('reads at a timepoint and refuses every write without sending it', async () => {
    const { session, store, fake } = await loaded(fakeApi(), { timepoint: '2026-03-01 09:30' });
    // The form's definition too: the version in force at the timepoint.
    expect(fake.calls.find((c) => c.call === 'forms.get')?.args).toEqual([
      103,
      { timepoint: '2026-03-01 09:30' },
    ]);
    expect(fake.calls.find((c) => c.call === 'get')?.args).toEqual([
      103,
      17,
      { timepoint: '2026-03-01 09:30' },
    ]);
    expect(session.getSnapshot().timepoint).toBe('2026-03-01 09:30');
    store.setValue('Country', 'Spain');
    const readOnly = { kind: 'read-only', timepoint: '2026-03-01 09:30' };
    await expect(session.save()).resolves.toEqual(readOnly);
    await expect(session.save({ audit })).resolves.toEqual(readOnly);
    await expect(session.remove({ audit })).resolves.toEqual(readOnly);
    await session.search({});
    expect(fake.writes()).toEqual([]);
    expect(fake.calls.at(-1)).toEqual({
      call: 'search',
      args: [103, { filters: {}, timepoint: '2026-03-01 09:30' }],
    });
  });

  it('loads a form whose fields are locked with the read-only reason at a timepoint', async () => {
    const { store } = await loaded(fakeApi(), { timepoint: '2026-03-01 09:30' });
    expect(store.readOnlyReason).toBe(
      'This is the data as it was at 2026-03-01 09:30 (UTC): nothing can be changed here.',
    );
    expect(store.isLocked('Country')).toBe(true);
    expect(store.setValue('Country', 'Spain')).toBe(false);
    expect(store.getValues().Country).toBe('Austria');
    const now = await loaded();
    expect(now.store.readOnlyReason).toBe(null);
    expect(now.store.isLocked('Country')).toBe(false);
  });

  it('fails the load with a RangeError for a malformed timepoint, reading nothing', async () => {
    const fake = fakeApi();
    const session = createRecordSession({
      api: fake.api,
      webTemplateNo: 103,
      recordId: 17,
      timepoint: '1 March',
    });
    await session.load();
    expect(session.getSnapshot()).toMatchObject({ status: 'failed', store: null });
    expect(session.getSnapshot().loadError).toBeInstanceOf(RangeError);
    expect(fake.calls).toEqual([]);
  });

  it('drops the edits and reads the form and record again on Cancel Edit', async () => {
    const { session, store, fake } = await loaded();
    store.setValue('Severity', 'Major');
    await session.save();
    fake.saveElsewhere({ Title: 'Renamed' });
    await session.cancelEdit();
    const next = session.getSnapshot();
    expect(next).toMatchObject({ status: 'ready', auditRequest: null, record: { Version: 2 } });
    expect(next.store).not.toBe(store);
    expect(next.store?.getField('Severity').value).toBe('Minor');
    expect(next.store?.getField('Title').value).toBe('Renamed');
    expect(fake.writes()).toEqual([]);
  });

  it('searches with the filled values only, and puts the page in the snapshot', async () => {
    const { session, fake } = await loaded();
    const outcome = await session.search({ Title: 'sp', Country: '', Severity: null });
    expect(outcome).toMatchObject({ kind: 'found', results: { Total: 1 } });
    expect(session.getSnapshot().results?.Rows[0]?.Id).toBe(17);
    expect(fake.calls.at(-1)?.args).toEqual([103, { filters: { Title: 'sp' } }]);
  });

  it('reads another version of the record', async () => {
    const { session, store } = await loaded();
    store.setValue('Country', 'Spain');
    await session.save();
    await expect(session.readVersion(1)).resolves.toMatchObject({
      Version: 1,
      Values: { Country: 'Austria' },
    });
  });

  it('drops a load that ends after the session was disposed, and notifies every change', async () => {
    const fake = fakeApi();
    const session = createRecordSession({ api: fake.api, webTemplateNo: 103, recordId: 17 });
    const statuses: string[] = [];
    session.subscribe(() => statuses.push(session.getSnapshot().status));
    const pending = session.load();
    session.dispose();
    await pending;
    expect(session.getSnapshot()).toMatchObject({ status: 'loading', store: null });
    await session.load();
    expect(statuses).toEqual(['loading', 'loading', 'loading', 'ready']);
  });
});
