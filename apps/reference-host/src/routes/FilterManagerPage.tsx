import { FilterManager } from '@procedo/forms-react/designer';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { designerV1 } from '../designer-api';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

/**
 * `/designer/filters?WebTemplateNo=N` (issue 16 item 4): every user's saved filters of a search
 * form in the SDK's `FilterManager`, with the trail of designers' changes. Only for the
 * design-mode permission; the server refuses every call anyway.
 */
export function FilterManagerPage() {
  const texts = useHostTexts();
  const { context } = useSignedIn();
  if (!context.DesignMode.CanDesign) {
    return (
      <>
        <h1>{texts.designerData.filters}</h1>
        <p role="note">{texts.designer.noRight}</p>
      </>
    );
  }
  return <FilterManagerWorkspace />;
}

function FilterManagerWorkspace() {
  const texts = useHostTexts();
  const { context } = useSignedIn();
  const selectId = useId();
  const [params, setParams] = useSearchParams();
  const text = params.get('WebTemplateNo') ?? '';
  const no = /^\d+$/.test(text) ? Number(text) : null;
  const forms = useLoad(() => designerV1.designer.forms.list(), []);
  const filters = useLoad(
    async () =>
      no === null
        ? null
        : {
            list: await designerV1.filterManager.list(no),
            changes: await designerV1.filterManager.changes(no),
          },
    [no],
  );
  const searchForms = forms.kind === 'ready' ? forms.data.Items.filter((form) => form.Kind === 'search') : [];

  return (
    <>
      <h1>{texts.designerData.filters}</h1>
      {forms.kind === 'error' && <p role="alert">{forms.message}</p>}
      <label htmlFor={selectId}>{texts.designerData.form}</label>{' '}
      <select
        id={selectId}
        value={no ?? ''}
        onChange={(event) => setParams(event.target.value ? { WebTemplateNo: event.target.value } : {})}
      >
        <option value="">{texts.designerData.chooseForm}</option>
        {searchForms.map((form) => (
          <option key={form.WebTemplateNo} value={form.WebTemplateNo}>
            {form.Title} ({form.WebTemplateNo})
          </option>
        ))}
      </select>
      {filters.kind === 'loading' && no !== null && <p aria-live="polite">{texts.designer.loading}</p>}
      {filters.kind === 'error' && <p role="alert">{filters.message}</p>}
      {filters.kind === 'ready' && filters.data && no !== null ? (
        <FilterManager
          filters={filters.data.list.Items}
          changes={filters.data.changes.Items}
          canShare={context.WebUserIsSupervisor}
          onRename={(filter, name) =>
            designerV1.filterManager.change(no, filter.Id, { Version: filter.Version, Name: name })
          }
          onShare={(filter, isShared) =>
            designerV1.filterManager.change(no, filter.Id, { Version: filter.Version, IsShared: isShared })
          }
          onDelete={(filter) => designerV1.filterManager.remove(no, filter.Id, filter.Version)}
          onChanged={filters.reload}
        />
      ) : null}
    </>
  );
}
