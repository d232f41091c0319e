import type { FieldValues } from '@procedo/client-api';
import { writeEvents } from '../features/audit/audit-events';
import { indexFields } from '../features/records/entities';
import { recordWrites } from '../features/records/records-store.sqlite';
import type { SqliteDatabase } from './sqlite';

const DAY = 86_400_000;

/** A change a seeded record went through: when (days before the first start), who, what, signed or not. */
interface SeededChange {
  daysAgo: number;
  user: 'supervisor' | 'operator';
  values: FieldValues;
  /** The reason of a signed change (the signer is the user, with their legal name). */
  signedReason?: string;
}

/**
 * The demo's past (issue "Records through time"): a few suppliers and deviations changed over the
 * months before the first start, signed changes among them, so time travel and the audit trail
 * show real history from the first sign-in.
 */
const SUPPLIER_CHANGES: SeededChange[][] = [
  [
    { daysAgo: 150, user: 'operator', values: { Country: 'Austria', Phone: '+43155501234' } },
    {
      daysAgo: 90,
      user: 'supervisor',
      values: { Status: 'Conditional', Rating: 2, AuditNotes: 'Late deliveries in Q2.' },
    },
    {
      daysAgo: 30,
      user: 'supervisor',
      values: { Status: 'Approved', Rating: 4, AuditNotes: 'Deliveries back on time.' },
    },
  ],
  [
    {
      daysAgo: 120,
      user: 'supervisor',
      values: { Status: 'Blocked', AuditNotes: 'Failed the on-site audit.' },
    },
    {
      daysAgo: 7,
      user: 'supervisor',
      values: { Status: 'Conditional', AuditNotes: 'Corrective actions verified.' },
    },
  ],
  [
    {
      daysAgo: 60,
      user: 'operator',
      values: { Email: 'qa-team@renamed-supplier.example', IsPreferred: true },
    },
  ],
];

const DEVIATION_CHANGES: SeededChange[][] = [
  [
    {
      daysAgo: 140,
      user: 'supervisor',
      values: { Status: 'Investigating' },
      signedReason: 'Investigation opened after the batch review',
    },
    {
      daysAgo: 100,
      user: 'supervisor',
      values: { RootCause: 'Sensor drift in cold room 2.', CapaRequired: true },
      signedReason: 'Root cause confirmed by calibration records',
    },
    {
      daysAgo: 45,
      user: 'supervisor',
      values: { Status: 'Closed' },
      signedReason: 'CAPA verified effective',
    },
  ],
  [
    { daysAgo: 80, user: 'operator', values: { Description: 'Seen again on the night shift.' } },
    {
      daysAgo: 20,
      user: 'supervisor',
      values: { Severity: 'Critical', Status: 'Investigating' },
      signedReason: 'Product reached a customer',
    },
  ],
];

/** Seeds the history above once per database (`meta.history_seeded_at`), after the records. */
export function seedHistoryIfNeeded(db: SqliteDatabase, now: number): boolean {
  const isSeeded = () => db.prepare("SELECT 1 FROM meta WHERE key = 'history_seeded_at'").get() !== undefined;
  if (isSeeded()) return false;
  const { appendTx } = recordWrites(db);
  const users = new Map(
    (db.prepare('SELECT name, legal_name FROM users').all() as { name: string; legal_name: string }[]).map(
      (u) => [u.name, u.legal_name],
    ),
  );
  const firstOf = (entity: string, count: number) =>
    (
      db
        .prepare(
          'SELECT record_id AS id FROM records WHERE entity = ? AND is_deleted = 0 ORDER BY record_id LIMIT ?',
        )
        .all(entity, count) as { id: number }[]
    ).map((row) => row.id);
  const current = db.prepare<[number], { version: number; values_json: string }>(
    `SELECT v.version, v.values_json FROM records r JOIN record_versions v
       ON v.record_id = r.record_id AND v.version = r.current_version WHERE r.record_id = ?`,
  );
  const audited: Record<string, Set<string>> = {
    supplier: new Set(),
    deviation: new Set(['Severity', 'Status', 'RootCause', 'CapaRequired']),
  };

  return db.transaction(() => {
    if (isSeeded()) return false;
    const plan: [string, SeededChange[][]][] = [
      ['supplier', SUPPLIER_CHANGES],
      ['deviation', DEVIATION_CHANGES],
    ];
    for (const [entity, histories] of plan) {
      const ids = firstOf(entity, histories.length);
      histories.forEach((changes, index) => {
        const id = ids[index];
        if (id === undefined) return;
        for (const change of changes) {
          const row = current.get(id)!;
          const before = JSON.parse(row.values_json) as FieldValues;
          const after = { ...before, ...change.values };
          const legalName = users.get(change.user) ?? change.user;
          const signed = change.signedReason ? { signature: legalName, reason: change.signedReason } : null;
          const result = appendTx(id, row.version, {
            values: after,
            isDeleted: false,
            index: indexFields(entity, after),
            updatedBy: change.user,
            updatedAt: new Date(now - change.daysAgo * DAY).toISOString(),
            auditESig: signed?.signature ?? null,
            auditReason: signed?.reason ?? null,
            audit: writeEvents({
              before,
              after,
              isDeleted: false,
              user: { name: change.user, legalName },
              signed,
              audited: audited[entity]!,
            }),
          });
          if (!result.ok) throw new Error(`seeding the history of record ${id} failed: ${result.reason}`);
        }
      });
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('history_seeded_at', ?)").run(
      new Date(now).toISOString(),
    );
    return true;
  })();
}
