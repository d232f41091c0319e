import type { DefinitionChange, DefinitionVersionList } from '@procedo/client-api/designer';
import { useId, useState } from 'react';
import { useOnDemandTexts } from '../i18n/texts';
import { type BreakingElement, readPublishFailure } from './publish-errors';
import { failureText, useLoaded } from './use-loaded';
import { DEFINITION_VERSIONS_LABELS, type DefinitionVersionsLabels } from './versions-labels';

/**
 * Where {@link DefinitionVersionsPanel} reads a definition's versions and publishes one again:
 * a form's (`designer.forms` of client-api's `createDesignerClient`), a process command's
 * (`designer.commands`) or any other versioned definition's.
 */
export interface DefinitionVersionsSource {
  /** Every published version, newest first. */
  versions(): Promise<DefinitionVersionList>;
  /** What changed from version `from` to version `to`. */
  diff(from: number, to: number): Promise<{ Changes: DefinitionChange[] }>;
  /**
   * Publishes version `version`'s definition again as a new version (a revert), with the panel's
   * change note; `confirmBreaking` is true on the second call after a 409 `BREAKING_CHANGE`.
   * Resolves with the new version.
   */
  publishAgain(version: number, confirmBreaking: boolean, changeNote: string): Promise<unknown>;
}

/** Props of {@link DefinitionVersionsPanel}. */
export interface DefinitionVersionsPanelProps {
  source: DefinitionVersionsSource;
  /** The version the page holds as its base: it offers no revert, and a new one reloads the list. */
  baseVersion: number;
  /** Called with what `publishAgain` resolved with. */
  onPublished: (published: unknown) => void;
  labels?: Partial<DefinitionVersionsLabels>;
}

/** A version's instant as the list shows it: `yyyy-MM-dd HH:mm:ss UTC`. */
const instant = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

const shown = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

type RevertState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'breaking'; version: number; breaking: BreakingElement[] }
  | { kind: 'failed'; message: string };

/**
 * A designer's Versions panel: every published version (who, when, the note), newest first;
 * two selected show their diff; "Publish this version again" reverts by publishing that
 * version's definition as a new version (docs/protocol.md "Designer: form definitions", Revert).
 */
export function DefinitionVersionsPanel({
  source,
  baseVersion,
  onPublished,
  labels,
}: DefinitionVersionsPanelProps) {
  const texts = { ...useOnDemandTexts('definitionVersions', DEFINITION_VERSIONS_LABELS), ...labels };
  const headingId = useId();
  const versions = useLoaded(() => source.versions(), [source, baseVersion]);
  const [selected, setSelected] = useState<number[]>([]);
  const [revert, setRevert] = useState<RevertState>({ kind: 'idle' });

  const toggle = (version: number, isOn: boolean) =>
    // Two at most: a third selection drops the one selected first.
    setSelected((current) =>
      isOn
        ? [...current.filter((v) => v !== version), version].slice(-2)
        : current.filter((v) => v !== version),
    );

  const publishAgain = async (version: number, confirmBreaking: boolean) => {
    setRevert({ kind: 'busy' });
    try {
      const published = await source.publishAgain(version, confirmBreaking, texts.revertNote(version));
      setRevert({ kind: 'idle' });
      onPublished(published);
    } catch (error) {
      const failure = readPublishFailure(error);
      setRevert(
        failure.kind === 'breaking'
          ? { kind: 'breaking', version, breaking: failure.breaking }
          : { kind: 'failed', message: failureText(error) },
      );
    }
  };

  const pair = selected.length === 2 ? [Math.min(...selected), Math.max(...selected)] : null;
  return (
    <section className="procedo-DesignerVersions" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.versions}</h2>
      {versions.kind === 'loading' && <p aria-live="polite">{texts.loading}</p>}
      {versions.kind === 'error' && <p role="alert">{versions.message}</p>}
      {versions.kind === 'ready' && (
        <>
          <p>{texts.compareHint}</p>
          <ul className="procedo-DesignerVersions-list">
            {versions.data.Items.map((item) => (
              <li key={item.Version}>
                <label>
                  <input
                    type="checkbox"
                    checked={selected.includes(item.Version)}
                    onChange={(event) => toggle(item.Version, event.target.checked)}
                  />{' '}
                  {texts.versionLabel(item.Version, item.PublishedBy, instant(item.PublishedAt))}
                </label>
                <p>{item.ChangeNote || texts.noNote}</p>
                {item.Version !== baseVersion && (
                  <button
                    type="button"
                    className="procedo-Button"
                    disabled={revert.kind === 'busy'}
                    aria-label={`${texts.publishAgain} (${texts.version} ${item.Version})`}
                    onClick={() => void publishAgain(item.Version, false)}
                  >
                    {texts.publishAgain}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <div role="status">{revert.kind === 'busy' ? texts.reverting : ''}</div>
      {revert.kind === 'failed' && <p role="alert">{revert.message}</p>}
      {revert.kind === 'breaking' && (
        <div role="alert">
          <ul>
            {revert.breaking.map((item) => (
              <li key={`${item.Element}:${item.Reason}`}>
                {item.Element}: {item.Reason}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="procedo-Button"
            onClick={() => void publishAgain(revert.version, true)}
          >
            {texts.confirmBreaking}
          </button>{' '}
          <button type="button" className="procedo-Button" onClick={() => setRevert({ kind: 'idle' })}>
            {texts.cancel}
          </button>
        </div>
      )}
      {pair && <VersionDiff source={source} from={pair[0]!} to={pair[1]!} texts={texts} />}
    </section>
  );
}

function VersionDiff({
  source,
  from,
  to,
  texts,
}: {
  source: DefinitionVersionsSource;
  from: number;
  to: number;
  texts: DefinitionVersionsLabels;
}) {
  const headingId = useId();
  const diff = useLoaded(() => source.diff(from, to), [source, from, to]);
  return (
    <section aria-labelledby={headingId} className="procedo-DesignerVersions-diff">
      <h3 id={headingId}>{texts.diffTitle(from, to)}</h3>
      {diff.kind === 'loading' && <p aria-live="polite">{texts.loading}</p>}
      {diff.kind === 'error' && <p role="alert">{diff.message}</p>}
      {diff.kind === 'ready' &&
        (diff.data.Changes.length === 0 ? (
          <p>{texts.noChanges}</p>
        ) : (
          <ul>
            {diff.data.Changes.map((change, index) => (
              // A diff is shown as the server sent it; its entries have no identity of their own.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                <strong>{change.Change}</strong> {change.Path}
                {change.Property ? ` · ${change.Property}` : ''}
                {change.Before !== undefined || change.After !== undefined
                  ? `: ${shown(change.Before)} → ${shown(change.After)}`
                  : ''}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
