import type {
  SecurityEventKind,
  SecurityEventRecord,
  SignatureFailureCause,
  SigningState,
} from './signing-store';

/** The signing rows both engines read and their mapping. */

export interface EventRow {
  id: number;
  kind: SecurityEventKind;
  cause: SignatureFailureCause | null;
  user_id: number;
  user_name: string;
  session_id: string;
  address: string;
  at_utc: string;
  web_template_no: number;
  record_id: number | null;
}

export const NONE: SigningState = { passwordGiven: false, failures: 0, blocked: false };

export interface StateRow {
  password_given: number;
  failures: number;
  blocked: number;
}

export const toState = (row: StateRow): SigningState => ({
  passwordGiven: row.password_given === 1,
  failures: row.failures,
  blocked: row.blocked === 1,
});

export const toEvent = (row: EventRow): SecurityEventRecord => ({
  id: row.id,
  kind: row.kind,
  cause: row.cause,
  userId: row.user_id,
  userName: row.user_name,
  sessionId: row.session_id,
  address: row.address,
  atUtc: row.at_utc,
  webTemplateNo: row.web_template_no,
  recordId: row.record_id,
});
