import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { migrate, openSqlite, type SqliteDatabase } from '../../db/sqlite';
import { isAppError } from '../../errors/app-error';
import { createWorkGate } from '../session/logon-gate';
import type { AuthContext } from '../session/session-service';
import { createSigningService, SIGNING_ATTEMPTS } from './signing-service';
import { createSqliteSigningStore } from './signing-store';

// A real scrypt hash with a tiny cost, so a few hundred checks take no time (the format carries N, r, p).
const salt = randomBytes(16);
const cheapHash = (password: string) =>
  [
    'scrypt',
    2,
    1,
    1,
    salt.toString('base64url'),
    scryptSync(password.normalize('NFKC'), salt, 32, { N: 2, r: 1, p: 1 }).toString('base64url'),
  ].join('$');

type Attempt = 'right' | 'wrongName' | 'wrongPassword' | 'noPassword';
type Answer =
  | 'ok'
  | 'AUDIT_SIGNATURE_MISMATCH'
  | 'SIGNATURE_REJECTED'
  | 'SIGNATURE_PASSWORD_REQUIRED'
  | 'SIGNING_BLOCKED';

/** The rules of docs/protocol.md "Signatures", as a plain state machine. */
function model(attempts: readonly Attempt[], requiresPassword: boolean) {
  let failures = 0;
  let blocked = false;
  let passwordGiven = false;
  const answers: Answer[] = [];
  const events = { signature_failed: 0, signing_blocked: 0, blocked_attempt: 0 };
  const fail = (code: Answer) => {
    failures++;
    events.signature_failed++;
    if (failures >= SIGNING_ATTEMPTS) {
      blocked = true;
      events.signing_blocked++;
      return 'SIGNING_BLOCKED';
    }
    return code;
  };
  for (const attempt of attempts) {
    const needsPassword: boolean = requiresPassword && !passwordGiven;
    if (blocked) {
      events.blocked_attempt++;
      answers.push('SIGNING_BLOCKED');
    } else if (attempt === 'wrongName') answers.push(fail('AUDIT_SIGNATURE_MISMATCH'));
    else if (needsPassword && attempt === 'noPassword') answers.push('SIGNATURE_PASSWORD_REQUIRED');
    else if (needsPassword && attempt === 'wrongPassword') answers.push(fail('SIGNATURE_REJECTED'));
    else {
      failures = 0;
      passwordGiven ||= needsPassword;
      answers.push('ok');
    }
  }
  return { answers, events };
}

let dir: string;
let db: SqliteDatabase;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-signing-property-'));
  db = openSqlite(path.join(dir, 'p.sqlite'));
  migrate(db, MIGRATIONS);
});
afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('signing attempts', () => {
  it('answer every sequence of attempts as the rules say, and store one security event per failure, block and blocked attempt', async () => {
    const store = createSqliteSigningStore(db);
    const passwordHash = cheapHash('right password');
    let sessions = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Attempt>('right', 'wrongName', 'wrongPassword', 'noPassword'), {
          maxLength: 12,
        }),
        fc.boolean(),
        async (attempts, requiresPassword) => {
          const signing = createSigningService({
            requiresPassword,
            now: () => Date.UTC(2026, 0, 1),
            hashing: createWorkGate({ concurrency: 1, queue: 10 }),
          });
          const sessionId = `session-${++sessions}`;
          const auth = {
            database: { stores: { signing: store } },
            session: { id: sessionId },
            user: { id: 1, name: 'sam', legalName: 'Sam Supervisor', passwordHash, isSupervisor: true },
          } as unknown as AuthContext;
          const answers: Answer[] = [];
          for (const attempt of attempts) {
            const signature = {
              AuditDataChangeESig: attempt === 'wrongName' ? 'Olive Operator' : ' sam supervisor ',
              ...(attempt === 'noPassword'
                ? {}
                : { AuditDataChangePassword: attempt === 'wrongPassword' ? 'wrong' : 'right password' }),
            };
            try {
              await signing.verify(auth, signature, {
                webTemplateNo: 103,
                recordId: 7,
                address: '127.0.0.1',
              });
              answers.push('ok');
            } catch (error) {
              if (!isAppError(error)) throw error;
              answers.push(error.code as Answer);
            }
          }
          const expected = model(attempts, requiresPassword);
          expect(answers).toEqual(expected.answers);
          const stored = db
            .prepare<[string], { kind: keyof typeof expected.events; n: number }>(
              'SELECT kind, count(*) AS n FROM security_events WHERE session_id = ? GROUP BY kind',
            )
            .all(sessionId);
          const counted = { signature_failed: 0, signing_blocked: 0, blocked_attempt: 0 };
          for (const row of stored) counted[row.kind] = row.n;
          expect(counted).toEqual(expected.events);
        },
      ),
      { numRuns: 150 },
    );
  });
});
