import type { FormDefinition } from '@procedo/client-api';

/** What {@link FormDesignerProps.onPublish} is called with. */
export interface PublishRequest {
  definition: FormDefinition;
  changeNote: string;
  /** True on the second call, after the designer confirmed a breaking change. */
  confirmBreaking: boolean;
}

/** An element a publish would break for stored records (409 `BREAKING_CHANGE`'s `Breaking`). */
export interface BreakingElement {
  Element: string;
  Reason: string;
}

/** A rejection of `onPublish`, read from its shape. */
export type PublishFailure =
  | { kind: 'issues'; issues: { path: (string | number)[]; message: string }[] }
  | { kind: 'conflict'; currentVersion: number | null }
  | { kind: 'breaking'; breaking: BreakingElement[] }
  | { kind: 'other'; message: string };

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;

/**
 * Reads a rejection of `onPublish` by its shape rather than its class, so the client's
 * `DefinitionConflictError` / `BreakingChangeError` / `ApiError` (or a host's own errors) all
 * work: the code is `code` or the JSON body's `Code`; the conflict's version `currentVersion` or
 * `CurrentVersion`; the broken elements `breaking` or `Breaking`; issues `issues` or `Issues`
 * with paths from the request body (`['Definition', 'Elements', i, …]`).
 */
export function readPublishFailure(error: unknown): PublishFailure {
  const top = record(error);
  const body = record(top?.body);
  const code = top?.code ?? body?.Code;
  if (code === 'CONFLICT') {
    const version = top?.currentVersion ?? body?.CurrentVersion;
    return { kind: 'conflict', currentVersion: typeof version === 'number' ? version : null };
  }
  if (code === 'BREAKING_CHANGE') {
    const list = top?.breaking ?? body?.Breaking;
    const breaking = Array.isArray(list)
      ? list.flatMap((item) => {
          const entry = record(item);
          return typeof entry?.Element === 'string'
            ? [{ Element: entry.Element, Reason: String(entry.Reason ?? '') }]
            : [];
        })
      : [];
    return { kind: 'breaking', breaking };
  }
  const issues = top?.issues ?? body?.Issues;
  if (Array.isArray(issues) && issues.length > 0) {
    return {
      kind: 'issues',
      issues: issues.flatMap((item) => {
        const issue = record(item);
        if (!issue || !Array.isArray(issue.path)) return [];
        const path = (issue.path as unknown[]).filter(
          (part): part is string | number => typeof part === 'string' || typeof part === 'number',
        );
        return [
          { path: path[0] === 'Definition' ? path.slice(1) : path, message: String(issue.message ?? '') },
        ];
      }),
    };
  }
  const message = body?.Message ?? (error instanceof Error ? error.message : String(error));
  return { kind: 'other', message: String(message) };
}
