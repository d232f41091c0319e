import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openParityDatabases, type ParityDatabases } from '../../testing/parity';
import { verifyAuditChain } from './audit-chain';
import { writeEvents } from './audit-events';
import type { AuditedVersion } from './audit-rows';
import { type AuditStore, auditWriter, createSqliteAuditStore } from './audit-store';
import { appendPgAuditEvents, createPgAuditStore } from './audit-store.pg';

let both: ParityDatabases;
let sqlite: AuditStore;
let pg: AuditStore;
let audited: number[];
beforeAll(async () => {
  both = await openParityDatabases();
  sqlite = createSqliteAuditStore(both.sqlite);
  pg = createPgAuditStore(both.pg);
  audited = both.sqlite
    .prepare<[], { id: number }>('SELECT DISTINCT record_id AS id FROM audit_events ORDER BY record_id')
    .all()
    .map(({ id }) => id);
});
afterAll(() => both?.close());

// Small slices, so a chain is verified across several reads.
const verify = (store: AuditStore, recordId: number) =>
  verifyAuditChain(async (afterSeq) =>
    (await store.slice(recordId, afterSeq, 3)).map(({ stored: _, ...event }) => event),
  );

/** A version with its events, as a write through a record form makes them. */
const version = (recordId: number, n: number, userName: string, signed: boolean): AuditedVersion => ({
  recordId,
  version: 100 + n,
  entity: 'supplier',
  isDeleted: false,
  values: { Name: `Name ${n}`, Status: n % 2 ? 'Active' : 'Blocked' },
  atUtc: new Date(Date.UTC(2030, 0, 1) + n * 1000).toISOString(),
  events: writeEvents({
    before: { Name: `Name ${n - 1}` },
    after: { Name: `Name ${n}`, Status: 'Ünïcode ✓' },
    isDeleted: false,
    user: { name: userName, legalName: `Legal ${userName}` },
    signed: signed ? { signature: `Legal ${userName}`, reason: 'Approved' } : null,
    audited: new Set(['Name']),
  }),
});

describe('the audit store on PostgreSQL', () => {
  it('reads every seeded chain, slice, newest and newest signed event as SQLite does', async () => {
    expect(audited.length).toBeGreaterThan(2);
    for (const recordId of [...audited, 999_999]) {
      expect(await pg.list(recordId, { afterSeq: 0, limit: 1000 })).toEqual(
        await sqlite.list(recordId, { afterSeq: 0, limit: 1000 }),
      );
      expect(await pg.list(recordId, { afterSeq: 1, limit: 2 })).toEqual(
        await sqlite.list(recordId, { afterSeq: 1, limit: 2 }),
      );
      expect(await pg.slice(recordId, 0, 1000)).toEqual(await sqlite.slice(recordId, 0, 1000));
      expect(await pg.last(recordId)).toEqual(await sqlite.last(recordId));
      expect(await pg.lastSigned(recordId)).toEqual(await sqlite.lastSigned(recordId));
      const events = await sqlite.list(recordId, { afterSeq: 0, limit: 1000 });
      for (const event of events) {
        expect(await pg.list(recordId, { afterSeq: 0, limit: 1000, atIso: event.atUtc })).toEqual(
          await sqlite.list(recordId, { afterSeq: 0, limit: 1000, atIso: event.atUtc }),
        );
        expect(await pg.lastSigned(recordId, event.atUtc)).toEqual(
          await sqlite.lastSigned(recordId, event.atUtc),
        );
      }
    }
  });

  it('verifies the seeded chains with the same hashes as SQLite', async () => {
    for (const recordId of audited) {
      const result = await verify(pg, recordId);
      expect(result).toEqual(await verify(sqlite, recordId));
      expect(result.intact).toBe(true);
    }
  });

  it('answers every audit search as SQLite does, page after page', async () => {
    const all = await sqlite.search({ limit: 10_000 });
    expect(all.length).toBeGreaterThan(5);
    const users = [...new Set(all.map((event) => event.userName))];
    const entities = [...new Set(all.map((event) => event.entity))];
    const middle = all[Math.floor(all.length / 2)]!;
    const searches: Parameters<AuditStore['search']>[0][] = [
      { limit: 10_000 },
      { limit: 3 },
      { limit: 3, before: { atUtc: middle.atUtc, recordId: middle.recordId, seq: middle.seq } },
      ...users.flatMap((user) => [
        { userName: user, limit: 100 },
        { userName: user.toUpperCase(), limit: 100 },
      ]),
      { entities: [], limit: 100 },
      { entities, limit: 100 },
      { entities: [entities[0]!], limit: 100 },
      { fromIso: middle.atUtc, limit: 100 },
      { toIso: middle.atUtc, limit: 100 },
      { fromIso: middle.atUtc, toIso: middle.atUtc, entities, userName: middle.userName, limit: 100 },
    ];
    for (const search of searches)
      expect(await pg.search(search), JSON.stringify(search)).toEqual(await sqlite.search(search));
    // Keyset paging walks the same events in the same order.
    for (const store of [sqlite, pg]) {
      const walked = [];
      let before: { atUtc: string; recordId: number; seq: number } | undefined;
      for (;;) {
        const page = await store.search({ limit: 4, ...(before ? { before } : {}) });
        walked.push(...page);
        const last = page.at(-1);
        if (!last) break;
        before = { atUtc: last.atUtc, recordId: last.recordId, seq: last.seq };
      }
      expect(walked).toEqual(all);
    }
  });

  it('matches a user name ignoring ASCII case only, as SQLite NOCASE does', async () => {
    const recordId = audited[0]!;
    const write = auditWriter(both.sqlite);
    write(version(recordId, 1, 'Ärger', false));
    await both.pg.transaction((tx) => appendPgAuditEvents(tx, version(recordId, 1, 'Ärger', false)));
    for (const userName of ['ärger', 'ÄRGER', 'Ärger', 'äRGER'])
      expect(await pg.search({ userName, limit: 10 })).toEqual(await sqlite.search({ userName, limit: 10 }));
    expect(await pg.search({ userName: 'ärger', limit: 10 })).toEqual([]);
    expect((await pg.search({ userName: 'äRGER', limit: 10 })).length).toBe(0);
    expect((await pg.search({ userName: 'ÄRGER', limit: 10 })).length).toBe(1);
  });

  it('chains appended events with the same seqs and hashes as SQLite, for any sequence of writes', async () => {
    const write = auditWriter(both.sqlite);
    const recordIds = audited.slice(1, 3);
    let n = 10;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            record: fc.constantFrom(...recordIds),
            signed: fc.boolean(),
            user: fc.constantFrom('demo', 'Supervisor'),
          }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        async (writes) => {
          for (const { record, signed, user } of writes) {
            const next = version(record, n++, user, signed);
            write(next);
            await both.pg.transaction((tx) => appendPgAuditEvents(tx, next));
          }
          for (const recordId of recordIds) {
            expect(await pg.list(recordId, { afterSeq: 0, limit: 1000 })).toEqual(
              await sqlite.list(recordId, { afterSeq: 0, limit: 1000 }),
            );
            expect(await verify(pg, recordId)).toEqual(await verify(sqlite, recordId));
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('finds a changed event in the chain at the same seq on both engines', async () => {
    const recordId = audited[0]!;
    // The append-only trigger refuses UPDATE; a tamperer with the owner's rights drops it first.
    const triggers = both.sqlite
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_events'",
      )
      .all();
    for (const { name } of triggers) both.sqlite.exec(`DROP TRIGGER ${name}`);
    both.sqlite
      .prepare("UPDATE audit_events SET reason = 'forged' WHERE record_id = ? AND seq = 2")
      .run(recordId);
    await both.pg.run('ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only');
    await both.pg.run("UPDATE audit_events SET reason = 'forged' WHERE record_id = $1 AND seq = 2", [
      recordId,
    ]);
    const result = await verify(pg, recordId);
    expect(result).toEqual(await verify(sqlite, recordId));
    expect(result).toMatchObject({ intact: false, firstBadSeq: 2 });
  });

  it('keeps one chain when two writers append to the same record at once', async () => {
    const recordId = audited.at(-1)!;
    const before = (await pg.last(recordId))!;
    await Promise.all(
      [1, 2].map((i) =>
        both.pg.transaction((tx) => appendPgAuditEvents(tx, version(recordId, 1000 + i, 'demo', true))),
      ),
    );
    const after = await pg.list(recordId, { afterSeq: before.seq, limit: 100 });
    expect(after.map((event) => event.seq)).toEqual([1, 2, 3, 4].map((i) => before.seq + i));
    expect(await verify(pg, recordId)).toMatchObject({ intact: true, firstBadSeq: null });
  });
});
