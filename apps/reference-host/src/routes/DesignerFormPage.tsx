import type { DesignerForm, PublishedVersion } from '@procedo/client-api';
import {
  DefinitionVersionsPanel,
  type DefinitionVersionsSource,
  FormDesigner,
} from '@procedo/forms-react/designer';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { v1 } from '../api';
import { readDesignerTemplateNo } from '../designer/designer-query';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

/**
 * `/designer/form?WebTemplateNo=N` (issue 16): the SDK's form designer over the version in
 * force, publishing through `v1.designer.forms.publish`, beside the form's Versions panel. Only
 * for the design-mode permission; the server refuses every designer call anyway.
 */
export function DesignerFormPage() {
  const texts = useHostTexts().designer;
  const { context } = useSignedIn();
  const [params] = useSearchParams();
  const no = readDesignerTemplateNo(params);
  if (!context.DesignMode.CanDesign) {
    return (
      <>
        <h1>{texts.title}</h1>
        <p role="note">{texts.noRight}</p>
      </>
    );
  }
  if (no === null) {
    return (
      <>
        <h1>{texts.title}</h1>
        <p role="alert">{texts.noForm}</p>
      </>
    );
  }
  return <LoadedDesigner key={no} webTemplateNo={no} />;
}

function LoadedDesigner({ webTemplateNo }: { webTemplateNo: number }) {
  const texts = useHostTexts().designer;
  const loaded = useLoad<DesignerForm>(() => v1.designer.forms.get(webTemplateNo), [webTemplateNo]);
  if (loaded.kind === 'loading') {
    return (
      <>
        <h1>{texts.title}</h1>
        <p aria-live="polite">{texts.loading}</p>
      </>
    );
  }
  if (loaded.kind === 'error') {
    return (
      <>
        <h1>{texts.title}</h1>
        <p role="alert">{loaded.message}</p>
      </>
    );
  }
  return <DesignerWorkspace webTemplateNo={webTemplateNo} initial={loaded.data} />;
}

function DesignerWorkspace({ webTemplateNo, initial }: { webTemplateNo: number; initial: DesignerForm }) {
  const texts = useHostTexts().designer;
  // The version the next publish builds on: the loaded one, then each version published here.
  const [base, setBase] = useState({ Version: initial.Version, Definition: initial.Definition });
  const [publishedVersion, setPublishedVersion] = useState<number | null>(null);
  // The base version at the time of the call: a revert builds on the version the page holds.
  const baseRef = useRef(base.Version);
  baseRef.current = base.Version;
  const source = useMemo<DefinitionVersionsSource>(
    () => ({
      versions: () => v1.designer.forms.versions(webTemplateNo),
      diff: (from, to) => v1.designer.forms.diff(webTemplateNo, from, to),
      publishAgain: async (version, confirmBreaking, changeNote) => {
        const old = await v1.designer.forms.version(webTemplateNo, version);
        return v1.designer.forms.publish(webTemplateNo, {
          BaseVersion: baseRef.current,
          Definition: old.Definition,
          ChangeNote: changeNote,
          ...(confirmBreaking ? { ConfirmBreaking: true } : {}),
        });
      },
    }),
    [webTemplateNo],
  );
  const onPublished = (published: PublishedVersion) => {
    setBase({ Version: published.Version, Definition: published.Definition });
    setPublishedVersion(published.Version);
  };
  return (
    <>
      <h1>{texts.design(base.Definition.Title)}</h1>
      <div role="status" className="procedo-DesignerPage-status">
        {publishedVersion !== null ? texts.publishedVersion(publishedVersion) : ''}
      </div>
      <div className="procedo-DesignerPage">
        <FormDesigner
          // A new version starts the designer over from it.
          key={base.Version}
          definition={base.Definition}
          onPublish={async ({ definition, changeNote, confirmBreaking }) => {
            const published = await v1.designer.forms.publish(webTemplateNo, {
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
      </div>
    </>
  );
}
