import { ApiErrorBodySchema } from '@procedo/client-api';
import { TestClient, type TestServer } from '../../testing/harness';

// What signing.test.ts (both engines) and signing.sqlite.test.ts (SQLite's file) share.

/** A wrong password no real one contains: the tests look for it in the log and the stored data. */
export const SECRET = 'Wr0ng-Signing-Secret-5f2c9a';

/** A signature of the supervisor, with `extra` fields (a password). */
export const sign = (extra: Record<string, string> = {}) => ({
  AuditDataChangeESig: 'Sam Supervisor',
  AuditDataChangeReason: 'Reviewed',
  ...extra,
});

/** A refusal's status with its `{ Message, Code }`. */
export const errorOf = async (response: Response) => ({
  status: response.status,
  ...ApiErrorBodySchema.parse(await response.json()),
});

/** Creates a deviation: Severity and Status are audit-flagged, so creating one is signed. */
export function createDeviation(client: TestClient, audit: Record<string, string>) {
  return client.json('POST', 'api/v1/forms/103/records', {
    Values: { Title: 'Signing test', OccurredOn: '2026-03-04', Severity: 'Major', Status: 'Open' },
    Audit: audit,
  });
}

/** A new session of the supervisor on `server`. */
export async function newSupervisor(server: TestServer) {
  const client = new TestClient(() => server.url);
  await client.logon('supervisor');
  return client;
}
