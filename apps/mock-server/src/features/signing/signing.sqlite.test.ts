import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AuditTrailSchema, RecordSchema } from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../db/sqlite';
import { startSignedInServer, type TestServer } from '../../testing/harness';
import { createDeviation, errorOf, newSupervisor, SECRET, sign } from './signing-test-support';

// The SQLite half of signing.test.ts: the password is looked for in the bytes of the database
// file itself (every page, free ones too, after a WAL checkpoint), which only SQLite has.

describe('SignatureRequiresPassword on', () => {
  let server: TestServer;
  const log: Record<string, unknown>[] = [];
  const rawLog: string[] = [];
  beforeAll(async () => {
    ({ server } = await startSignedInServer({
      signatureRequiresPassword: true,
      logLevel: 'debug',
      logDestination: {
        write: (line: string) => {
          rawLog.push(line);
          log.push(JSON.parse(line));
        },
      },
    }));
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps the password out of the versions, the audit trail, the database and the log', async () => {
    const client = await newSupervisor(server);
    const created = await createDeviation(client, sign({ AuditDataChangePassword: SECRET }));
    expect((await errorOf(created)).Code).toBe('SIGNATURE_REJECTED');
    const saved = await createDeviation(client, sign({ AuditDataChangePassword: 'demo' }));
    const { Id } = RecordSchema.parse(await saved.json());
    const trail = AuditTrailSchema.parse(
      await (await client.fetch(`api/v1/forms/103/records/${Id}/audit`)).json(),
    );
    expect(trail.Items.find((event) => event.Signature !== null)).toMatchObject({
      Signature: 'Sam Supervisor',
      Reason: 'Reviewed',
    });
    expect(JSON.stringify(trail)).not.toMatch(/demo|Password/);
    const versions = await (await client.fetch(`api/v1/forms/103/records/${Id}/versions`)).text();
    expect(versions).not.toMatch(/demo|Password/);
    const db = openSqlite(path.join(server.dataDir, 'demo.sqlite'));
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    const file = await readFile(path.join(server.dataDir, 'demo.sqlite'));
    expect(file.includes(SECRET)).toBe(false);
    expect(rawLog.length).toBeGreaterThan(0);
    expect(rawLog.join('\n')).not.toContain(SECRET);
    expect(log.some((line) => line.msg === 'request')).toBe(true);
  });
});
