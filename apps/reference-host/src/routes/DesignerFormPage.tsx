import type { DesignerForm, PublishedVersion } from '@procedo/client-api/designer';
import { DefinitionVersionsPanel, FormDesigner } from '@procedo/forms-react/designer';
import { useSearchParams } from 'react-router';
import { readDesignerTemplateNo } from '../designer/designer-query';
import { DesignerLayout, DesignerNotice, useDesignerBase, whenLoaded } from '../designer/page-parts';
import { useVersionsSource } from '../designer/versions-source';
import { designerV1 } from '../designer-api';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

/**
 * `/designer/form?WebTemplateNo=N` (issue 16): the SDK's form designer over the version in
 * force, publishing through `designerV1.designer.forms.publish`, beside the form's Versions panel. Only
 * for the design-mode permission; the server refuses every designer call anyway.
 */
export function DesignerFormPage() {
  const texts = useHostTexts().designer;
  const { context } = useSignedIn();
  const [params] = useSearchParams();
  const no = readDesignerTemplateNo(params);
  if (!context.DesignMode.CanDesign)
    return <DesignerNotice title={texts.title} kind="note" text={texts.noRight} />;
  if (no === null) return <DesignerNotice title={texts.title} kind="alert" text={texts.noForm} />;
  return <LoadedDesigner key={no} webTemplateNo={no} />;
}

function LoadedDesigner({ webTemplateNo }: { webTemplateNo: number }) {
  const texts = useHostTexts().designer;
  const loaded = useLoad<DesignerForm>(() => designerV1.designer.forms.get(webTemplateNo), [webTemplateNo]);
  return whenLoaded(loaded, texts.title, texts.loading, (data) => (
    <DesignerWorkspace webTemplateNo={webTemplateNo} initial={data} />
  ));
}

function DesignerWorkspace({ webTemplateNo, initial }: { webTemplateNo: number; initial: DesignerForm }) {
  const texts = useHostTexts().designer;
  const { base, publishedVersion, onPublished } = useDesignerBase<{
    Version: number;
    Definition: DesignerForm['Definition'];
  }>({ Version: initial.Version, Definition: initial.Definition });
  const source = useVersionsSource(
    designerV1.designer.forms,
    webTemplateNo,
    base.Version,
    (old, { BaseVersion, ChangeNote, confirmBreaking }) =>
      designerV1.designer.forms.publish(webTemplateNo, {
        BaseVersion,
        Definition: old.Definition,
        ChangeNote,
        ...(confirmBreaking ? { ConfirmBreaking: true } : {}),
      }),
  );
  return (
    <DesignerLayout heading={texts.design(base.Definition.Title)} publishedVersion={publishedVersion}>
      <FormDesigner
        // A new version starts the designer over from it.
        key={base.Version}
        definition={base.Definition}
        onPublish={async ({ definition, changeNote, confirmBreaking }) => {
          const published = await designerV1.designer.forms.publish(webTemplateNo, {
            BaseVersion: base.Version,
            Definition: definition,
            ChangeNote: changeNote,
            ...(confirmBreaking ? { ConfirmBreaking: true } : {}),
          });
          onPublished(published);
          return published;
        }}
      />
      <DefinitionVersionsPanel
        source={source}
        baseVersion={base.Version}
        onPublished={(published) => onPublished(published as PublishedVersion)}
      />
    </DesignerLayout>
  );
}
