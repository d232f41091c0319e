// @vitest-environment node
import {
  ApiErrorCode,
  createV1Client,
  type FetchLike,
  formatTimepoint,
  HttpStatusError,
  type V1Client,
} from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedInServer,
  startSignedInServer,
  type TestClient,
} from '../../../apps/mock-server/src/testing/harness';
import { createRecordSession, type RecordSession } from '../src/record/record-session';

let signedIn: SignedInServer;

beforeAll(async () => {
  signedIn = await startSignedInServer();
}, 60_000);

afterAll(async () => {
  await signedIn?.server.close();
});

/** The v1 client of a signed-in test user: its cookies and CSRF token, as a browser page has them. */
function clientOf(user: TestClient): V1Client {
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? await request.arrayBuffer() : undefined;
    return user.fetch(request.url, { method: request.method, headers: request.headers, body });
  };
  return createV1Client({
    baseUrl: signedIn.server.url.replace(/\/$/, ''),
    fetch,
    getCsrfToken: () => user.cookies.get('procedo_csrf') ?? null,
  });
}

async function open(
  user: TestClient,
  webTemplateNo: number,
  recordId: number | null,
): Promise<RecordSession> {
  const session = createRecordSession({ api: clientOf(user), webTemplateNo, recordId });
  await session.load();
  expect(session.getSnapshot().status).toBe('ready');
  return session;
}

const storeOf = (session: RecordSession) => {
  const { store } = session.getSnapshot();
  if (!store) throw new Error('not loaded');
  return store;
};

async function aSupplierId(): Promise<number> {
  const page = await clientOf(signedIn.supervisor).records.search(101, { pageSize: 1 });
  const id = page.Rows[0]?.Id;
  if (id === undefined) throw new Error('the seed has no supplier');
  return id;
}

describe('record session against the real server', () => {
  it('saves an edit with its version; the other user saving first gets a conflict, and Keep mine wins', async () => {
    const id = await aSupplierId();
    const mine = await open(signedIn.operator, 102, id);
    const theirs = await open(signedIn.supervisor, 102, id);
    const loadedVersion = mine.getSnapshot().record?.Version ?? 0;

    storeOf(theirs).setValue('Country', 'Their-land');
    await expect(theirs.save()).resolves.toMatchObject({
      kind: 'saved',
      record: { Version: loadedVersion + 1 },
    });

    storeOf(mine).setValue('Country', 'Mine-land');
    await expect(mine.save()).resolves.toMatchObject({ kind: 'conflict', action: 'save' });
    const row = mine.getSnapshot().conflict?.rows.find((candidate) => candidate.name === 'Country');
    expect(row).toMatchObject({ mine: 'Mine-land', current: 'Their-land', isMine: true });
    expect(storeOf(mine).getField('Country').value).toBe('Mine-land');

    await expect(mine.keepMine()).resolves.toMatchObject({
      kind: 'saved',
      record: { Version: loadedVersion + 2 },
    });
    const reread = await clientOf(signedIn.supervisor).records.get(102, id);
    expect(reread.Values.Country).toBe('Mine-land');
  });

  it('creates a deviation only with the legal-name sign-off, and deletes it with one', async () => {
    const session = await open(signedIn.operator, 103, null);
    const store = storeOf(session);
    store.setValue('Title', 'Label misprint on pallet 4');
    store.setValue('OccurredOn', '2026-11-01');
    store.setValue('Severity', 'Minor');
    store.setValue('Status', 'Open');
    const asked = await session.save();
    expect(asked).toMatchObject({ kind: 'audit-required', request: { action: 'save' } });
    expect(session.getSnapshot().auditRequest?.elements.map((element) => element.Name)).toEqual([
      'Severity',
      'Status',
    ]);

    // The server checks the signature too: someone else's name is refused and nothing is written.
    const wrong = await session.save({
      audit: { AuditDataChangeESig: 'Sam Supervisor', AuditDataChangeReason: 'x' },
    });
    // A refused signature is data for the audit dialog: its code, the server's message, its field.
    expect(wrong).toMatchObject({
      kind: 'signature-refused',
      code: ApiErrorCode.AuditSignatureMismatch,
      field: 'signature',
      message: expect.stringContaining('2 attempts left'),
    });
    expect(session.getSnapshot().record).toBeNull();

    const saved = await session.save({
      audit: { AuditDataChangeESig: 'olive operator', AuditDataChangeReason: 'New deviation' },
    });
    expect(saved).toMatchObject({ kind: 'saved', isNew: true, record: { Version: 1 } });

    await expect(session.remove()).resolves.toMatchObject({
      kind: 'audit-required',
      request: { action: 'delete' },
    });
    await expect(
      session.sign({ AuditDataChangeESig: 'Olive Operator', AuditDataChangeReason: 'Raised in error' }),
    ).resolves.toMatchObject({ kind: 'deleted', record: { Version: 2, IsDeleted: true } });
  });

  it('shows the server’s field issues on their fields, and reads an older version', async () => {
    const id = await aSupplierId();
    const session = await open(signedIn.supervisor, 102, id);
    const store = storeOf(session);
    store.setValue('Name', '');
    // Skip the form's own validation: the server applies the same rules.
    const outcome = await session.save();
    expect(outcome.kind).toBe('invalid');
    expect(store.getField('Name').error).toBe('This field is required.');

    store.setValue('Name', 'Renamed supplier');
    const saved = await session.save();
    expect(saved.kind).toBe('saved');
    const version = session.getSnapshot().record?.Version ?? 0;
    await expect(session.readVersion(version - 1)).resolves.toMatchObject({ Version: version - 1 });
  });
});

describe('record session at a timepoint, against the real server', () => {
  const DAY = 86_400_000;

  it('reads the first seeded deviation as it was 120 days ago with every field and Save locked, and refuses the save unsent', async () => {
    const api = clientOf(signedIn.supervisor);
    const { Rows } = await api.records.search(103, {});
    const id = Math.min(...Rows.map((row) => row.Id));
    const timepoint = formatTimepoint(Date.now() - 120 * DAY);
    const session = createRecordSession({ api, webTemplateNo: 103, recordId: id, timepoint });
    await session.load();
    const store = storeOf(session);
    expect(store.getValues().Status).toBe('Investigating');
    expect(['Status', 'Title', 'Save', 'Delete'].map(store.isLocked)).toEqual([true, true, true, true]);
    await expect(session.save()).resolves.toEqual({ kind: 'read-only', timepoint });
    const now = await open(signedIn.supervisor, 103, id);
    expect(storeOf(now).getValues().Status).toBe('Closed');
  });

  it('fails the load with NOT_FOUND_AT_TIMEPOINT for a record created after the timepoint', async () => {
    const api = clientOf(signedIn.supervisor);
    const { Rows } = await api.records.search(103, {});
    const session = createRecordSession({
      api,
      webTemplateNo: 103,
      recordId: Rows[0]!.Id,
      timepoint: formatTimepoint(Date.now() - 300 * DAY),
    });
    await session.load();
    const { status, loadError } = session.getSnapshot();
    expect(status).toBe('failed');
    expect(loadError).toBeInstanceOf(HttpStatusError);
    expect((loadError as HttpStatusError).body?.Code).toBe(ApiErrorCode.NotFoundAtTimepoint);
  });
});
