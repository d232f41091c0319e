import { isLegalNameSignature } from '@procedo/client-api';
import { AppError } from '../../errors/app-error';
import { GateFullError, type WorkGate } from '../session/logon-gate';
import { verifyPassword } from '../session/password';
import type { AuthContext } from '../session/session-service';
import type { SecurityEventRecord, SecurityEventSource, SignatureFailureCause } from './signing-store';

/** Failed signature attempts in a row that block signing for the rest of the session. */
export const SIGNING_ATTEMPTS = 3;

/** The parts of a signature the server checks (the reason is checked by the wire schema). */
export interface Signature {
  AuditDataChangeESig: string;
  AuditDataChangePassword?: string | undefined;
}

/** What a signature is given for, and from where. */
export interface SignatureTarget {
  webTemplateNo: number;
  /** `null` for a record being created. */
  recordId: number | null;
  address: string;
}

/** One page of security events, newest first. */
export interface SecurityEventPage {
  items: SecurityEventRecord[];
  nextBeforeId: number | null;
}

/** Part 11 signing rules (docs/protocol.md "Signatures"): the signer's components, failed attempts, the block. */
export interface SigningService {
  /** Whether the first signing of a session also needs the password. */
  readonly requiresPassword: boolean;
  /**
   * Checks a signature before the write it signs; throws the refusal (and stores the failed attempt
   * as a security event) when it does not pass. Called only when the write needs a signature.
   */
  verify(auth: AuthContext, signature: Signature, target: SignatureTarget): Promise<void>;
  /** Security events, newest first; supervisors only (403 for others). */
  listEvents(
    auth: AuthContext,
    page: { beforeId?: number | undefined; limit: number },
  ): Promise<SecurityEventPage>;
}

const blockedError = () =>
  new AppError({
    status: 403,
    code: 'SIGNING_BLOCKED',
    message: `Signing is blocked for this session after ${SIGNING_ATTEMPTS} failed signature attempts. Your other work is not affected; sign in again to sign.`,
  });

/** Creates the {@link SigningService}; the password check shares the logon's hashing gate. */
export function createSigningService(options: {
  requiresPassword: boolean;
  now: () => number;
  /** The logon's gate: a signature's scrypt hash waits for a slot like a logon's. */
  hashing: WorkGate;
}): SigningService {
  const { requiresPassword, now, hashing } = options;

  async function checkPassword(auth: AuthContext, password: string, address: string): Promise<boolean> {
    try {
      // A signed-in user waits in the priority line: an anonymous logon flood does not hold up a signature.
      return await hashing.run(() => verifyPassword(password, auth.user.passwordHash), {
        key: address,
        priority: true,
      });
    } catch (error) {
      if (!(error instanceof GateFullError)) throw error;
      throw new AppError({
        status: 503,
        code: 'SERVER_BUSY',
        message: 'The server is busy checking passwords. Sign again in a moment; nothing was saved.',
      });
    }
  }

  async function fail(
    auth: AuthContext,
    source: SecurityEventSource,
    cause: SignatureFailureCause,
  ): Promise<never> {
    const state = await auth.database.stores.signing.recordFailure(source, cause, SIGNING_ATTEMPTS);
    if (state.blocked) throw blockedError();
    const left = SIGNING_ATTEMPTS - state.failures;
    const attempts = `${left} attempt${left === 1 ? '' : 's'} left before signing is blocked for this session.`;
    if (cause === 'legal_name') {
      throw new AppError({
        status: 403,
        code: 'AUDIT_SIGNATURE_MISMATCH',
        message: `The electronic signature does not match your legal name. ${attempts}`,
        issues: [
          {
            code: 'audit_signature_mismatch',
            path: ['Audit', 'AuditDataChangeESig'],
            message: 'Sign with your legal name.',
          },
        ],
      });
    }
    throw new AppError({
      status: 403,
      code: 'SIGNATURE_REJECTED',
      message: `The password is incorrect. ${attempts}`,
      issues: [
        {
          code: 'signature_rejected',
          path: ['Audit', 'AuditDataChangePassword'],
          message: 'The password is incorrect.',
        },
      ],
    });
  }

  return {
    requiresPassword,

    async verify(auth, signature, target) {
      const { signing } = auth.database.stores;
      const source: SecurityEventSource = {
        userId: auth.user.id,
        userName: auth.user.name,
        sessionId: auth.session.id,
        address: target.address,
        atUtc: new Date(now()).toISOString(),
        webTemplateNo: target.webTemplateNo,
        recordId: target.recordId,
      };
      const state = await signing.state(auth.session.id);
      if (state.blocked) {
        await signing.recordBlockedAttempt(source);
        throw blockedError();
      }
      if (!isLegalNameSignature(signature.AuditDataChangeESig, auth.user.legalName)) {
        return fail(auth, source, 'legal_name');
      }
      // 21 CFR 11.200(a)(1): the first signing of a session uses every component (name and
      // password); later ones in the same session need only the name. A logon, also the lock
      // screen's, starts a new session.
      const needsPassword = requiresPassword && !state.passwordGiven;
      if (needsPassword) {
        const password = signature.AuditDataChangePassword;
        if (password === undefined || password === '') {
          throw new AppError({
            status: 400,
            code: 'SIGNATURE_PASSWORD_REQUIRED',
            message: 'Enter your password to sign: the first signature of a session needs it.',
            issues: [
              {
                code: 'signature_password_required',
                path: ['Audit', 'AuditDataChangePassword'],
                message: 'Enter your password.',
              },
            ],
          });
        }
        if (!(await checkPassword(auth, password, target.address))) return fail(auth, source, 'password');
      }
      // No write for a plain signature with nothing to reset.
      if (needsPassword || state.failures > 0) await signing.recordSuccess(auth.session.id, needsPassword);
    },

    async listEvents(auth, { beforeId, limit }) {
      if (!auth.user.isSupervisor) {
        throw new AppError({
          status: 403,
          code: 'FORBIDDEN',
          message: 'Only supervisors may read the security events.',
        });
      }
      const rows = await auth.database.stores.signing.list({ beforeId, limit: limit + 1 });
      const items = rows.slice(0, limit);
      return { items, nextBeforeId: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
    },
  };
}
