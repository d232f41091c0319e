import type { DefinitionAuditEntry, DefinitionAuditPage, DefinitionKind } from '@procedo/client-api/designer';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useOnDemandTexts } from '../i18n/texts';
import { DEFINITION_CHANGES_LABELS, type DefinitionChangesLabels } from './definition-changes-labels';

/** What {@link DefinitionChanges} asks for (the designer client's `designer.changes` takes it). */
export interface DefinitionChangesQuery {
  kind?: DefinitionKind;
  cursor?: string;
  signal?: AbortSignal;
}

/** Props of {@link DefinitionChanges}. */
export interface DefinitionChangesProps {
  /** Reads a page: `(query) => designerClient.designer.changes(query)`. */
  load: (query: DefinitionChangesQuery) => Promise<DefinitionAuditPage>;
  /** Where an entry's definition opens (its designer, its versions); no link without it. */
  hrefOf?: (entry: DefinitionAuditEntry) => string | undefined;
  /** The title's heading level: 1 when the list is the page. @default 2 */
  headingLevel?: 1 | 2;
  /** Texts to override. @default DEFINITION_CHANGES_LABELS */
  labels?: Partial<DefinitionChangesLabels>;
}

type State =
  | { kind: 'loading'; items: DefinitionAuditEntry[] }
  | { kind: 'ready'; items: DefinitionAuditEntry[]; next: string | null }
  | { kind: 'failed'; items: DefinitionAuditEntry[]; next: string | null; message: string };

/** An instant as the list shows it: `yyyy-MM-dd HH:mm:ss`, UTC. */
const instant = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/**
 * The audit trail of definition changes (issue 16): every published version of every kind —
 * what, which version, who, when and why — newest first, a page at a time ("Show more" reads the
 * next by its cursor), optionally of one kind. A failed read keeps what is shown and offers to
 * try again.
 */
export function DefinitionChanges({ load, hrefOf, headingLevel = 2, labels }: DefinitionChangesProps) {
  const L = { ...useOnDemandTexts('definitionChanges', DEFINITION_CHANGES_LABELS), ...labels };
  const id = useId();
  const [kind, setKind] = useState<DefinitionKind | ''>('');
  const [state, setState] = useState<State>({ kind: 'loading', items: [] });
  const running = useRef<AbortController | null>(null);

  const read = useCallback(
    async (items: DefinitionAuditEntry[], cursor: string | undefined) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ kind: 'loading', items });
      try {
        const page = await load({
          ...(kind === '' ? {} : { kind }),
          ...(cursor === undefined ? {} : { cursor }),
          signal: controller.signal,
        });
        if (!controller.signal.aborted) {
          setState({ kind: 'ready', items: [...items, ...page.Items], next: page.NextCursor });
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({ kind: 'failed', items, next: cursor ?? null, message });
      }
    },
    [kind, load],
  );

  useEffect(() => {
    void read([], undefined);
    return () => running.current?.abort();
  }, [read]);

  const { items } = state;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="procedo-DefinitionChanges" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{L.title}</Heading>
      <p>
        <label htmlFor={`${id}-kind`}>{L.kind}</label>{' '}
        <select
          id={`${id}-kind`}
          value={kind}
          onChange={(event) => setKind(event.target.value as DefinitionKind | '')}
        >
          <option value="">{L.allKinds}</option>
          {(Object.keys(L.kinds) as DefinitionKind[]).map((value) => (
            <option key={value} value={value}>
              {L.kinds[value]}
            </option>
          ))}
        </select>
      </p>
      <table className="procedo-DefinitionChanges-table" aria-busy={state.kind === 'loading'}>
        <caption>{L.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{L.when}</th>
            <th scope="col">{L.what}</th>
            <th scope="col">{L.version}</th>
            <th scope="col">{L.who}</th>
            <th scope="col">{L.note}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => {
            const href = hrefOf?.(entry);
            const name = `${L.kinds[entry.Kind]} ${entry.Key}: ${entry.Name}`;
            return (
              <tr key={`${entry.Kind}:${entry.Key}:${entry.Version}`}>
                <td>
                  <time dateTime={entry.PublishedAt}>{instant(entry.PublishedAt)}</time>
                </td>
                <td>
                  {href ? (
                    <a href={href} aria-label={L.open(name, entry.Version)}>
                      {name}
                    </a>
                  ) : (
                    name
                  )}
                </td>
                <td>{entry.Version}</td>
                <td>{entry.PublishedBy}</td>
                <td>{entry.ChangeNote}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {state.kind === 'loading' && <p role="status">{L.loading}</p>}
      {state.kind === 'ready' && items.length === 0 && <p role="status">{L.empty}</p>}
      {state.kind === 'failed' && (
        <p role="alert">
          {L.failed(state.message)}{' '}
          <button type="button" onClick={() => void read(items, state.next ?? undefined)}>
            {L.retry}
          </button>
        </p>
      )}
      {state.kind === 'ready' && state.next !== null && (
        <button type="button" onClick={() => void read(items, state.next ?? undefined)}>
          {L.more}
        </button>
      )}
    </section>
  );
}
