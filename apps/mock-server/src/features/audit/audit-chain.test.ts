import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AuditEventContent,
  hashAuditEvent,
  type StoredAuditEvent,
  verifyAuditChain,
} from './audit-chain';

function chain(contents: Omit<AuditEventContent, 'seq' | 'prevHash'>[]): StoredAuditEvent[] {
  const events: StoredAuditEvent[] = [];
  let prevHash = '';
  contents.forEach((content, index) => {
    const full = { ...content, seq: index + 1, prevHash };
    const hash = hashAuditEvent(full);
    events.push({ ...full, hash });
    prevHash = hash;
  });
  return events;
}

const content = fc.record({
  recordId: fc.constant(7),
  entity: fc.constant('supplier'),
  versionHash: fc.string({ minLength: 64, maxLength: 64 }),
  kind: fc.constantFrom('create' as const, 'update' as const, 'delete' as const, 'sign' as const),
  version: fc.integer({ min: 1, max: 1000 }),
  userName: fc.string({ maxLength: 10 }),
  legalName: fc.string({ maxLength: 10 }),
  atUtc: fc.integer({ min: 0, max: 4e12 }).map((ms) => new Date(ms).toISOString()),
  changes: fc.array(
    fc.record({ Name: fc.string({ maxLength: 5 }), Old: fc.jsonValue(), New: fc.jsonValue() }),
    {
      maxLength: 3,
    },
  ),
  reason: fc.option(fc.string({ maxLength: 10 })),
  signature: fc.option(fc.string({ maxLength: 10 })),
});

const sliced =
  (events: StoredAuditEvent[], size = 3) =>
  async (afterSeq: number) =>
    events.filter((e) => e.seq > afterSeq).slice(0, size);

describe('the audit hash chain', () => {
  it('hashes the same content the same whatever the key order', () => {
    const [event] = chain([
      {
        recordId: 1,
        entity: 'supplier',
        versionHash: 'a'.repeat(64),
        kind: 'update',
        version: 2,
        userName: 'u',
        legalName: 'U',
        atUtc: '2026-01-01T00:00:00.000Z',
        changes: [{ Name: 'A', Old: { x: 1, y: 2 }, New: null }],
        reason: 'r',
        signature: 'U',
      },
    ]);
    const { hash, ...rest } = event!;
    const shuffled = Object.fromEntries(Object.entries(rest).reverse()) as unknown as AuditEventContent;
    shuffled.changes = [{ Name: 'A', Old: { y: 2, x: 1 }, New: null }];
    expect(hashAuditEvent(shuffled)).toBe(hash);
  });

  it('verifies an untouched chain, and finds the first altered, removed or reordered event', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(content, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.constantFrom('alter', 'remove', 'swap', 'rehash'),
        async (contents, at, tamper) => {
          const events = chain(contents);
          expect(await verifyAuditChain(sliced(events))).toEqual({
            intact: true,
            firstBadSeq: null,
            events: events.length,
          });
          const i = at % events.length;
          const copy = events.map((e) => ({ ...e }));
          if (tamper === 'alter') copy[i]!.reason = `${copy[i]!.reason ?? ''}!`;
          if (tamper === 'remove') copy.splice(i, 1);
          if (tamper === 'swap') {
            if (events.length < 2) return;
            const j = (i + 1) % events.length;
            [copy[i], copy[j]] = [copy[j]!, copy[i]!];
          }
          // Altered and re-hashed: the next event's link breaks instead.
          if (tamper === 'rehash') {
            if (i === events.length - 1) return;
            copy[i]!.userName = `${copy[i]!.userName}x`;
            const { hash: _old, ...rest } = copy[i]!;
            copy[i]!.hash = hashAuditEvent(rest);
          }
          if (tamper === 'remove' && i === events.length - 1) {
            // Removing the newest event leaves a shorter chain that is intact in itself; the
            // store's per-record event count (and the record's versions) catch that case.
            expect((await verifyAuditChain(sliced(copy))).intact).toBe(true);
            return;
          }
          const result = await verifyAuditChain(sliced(copy));
          expect(result.intact).toBe(false);
          const expected =
            tamper === 'rehash'
              ? i + 2
              : Math.min(...(tamper === 'swap' ? [i, (i + 1) % events.length] : [i])) + 1;
          expect(result.firstBadSeq).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
