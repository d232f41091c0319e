import type { DefinitionAuditPage } from '@procedo/client-api/designer';
import { readCursor, writeCursor } from '../../http/keyset-cursor';
import type { AuthContext } from '../session/session-service';
import {
  type ChangePosition,
  DEFINITION_KINDS,
  type DefinitionChange,
  type DefinitionKindName,
} from './definition-changes-store';

/** A page of the definitions' audit trail. The caller has checked the `design` role. */
export interface DefinitionChangesService {
  list(
    auth: AuthContext,
    query: { kind: DefinitionKindName | null; cursor: string | null; limit: number },
  ): Promise<DefinitionAuditPage>;
}

const isKind = (value: unknown): value is DefinitionKindName =>
  (DEFINITION_KINDS as readonly unknown[]).includes(value);

/** The keyset position after a change. */
const cursorOf = (change: ChangePosition) =>
  writeCursor([change.publishedAt, change.kind, change.key, change.version]);

const readPosition = (cursor: string) =>
  readCursor(cursor, ([publishedAt, kind, key, version, ...rest]): ChangePosition | null =>
    rest.length === 0 &&
    typeof publishedAt === 'string' &&
    isKind(kind) &&
    (kind === 'datasource' ? typeof key === 'string' : Number.isSafeInteger(key)) &&
    Number.isSafeInteger(version)
      ? { publishedAt, kind, key: key as number | string, version: version as number }
      : null,
  );

const toWire = (change: DefinitionChange) => ({
  Kind: change.kind,
  Key: change.key,
  Name: change.name,
  Version: change.version,
  PublishedAt: change.publishedAt,
  PublishedBy: change.publishedBy,
  ChangeNote: change.changeNote,
});

/** Creates the {@link DefinitionChangesService}. */
export function createDefinitionChangesService(): DefinitionChangesService {
  return {
    async list(auth, query) {
      const rows = await auth.database.stores.definitionChanges.page({
        kinds: query.kind === null ? DEFINITION_KINDS : [query.kind],
        after: query.cursor === null ? null : readPosition(query.cursor),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      return {
        Items: page.map(toWire),
        NextCursor: rows.length > query.limit ? cursorOf(page.at(-1)!) : null,
      };
    },
  };
}
