import {
  type BreakingChange,
  type DefinitionDiff,
  type DefinitionVersionList,
  isBreakingChangeError,
  type PublishedVersion,
} from '@procedo/client-api';
import { useState } from 'react';
import { v1 } from '../api';
import { useLoad } from '../processes/useLoad';
import { type HostTexts, useHostTexts } from '../texts';
import { userMessage } from '../user-message';

/** A version's instant as the list shows it: `yyyy-MM-dd HH:mm:ss UTC`. */
const instant = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

const shown = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

type RevertState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'breaking'; version: number; breaking: BreakingChange[] }
  | { kind: 'failed'; message: string };

/**
 * The designer's Versions panel: every published version (who, when, the note), newest first;
 * two selected show their diff; "Publish this version again" reverts by publishing that version's
 * definition as a new version (docs/protocol.md "Designer: form definitions", Revert).
 */
export function VersionsPanel({
  webTemplateNo,
  baseVersion,
  onPublished,
}: {
  webTemplateNo: number;
  /** The version the page holds as its base; a new one reloads the list. */
  baseVersion: number;
  onPublished: (published: PublishedVersion) => void;
}) {
  const texts = useHostTexts().designer;
  const versions = useLoad<DefinitionVersionList>(
    () => v1.designer.forms.versions(webTemplateNo),
    [webTemplateNo, baseVersion],
  );
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
      const old = await v1.designer.forms.version(webTemplateNo, version);
      const published = await v1.designer.forms.publish(webTemplateNo, {
        BaseVersion: baseVersion,
        Definition: old.Definition,
        ChangeNote: texts.revertNote(version),
        ...(confirmBreaking ? { ConfirmBreaking: true } : {}),
      });
      setRevert({ kind: 'idle' });
      onPublished(published);
    } catch (error) {
      setRevert(
        isBreakingChangeError(error)
          ? { kind: 'breaking', version, breaking: error.breaking }
          : { kind: 'failed', message: userMessage(error) },
      );
    }
  };

  const pair = selected.length === 2 ? [Math.min(...selected), Math.max(...selected)] : null;
  return (
    <section className="procedo-DesignerVersions" aria-labelledby="designer-versions">
      <h2 id="designer-versions">{texts.versions}</h2>
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
      {pair && <VersionDiff webTemplateNo={webTemplateNo} from={pair[0]!} to={pair[1]!} texts={texts} />}
    </section>
  );
}

function VersionDiff({
  webTemplateNo,
  from,
  to,
  texts,
}: {
  webTemplateNo: number;
  from: number;
  to: number;
  texts: HostTexts['designer'];
}) {
  const diff = useLoad<DefinitionDiff>(
    () => v1.designer.forms.diff(webTemplateNo, from, to),
    [webTemplateNo, from, to],
  );
  return (
    <section aria-labelledby="designer-diff" className="procedo-DesignerVersions-diff">
      <h3 id="designer-diff">{texts.diffTitle(from, to)}</h3>
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
