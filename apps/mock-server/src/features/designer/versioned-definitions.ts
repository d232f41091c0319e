import type { ApiIssue } from '@procedo/client-api';
import type { DefinitionDiff, DefinitionVersionList } from '@procedo/client-api/designer';
import type { DatabaseEntry } from '../../db/catalog';
import { AppError } from '../../errors/app-error';
import { notFound, validationFailure } from '../forms/form-errors';
import type { AuthContext } from '../session/session-service';
import type { PublishVersionResult, StoredVersion, VersionReads, VersionSummary } from './version-table';

/** Who published a version, when and why, as the wire carries it. */
export interface VersionStamp {
  Version: number;
  PublishedAt: string;
  PublishedBy: string;
  ChangeNote: string;
}

/** One change of a diff: the form and command designers' by default. */
type Change = DefinitionDiff['Changes'][number];

/** What the designers' services share about one kind of versioned definition. */
export interface DefinitionKind<Definition, V extends StoredVersion, C = Change> {
  /** How messages name one ('form', 'process command'). */
  noun: string;
  /** How the conflict message names the one being published ('form', 'command'). */
  conflictNoun: string;
  store(database: DatabaseEntry): VersionReads<V>;
  /** A stored version as this server reads it; one it cannot read is a server fault (500, logged). */
  parse(database: DatabaseEntry, stored: V): Definition;
  diff(from: Definition, to: Definition): C[];
}

/** The reads and publish steps every kind of versioned definition has. */
export interface VersionedDefinitions<Definition, V extends StoredVersion, C = Change> {
  /** The kind's {@link DefinitionKind.parse}. */
  parse(database: DatabaseEntry, stored: V): Definition;
  /** A version (the latest without `version`); 404 naming the definition or the version. */
  stored(database: DatabaseEntry, key: number, version?: number): Promise<V>;
  versions(auth: AuthContext, key: number): Promise<DefinitionVersionList>;
  diff(
    auth: AuthContext,
    key: number,
    from: number,
    to: number,
  ): Promise<Omit<DefinitionDiff, 'Changes'> & { Changes: C[] }>;
  /**
   * The first steps of a publish: the draft's own problems (400 `VALIDATION`, `issuesOf` the
   * version it replaces) — the designer fixes them whoever published meanwhile — then a stale
   * base (409 `CONFLICT`). Nothing is stored by either.
   */
  checkDraft(
    auth: AuthContext,
    key: number,
    baseVersion: number,
    issuesOf: (current: Definition) => ApiIssue[] | Promise<ApiIssue[]>,
  ): Promise<{ latest: V; current: Definition }>;
  /** The error of a store's refusal found inside the write. */
  refusal(key: number, result: Exclude<PublishVersionResult, { ok: true }>): AppError;
  conflict(currentVersion: number): AppError;
}

/** A version's stamp. */
export const stampOf = (version: VersionSummary): VersionStamp => ({
  Version: version.version,
  PublishedAt: version.publishedAt,
  PublishedBy: version.publishedBy,
  ChangeNote: version.changeNote,
});

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Creates the {@link VersionedDefinitions} of one kind. */
export function createVersionedDefinitions<Definition, V extends StoredVersion, C = Change>(
  kind: DefinitionKind<Definition, V, C>,
): VersionedDefinitions<Definition, V, C> {
  const unknown = (key: number) => notFound(`Unknown ${kind.noun} ${key}`);

  const conflict = (currentVersion: number) =>
    new AppError({
      status: 409,
      code: 'CONFLICT',
      message: `Another designer published version ${currentVersion} of this ${kind.conflictNoun} first: nothing was stored. Open it and apply your changes again.`,
      extra: { CurrentVersion: currentVersion },
    });

  async function stored(database: DatabaseEntry, key: number, version?: number): Promise<V> {
    const store = kind.store(database);
    const found = version === undefined ? await store.latest(key) : await store.get(key, version);
    if (found) return found;
    if (version === undefined || !(await store.latest(key))) throw unknown(key);
    throw notFound(`${capitalised(kind.noun)} ${key} has no version ${version}`);
  }

  return {
    parse: kind.parse,
    stored,

    async versions(auth, key) {
      const items = await kind.store(auth.database).list(key);
      if (items.length === 0) throw unknown(key);
      return { Items: items.map(stampOf) };
    },

    async diff(auth, key, from, to) {
      const a = kind.parse(auth.database, await stored(auth.database, key, from));
      const b = kind.parse(auth.database, await stored(auth.database, key, to));
      return { From: from, To: to, Changes: kind.diff(a, b) };
    },

    async checkDraft(auth, key, baseVersion, issuesOf) {
      const latest = await stored(auth.database, key);
      const current = kind.parse(auth.database, latest);
      const issues = await issuesOf(current);
      if (issues.length > 0) throw validationFailure(issues);
      if (latest.version !== baseVersion) throw conflict(latest.version);
      return { latest, current };
    },

    refusal(key, result) {
      return result.reason === 'missing' ? unknown(key) : conflict(result.currentVersion);
    },

    conflict,
  };
}
