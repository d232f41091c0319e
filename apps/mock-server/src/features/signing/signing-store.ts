import { createWriter, type SqliteDatabase, type SqliteWriter } from '../../db/sqlite';
import { type EventRow, NONE, type StateRow, toEvent, toState } from './signing-rows';

/** What signing knows of one session. */
export interface SigningState {
  /** The session's password was given with a signature. */
  passwordGiven: boolean;
  /** Failed signature attempts in a row. */
  failures: number;
  blocked: boolean;
}

export type SecurityEventKind = 'signature_failed' | 'signing_blocked' | 'blocked_attempt';
export type SignatureFailureCause = 'legal_name' | 'password';

/** A security event as stored (append-only). */
export interface SecurityEventRecord {
  id: number;
  kind: SecurityEventKind;
  cause: SignatureFailureCause | null;
  userId: number;
  userName: string;
  sessionId: string;
  address: string;
  atUtc: string;
  webTemplateNo: number;
  recordId: number | null;
}

/** Where and by whom a signature was attempted. */
export type SecurityEventSource = Omit<SecurityEventRecord, 'id' | 'kind' | 'cause'>;

/** Signing state per session and the security events of one database. */
export interface SigningStore {
  state(sessionId: string): Promise<SigningState>;
  /**
   * Counts a failed attempt and stores its event; the `blockAt`-th failure in a row also blocks
   * the session and stores a `signing_blocked` event. One transaction.
   */
  recordFailure(
    source: SecurityEventSource,
    cause: SignatureFailureCause,
    blockAt: number,
  ): Promise<SigningState>;
  /** Stores a `blocked_attempt` event. */
  recordBlockedAttempt(source: SecurityEventSource): Promise<void>;
  /** A signature passed: the count starts again (unless blocked meanwhile); the password is noted. */
  recordSuccess(sessionId: string, passwordGiven: boolean): Promise<void>;
  /** Events newest first, older than `beforeId` when given. */
  list(page: { beforeId?: number | undefined; limit: number }): Promise<SecurityEventRecord[]>;
}

/** {@link SigningStore} on SQLite. */
export function createSqliteSigningStore(
  db: SqliteDatabase,
  write: SqliteWriter = createWriter(db),
): SigningStore {
  const stateOf = db.prepare<[string], StateRow>(
    'SELECT password_given, failures, blocked FROM signing_sessions WHERE session_id = ?',
  );
  const fail = db.prepare<[{ id: string; blockAt: number }], StateRow>(
    `INSERT INTO signing_sessions (session_id, failures, blocked) VALUES (@id, 1, @blockAt <= 1)
     ON CONFLICT (session_id) DO UPDATE SET failures = failures + 1, blocked = blocked OR failures + 1 >= @blockAt
     RETURNING failures, blocked, password_given`,
  );
  const succeed = db.prepare<[{ id: string; password: number }]>(
    `INSERT INTO signing_sessions (session_id, password_given) VALUES (@id, @password)
     ON CONFLICT (session_id) DO UPDATE SET failures = CASE WHEN blocked THEN failures ELSE 0 END,
       password_given = password_given OR @password`,
  );
  const insertEvent = db.prepare<
    [
      SecurityEventKind,
      SignatureFailureCause | null,
      number,
      string,
      string,
      string,
      string,
      number,
      number | null,
    ]
  >(
    `INSERT INTO security_events (kind, cause, user_id, user_name, session_id, address, at_utc, web_template_no, record_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const newest = db.prepare<[number], EventRow>('SELECT * FROM security_events ORDER BY id DESC LIMIT ?');
  const older = db.prepare<[number, number], EventRow>(
    'SELECT * FROM security_events WHERE id < ? ORDER BY id DESC LIMIT ?',
  );

  const addEvent = (kind: SecurityEventKind, cause: SignatureFailureCause | null, s: SecurityEventSource) =>
    insertEvent.run(
      kind,
      cause,
      s.userId,
      s.userName,
      s.sessionId,
      s.address,
      s.atUtc,
      s.webTemplateNo,
      s.recordId,
    );

  return {
    async state(sessionId) {
      const row = stateOf.get(sessionId);
      return row ? toState(row) : NONE;
    },
    recordFailure(source, cause, blockAt) {
      return write(() => {
        const before = stateOf.get(source.sessionId);
        const row = fail.get({ id: source.sessionId, blockAt })!;
        addEvent('signature_failed', cause, source);
        if (row.blocked === 1 && before?.blocked !== 1) addEvent('signing_blocked', null, source);
        return toState(row);
      });
    },
    async recordBlockedAttempt(source) {
      await write(() => addEvent('blocked_attempt', null, source));
    },
    async recordSuccess(sessionId, passwordGiven) {
      await write(() => succeed.run({ id: sessionId, password: passwordGiven ? 1 : 0 }));
    },
    async list({ beforeId, limit }) {
      const rows = beforeId === undefined ? newest.all(limit) : older.all(beforeId, limit);
      return rows.map(toEvent);
    },
  };
}
