import type { FormDefinition, RecordVersion } from '@procedo/client-api';
import { BookmarkToggle, HelpIcon, utcText } from '@procedo/forms-react';
import { DetailPageCompletion } from '@procedo/process-react';
import { callback, v1 } from '../api';
import { bookmarksChanged } from '../bookmarks/bookmarks';
import type { FormPageQuery } from './form-query';
import { FORM_PAGE_LABELS as L } from './labels';
import { RecordNavigation } from './RecordNavigation';

interface FormPageHeaderProps {
  definition: FormDefinition;
  record: RecordVersion | null;
  query: FormPageQuery;
  isDirty: boolean;
  /** Opens a help topic in the page's help frame (`a_helpinframe=1`). */
  onOpenHelpFrame(url: string): void;
}

/**
 * The form page's header: the title with its help icon and a record's bookmark toggle, the version line and dirty mark, the
 * deleted note, previous/next through the parent list, the timepoint note and the bar that
 * completes a detail-page step.
 */
export function FormPageHeader({ definition, record, query, isDirty, onOpenHelpFrame }: FormPageHeaderProps) {
  return (
    <header className="procedo-FormPage-header">
      <h1 className="procedo-FormPage-title">
        {definition.Title}
        {definition.HelpTopic ? (
          <>
            {' '}
            <HelpIcon
              topic={definition.HelpTopic}
              target={query.helpInFrame ? 'frame' : 'window'}
              onOpenFrame={onOpenHelpFrame}
            />
          </>
        ) : null}
      </h1>
      {definition.Kind === 'record' && record && !record.IsDeleted ? (
        // spec §2/§4: toggles after the server confirms; a bookmark changes data, so not in time travel.
        <BookmarkToggle
          callback={callback}
          bookmarks={v1.bookmarks}
          webTemplateNo={definition.WebTemplateNo}
          recordId={record.Id}
          isDisabled={query.timepoint !== null}
          onChange={bookmarksChanged}
        />
      ) : null}
      {definition.Kind === 'record' ? (
        <p className="procedo-FormPage-version">
          {record ? L.version(record.Version, record.UpdatedBy, utcText(record.UpdatedAt)) : L.newRecord}
          {isDirty ? <span className="procedo-FormPage-dirty"> · unsaved changes</span> : null}
        </p>
      ) : null}
      {record?.IsDeleted ? <p role="status">{L.deletedRecord}</p> : null}
      {query.dataSource ? (
        <RecordNavigation
          dataSource={query.dataSource}
          webTemplateNo={definition.WebTemplateNo}
          recordId={record?.Id ?? query.recordId}
        />
      ) : null}
      {/* Opened by a form or detail-page step: the bar that completes it (spec §3 Detail-page completion). */}
      {query.stepId && query.timepoint ? (
        // Completing a step changes data: not while a timepoint is viewed.
        <p className="procedo-FormPage-note">{L.stepCompletionReadOnly}</p>
      ) : query.stepId ? (
        <DetailPageCompletion stepId={query.stepId} />
      ) : null}
    </header>
  );
}
