import type { Role } from '@procedo/client-api';
import type { PgDatabase, PgExecutor } from '../../db/pg';
import { DEFAULT_LANGUAGES } from './languages';
import {
  type AccountRow,
  type AuditRow,
  accountSelect,
  escapeLike,
  planUserChange,
  toAccount,
  toAuditEvent,
} from './users-rows';
import type { UserChangeReads, UsersAdminStore } from './users-store';

const ACCOUNT_SELECT = accountSelect(
  "(SELECT string_agg(role, ',' ORDER BY role) FROM user_roles r WHERE r.user_id = u.id)",
);

/** The columns the list's text is looked for in. */
const TEXT_COLUMNS = [
  'u.name',
  'u.legal_name',
  'u.email_business',
  'u.email_private',
  'u.department',
  'u.region',
  'u.job_title',
];

/** SQLite's NOCASE of a parameter: ASCII letters folded ("C" keeps lower() to ASCII, as NOCASE). */
const nocase = (param: string) => `lower(${param}::text COLLATE "C")`;

const find = async (tx: PgExecutor, id: number) => {
  const row = await tx.one<AccountRow>(`${ACCOUNT_SELECT} WHERE u.id = $1`, [id]);
  return row ? toAccount(row) : null;
};

const readLanguages = async (tx: PgExecutor): Promise<string[]> => {
  const codes = (await tx.many<{ code: string }>('SELECT code FROM languages ORDER BY code')).map(
    (row) => row.code,
  );
  return codes.length > 0 ? codes : [...DEFAULT_LANGUAGES];
};

/** A read of {@link UserChangeReads} whose answer is not loaded yet (see {@link withReads}). */
class Unanswered {
  constructor(
    readonly key: string,
    readonly load: () => Promise<unknown>,
  ) {}
}

/**
 * Runs `work` — a service's synchronous rule, which asks {@link UserChangeReads} inside the write
 * transaction — on PostgreSQL, whose reads are asynchronous: a read not answered yet stops `work`
 * (it throws {@link Unanswered}), the store loads that one answer in `tx` and runs `work` again
 * from the start with every answer so far. The rules are pure (a transaction retry reruns them
 * too), so the last run sees exactly the answers one pass with synchronous reads would, and each
 * answer is one indexed query, as on SQLite.
 */
async function withReads<T>(tx: PgExecutor, work: (reads: UserChangeReads) => T): Promise<T> {
  const answers = new Map<string, unknown>();
  const ask = <V>(key: string, load: () => Promise<V>): V => {
    if (answers.has(key)) return answers.get(key) as V;
    throw new Unanswered(key, load);
  };
  const reads: UserChangeReads = {
    profileExists: (id) =>
      ask(
        `profile ${id}`,
        async () => (await tx.one('SELECT id FROM profiles WHERE id = $1', [id])) !== undefined,
      ),
    nameTaken(name, exceptId) {
      const owner = ask(
        `name ${name}`,
        async () =>
          (await tx.one<{ id: number }>(`SELECT id FROM users WHERE lower(name) = ${nocase('$1')}`, [name]))
            ?.id ?? null,
      );
      return owner !== null && owner !== exceptId;
    },
    enabledWith: (role: Role) =>
      ask(`role ${role}`, async () =>
        (
          await tx.many<{ id: number }>(
            `SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id
             WHERE r.role = $1 AND u.is_disabled = 0 ORDER BY u.id`,
            [role],
          )
        ).map((row) => row.id),
      ),
    languages: () => ask('languages', () => readLanguages(tx)),
  };
  for (;;) {
    try {
      return work(reads);
    } catch (error) {
      if (!(error instanceof Unanswered)) throw error;
      answers.set(error.key, await error.load());
    }
  }
}

const insertAudit = (
  tx: PgExecutor,
  userId: number,
  audit: { field: string; oldValue: string; newValue: string },
  actor: { id: number; name: string },
  atUtc: string,
) =>
  tx.run(
    `INSERT INTO user_audit_events (user_id, field, old_value, new_value, changed_by_id, changed_by_name, at_utc)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [userId, audit.field, audit.oldValue, audit.newValue, actor.id, actor.name, atUtc],
  );

const insertRoles = async (tx: PgExecutor, userId: number, roles: readonly Role[]) => {
  for (const role of roles)
    await tx.run('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [userId, role]);
};

/**
 * {@link UsersAdminStore} on PostgreSQL. Changes run SERIALIZABLE: a change and the checks its
 * rules make (version, unique name, last user administrator) cannot interleave with another
 * server's; the loser is retried and sees the winner's result.
 */
export function createPgUsersAdminStore(db: PgDatabase): UsersAdminStore {
  return {
    async list({ text, after, limit }) {
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      if (after) {
        const name = nocase(param(after.name));
        where.push(`(lower(u.name) > ${name} OR (lower(u.name) = ${name} AND u.id > ${param(after.id)}))`);
      }
      if (text) {
        // SQLite's LIKE ignores the case of ASCII letters only; so does lower() under "C".
        const like = nocase(param(`%${escapeLike(text)}%`));
        where.push(`(${TEXT_COLUMNS.map((c) => `lower(${c}) LIKE ${like} ESCAPE '\\'`).join(' OR ')})`);
      }
      const sql = `${ACCOUNT_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY lower(u.name), u.id LIMIT ${param(limit)}`;
      return (await db.many<AccountRow>(sql, params)).map(toAccount);
    },

    findById(id) {
      return find(db, id);
    },

    async history(userId) {
      const rows = await db.many<AuditRow>(
        `SELECT id, user_id, field, old_value, new_value, changed_by_name, at_utc
         FROM user_audit_events WHERE user_id = $1 ORDER BY id DESC`,
        [userId],
      );
      return rows.map(toAuditEvent);
    },

    profiles() {
      return db.many<{ id: number; name: string }>('SELECT id, name FROM profiles ORDER BY name');
    },

    languages() {
      return readLanguages(db);
    },

    change(id, decide, actor, atUtc) {
      return db.transaction(async (tx) => {
        const current = await find(tx, id);
        if (!current) return null;
        const { update, endSessions = false } = await withReads(tx, (reads) => decide(current, reads));
        const plan = planUserChange(current, update);
        for (const audit of plan.audits) await insertAudit(tx, id, audit, actor, atUtc);
        if (plan.roles) {
          await tx.run('DELETE FROM user_roles WHERE user_id = $1', [id]);
          await insertRoles(tx, id, plan.roles);
        }
        if (plan.audits.length > 0) {
          const sets = [
            ...plan.columns.map(({ column }, i) => `${column} = $${i + 1}`),
            'row_version = row_version + 1',
          ];
          await tx.run(`UPDATE users SET ${sets.join(', ')} WHERE id = $${plan.columns.length + 1}`, [
            ...plan.columns.map(({ value }) => value),
            id,
          ]);
        }
        if (endSessions) await tx.run('DELETE FROM sessions WHERE user_id = $1', [id]);
        return find(tx, id);
      });
    },

    create(user, check, actor, atUtc) {
      return db.transaction(async (tx) => {
        await withReads(tx, check);
        const { next } = (await tx.one<{ next: number }>(
          'SELECT coalesce(max(preference_id), 100) + 1 AS next FROM users',
        ))!;
        const { id } = (await tx.one<{ id: number }>(
          `INSERT INTO users (name, legal_name, password_hash, profile_id, is_supervisor, preference_id, pref_ui,
             pref_language, department, region, mobile_tel, email_business, email_private, job_title)
           VALUES ($1, $2, $3, $4, $5, $6, 'modern', $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
          [
            user.name,
            user.legalName,
            user.passwordHash,
            user.profileId,
            user.isSupervisor ? 1 : 0,
            next,
            user.language,
            user.department,
            user.region,
            user.mobileTel,
            user.emailBusiness,
            user.emailPrivate,
            user.jobTitle,
          ],
        ))!;
        await insertRoles(tx, id, user.roles);
        await insertAudit(tx, id, { field: 'created', oldValue: '', newValue: user.name }, actor, atUtc);
        return (await find(tx, id))!;
      });
    },
  };
}
