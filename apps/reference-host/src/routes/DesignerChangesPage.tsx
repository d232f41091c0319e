import type { DefinitionAuditEntry } from '@procedo/client-api/designer';
import { DefinitionChanges } from '@procedo/forms-react/designer';
import { commandDesignerHref, formDesignerHref } from '../designer/designer-query';
import { DesignerNotice } from '../designer/page-parts';
import { designerV1 } from '../designer-api';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

const HREFS: Record<DefinitionAuditEntry['Kind'], (key: number | string) => string> = {
  form: (no) => formDesignerHref(Number(no)),
  command: (id) => commandDesignerHref(Number(id)),
  navigation: (profileId) => `/designer/navigation?ProfileId=${profileId}`,
  datasource: (entity) => `/designer/datasource?Entity=${encodeURIComponent(String(entity))}`,
};

const hrefOf = (entry: DefinitionAuditEntry) => HREFS[entry.Kind](entry.Key);

/**
 * `/designer/changes` (Administration › Form designer › Definition changes): the audit trail of
 * every published version of forms and process commands, each opening its designer. Only for the
 * design-mode permission; the server refuses the list anyway.
 */
export function DesignerChangesPage() {
  const texts = useHostTexts().designer;
  const { context } = useSignedIn();
  if (!context.DesignMode.CanDesign)
    return <DesignerNotice title={texts.title} kind="note" text={texts.noRight} />;
  return (
    <DefinitionChanges
      headingLevel={1}
      load={(query) => designerV1.designer.changes(query)}
      hrefOf={hrefOf}
    />
  );
}
