import type { PgDatabase, PgExecutor } from '../../db/pg';
import { type EventRow, NONE, type StateRow, toEvent, toState } from './signing-rows';
import type {
  SecurityEventKind,
  SecurityEventSource,
  SignatureFailureCause,
  SigningStore,
} from './signing-store';

const STATE = 'SELECT password_given, failures, blocked FROM signing_sessions WHERE session_id = $1';

const addEvent = (
  tx: PgExecutor,
  kind: SecurityEventKind,
  cause: SignatureFailureCause | null,
  s: SecurityEventSource,
) =>
  tx.run(
    `INSERT INTO security_events (kind, cause, user_id, user_name, session_id, address, at_utc, web_template_no, record_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [kind, cause, s.userId, s.userName, s.sessionId, s.address, s.atUtc, s.webTemplateNo, s.recordId],
  );

/** {@link SigningStore} on PostgreSQL (flags are 0/1 integers, as on SQLite). */
export function createPgSigningStore(db: PgDatabase): SigningStore {
  return {
    async state(sessionId) {
      const row = await db.one<StateRow>(STATE, [sessionId]);
      return row ? toState(row) : NONE;
    },
    recordFailure(source, cause, blockAt) {
      return db.transaction(async (tx) => {
        const before = await tx.one<StateRow>(STATE, [source.sessionId]);
        const row = (await tx.one<StateRow>(
          `INSERT INTO signing_sessions (session_id, failures, blocked)
           VALUES ($1, 1, CASE WHEN $2::bigint <= 1 THEN 1 ELSE 0 END)
           ON CONFLICT (session_id) DO UPDATE SET failures = signing_sessions.failures + 1,
             blocked = CASE WHEN signing_sessions.blocked = 1 OR signing_sessions.failures + 1 >= $2::bigint
                       THEN 1 ELSE 0 END
           RETURNING failures, blocked, password_given`,
          [source.sessionId, blockAt],
        ))!;
        await addEvent(tx, 'signature_failed', cause, source);
        if (row.blocked === 1 && before?.blocked !== 1) await addEvent(tx, 'signing_blocked', null, source);
        return toState(row);
      });
    },
    async recordBlockedAttempt(source) {
      await addEvent(db, 'blocked_attempt', null, source);
    },
    async recordSuccess(sessionId, passwordGiven) {
      await db.run(
        `INSERT INTO signing_sessions (session_id, password_given) VALUES ($1, $2)
         ON CONFLICT (session_id) DO UPDATE SET
           failures = CASE WHEN signing_sessions.blocked = 1 THEN signing_sessions.failures ELSE 0 END,
           password_given = CASE WHEN signing_sessions.password_given = 1 OR $2::bigint = 1 THEN 1 ELSE 0 END`,
        [sessionId, passwordGiven ? 1 : 0],
      );
    },
    async list({ beforeId, limit }) {
      const rows =
        beforeId === undefined
          ? await db.many<EventRow>('SELECT * FROM security_events ORDER BY id DESC LIMIT $1', [limit])
          : await db.many<EventRow>('SELECT * FROM security_events WHERE id < $1 ORDER BY id DESC LIMIT $2', [
              beforeId,
              limit,
            ]);
      return rows.map(toEvent);
    },
  };
}
