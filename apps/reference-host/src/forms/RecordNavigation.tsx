import { findParentDataSource, useMessages } from '@procedo/forms-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FORM_PAGE_LABELS as L } from './labels';
import { locateRecord } from './parent-records';

interface RecordNavigationProps {
  /** `dataRf`: the parent page's data source this record was opened from. */
  dataSource: string;
  webTemplateNo: number;
  recordId: number | null;
}

/**
 * Previous / next record through the parent page's result list (the search page that opened this
 * record in a dialog, popup or tab). When the parent's data cannot be found — the parent was
 * closed, reloaded, searched again without this record, or this page was opened on its own —
 * spec §8's 'The data on the parent page has expired or is invalid…' shows instead.
 */
export function RecordNavigation({ dataSource, webTemplateNo, recordId }: RecordNavigationProps) {
  const [params] = useSearchParams();
  const messages = useMessages();
  const position = useMemo(() => {
    if (recordId === null) return null;
    try {
      return locateRecord(findParentDataSource(window, dataSource), webTemplateNo, recordId);
    } catch {
      // ParentDataSourceError: no window above holds it.
      return null;
    }
  }, [dataSource, webTemplateNo, recordId]);

  if (position === null) {
    return (
      <p className="procedo-RecordNavigation-expired" role="alert">
        {messages.parentDataExpired}
      </p>
    );
  }
  const hrefOf = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('UGoToItemNo', String(id));
    return `/form?${next}`;
  };
  return (
    <nav className="procedo-RecordNavigation" aria-label={L.recordNavigation}>
      {position.previousId === null ? null : <Link to={hrefOf(position.previousId)}>{L.previousRecord}</Link>}
      <span>{L.recordPosition(position.position, position.total)}</span>
      {position.nextId === null ? null : <Link to={hrefOf(position.nextId)}>{L.nextRecord}</Link>}
    </nav>
  );
}
