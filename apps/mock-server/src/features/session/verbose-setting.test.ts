import { SessionContextSchema } from '@procedo/client-api';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../testing/harness';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function contextOf(verboseErrors: boolean) {
  server = await startTestServer({ verboseErrors });
  const client = new TestClient(() => (server as TestServer).url);
  const logon = SessionContextSchema.parse(await (await client.logon('operator')).json());
  const read = SessionContextSchema.parse(await (await client.fetch('api/v1/session')).json());
  return { logon, read };
}

describe('the verbose-errors setting in the session context (spec §8 error window)', () => {
  it('tells the signed-in page VerboseErrors true when the server runs with PROCEDO_VERBOSE_ERRORS=1', async () => {
    const { logon, read } = await contextOf(true);
    expect(logon.VerboseErrors).toBe(true);
    expect(read.VerboseErrors).toBe(true);
  });

  it('tells it VerboseErrors false by default', async () => {
    const { logon, read } = await contextOf(false);
    expect(logon.VerboseErrors).toBe(false);
    expect(read.VerboseErrors).toBe(false);
  });
});
