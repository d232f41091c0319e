import type { RecordVersion } from '@procedo/client-api';
import { RECORD_LABELS, SidePanel, VersionHistory } from '@procedo/forms-react';
import { useState } from 'react';
import { browserStorage, readPanelPinned, writePanelPinned } from './panel-pinned';

interface RecordHistoryPanelProps {
  /** The page's key for the panel's stored flags (`form-<WebTemplateNo>`). */
  pageKey: string;
  record: RecordVersion | null;
  readVersion(version: number): Promise<RecordVersion>;
}

/**
 * The record form's side panel with the version history. Its hidden flag is kept by `SidePanel`,
 * its pinned flag here (pinned by default), both in local storage under the page's key.
 */
export function RecordHistoryPanel({ pageKey, record, readVersion }: RecordHistoryPanelProps) {
  const [storage] = useState(browserStorage);
  const [isPinned] = useState(() => readPanelPinned(storage, pageKey));
  return (
    <SidePanel
      pageKey={pageKey}
      title={RECORD_LABELS.historyTitle}
      storage={storage}
      defaultPinned={isPinned}
      onPinnedChange={(next) => writePanelPinned(storage, pageKey, next)}
    >
      <VersionHistory record={record} readVersion={readVersion} />
    </SidePanel>
  );
}
