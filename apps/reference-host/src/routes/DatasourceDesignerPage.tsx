import type { Datasource } from '@procedo/client-api/designer';
import { DatasourceDesigner } from '@procedo/forms-react/designer';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { designerV1 } from '../designer-api';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

/**
 * `/designer/datasource?Entity=supplier` (issue 16 item 4): the SDK's datasource designer over
 * the entity's version in force, publishing through `designerV1.datasources.publish`; the fields offered
 * to add are those of its version 1 (the seeded forms' fields). Only for the design-mode
 * permission; the server refuses every designer call anyway.
 */
export function DatasourceDesignerPage() {
  const texts = useHostTexts();
  const { context } = useSignedIn();
  const [params] = useSearchParams();
  const entity = params.get('Entity')?.trim() ?? '';
  if (!context.DesignMode.CanDesign) {
    return (
      <>
        <h1>{texts.designer.title}</h1>
        <p role="note">{texts.designer.noRight}</p>
      </>
    );
  }
  if (!/^[a-z][a-z0-9_-]{0,63}$/.test(entity)) {
    return (
      <>
        <h1>{texts.designerData.section}</h1>
        <p role="alert">{texts.designerData.noEntity}</p>
      </>
    );
  }
  return <LoadedDatasource key={entity} entity={entity} />;
}

function LoadedDatasource({ entity }: { entity: string }) {
  const texts = useHostTexts();
  const loaded = useLoad(
    async () => ({
      current: await designerV1.datasources.get(entity),
      first: await designerV1.datasources.version(entity, 1),
    }),
    [entity],
  );
  const [published, setPublished] = useState<Datasource | null>(null);
  const title = <h1>{texts.designerData.datasourceTitle(entity)}</h1>;
  if (loaded.kind === 'loading')
    return (
      <>
        {title}
        <p aria-live="polite">{texts.designer.loading}</p>
      </>
    );
  if (loaded.kind === 'error')
    return (
      <>
        {title}
        <p role="alert">{loaded.message}</p>
      </>
    );
  const datasource = published ?? loaded.data.current;
  return (
    <>
      {title}
      <div role="status" className="procedo-DesignerPage-status">
        {published ? texts.designerData.publishedVersion(published.Version) : ''}
      </div>
      <DatasourceDesigner
        // A new version starts the designer over from it.
        key={datasource.Version}
        datasource={datasource}
        fields={loaded.data.first.Columns}
        onPublish={async ({ columns, changeNote, confirmBreaking }) => {
          const result = await designerV1.datasources.publish(entity, {
            BaseVersion: datasource.Version,
            Columns: columns,
            ChangeNote: changeNote,
            ...(confirmBreaking ? { ConfirmBreaking: true } : {}),
          });
          setPublished(result);
          return result;
        }}
      />
    </>
  );
}
