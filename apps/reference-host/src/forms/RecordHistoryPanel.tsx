import type { FormDefinition, RecordVersion } from '@procedo/client-api';
import { AuditTrailPanel, SidePanel, useFormsTexts } from '@procedo/forms-react';
import { useMemo, useState } from 'react';
import { v1 } from '../api';
import { auditPrintHref, fieldLabelOf } from '../audit/audit-links';
import { browserStorage, readPanelPinned, writePanelPinned } from './panel-pinned';

interface RecordHistoryPanelProps {
  /** The page's key for the panel's stored flags (`form-<WebTemplateNo>`). */
  pageKey: string;
  definition: FormDefinition;
  record: RecordVersion | null;
  /** The page's timepoint: the trail as recorded up to it. */
  timepoint: string | null;
}

/**
 * The record form's side panel with the record's audit trail (it replaced the bare version list).
 * Its hidden flag is kept by `SidePanel`, its pinned flag here (pinned by default), both in local
 * storage under the page's key.
 */
export function RecordHistoryPanel({ pageKey, definition, record, timepoint }: RecordHistoryPanelProps) {
  const texts = useFormsTexts();
  const [storage] = useState(browserStorage);
  const [isPinned] = useState(() => readPanelPinned(storage, pageKey));
  const fieldLabel = useMemo(() => fieldLabelOf(definition), [definition]);
  const no = definition.WebTemplateNo;
  return (
    <SidePanel
      pageKey={pageKey}
      title={texts.auditTrail.title}
      storage={storage}
      defaultPinned={isPinned}
      onPinnedChange={(next) => writePanelPinned(storage, pageKey, next)}
    >
      {record === null ? (
        <p>{texts.record.historyEmpty}</p>
      ) : (
        <AuditTrailPanel
          // A save writes events: read the trail again for each version.
          key={`${record.Id}:${record.Version}`}
          api={v1.records}
          webTemplateNo={no}
          recordId={record.Id}
          timepoint={timepoint}
          formTitle={definition.Title}
          fieldLabel={fieldLabel}
          printHref={auditPrintHref(no, record.Id, timepoint)}
          showTitle={false}
        />
      )}
    </SidePanel>
  );
}
