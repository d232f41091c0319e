import {
  type FormResponse,
  flattenElements,
  isValueElement,
  type SavedFilterList,
  type ValueElement,
} from '@procedo/client-api';
import { postFilterEditorResult, readFilterEditorParams } from '@procedo/forms-react';
import { FilterEditor } from '@procedo/forms-react/filter-editor';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { v1 } from '../api';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';

/** The value elements of a form the user may see: what a condition may name. */
function searchableFields(form: FormResponse): ValueElement[] {
  const hidden = new Set(form.Permissions.filter((p) => p.ElementHidden).map((p) => p.NAME));
  return flattenElements(form.Definition).filter(
    (element): element is ValueElement => isValueElement(element) && !hidden.has(element.Name),
  );
}

/**
 * `/filter-editor` (docs/protocol.md "Filter editor"): builds and saves filters of the search form
 * `WebTemplateNo`, and on Apply hands the picked saved filter ids to the opener's
 * `EntityViewFilterIdListControl` — a popup posts them to its opener and closes, a dialog to the
 * page around it, which closes the dialog.
 */
export function FilterEditorPage() {
  const [searchParams] = useSearchParams();
  const { context } = useSignedIn();
  const read = useMemo(() => readFilterEditorParams(searchParams), [searchParams]);
  const no = read.params?.webTemplateNo ?? 0;
  const form = useLoad<FormResponse>(() => v1.forms.get(no), [no]);
  const saved = useLoad<SavedFilterList>(() => v1.filters.list(no), [no]);
  // The entity's datasource columns (issue 16) are fields too; without one, the form's alone.
  const datasource = useLoad(() => v1.datasources.ofForm(no).catch(() => null), [no]);
  const fields = useMemo(() => {
    if (form.kind !== 'ready') return [];
    const own = searchableFields(form.data);
    const names = new Set(own.map((field) => field.Name));
    const extra =
      datasource.kind === 'ready' && datasource.data
        ? datasource.data.Columns.filter((column) => !names.has(column.Name)).map(
            (column) => ({ ...column.Element, Label: column.Caption }) as ValueElement,
          )
        : [];
    return [...own, ...extra];
  }, [form, datasource]);

  if (!read.params) {
    return (
      <p role="alert">The filter editor cannot open: the parameter {read.problem} is missing or malformed.</p>
    );
  }
  const params = read.params;
  const title = params.entityViewName || (form.kind === 'ready' ? form.data.Definition.Title : '');

  return (
    <>
      <h1>Filters{title ? `: ${title}` : ''}</h1>
      {(form.kind === 'loading' || saved.kind === 'loading') && <p aria-live="polite">Loading…</p>}
      {form.kind === 'error' && <p role="alert">{form.message}</p>}
      {saved.kind === 'error' && <p role="alert">{saved.message}</p>}
      {form.kind === 'ready' && saved.kind === 'ready' && datasource.kind !== 'loading' && (
        <FilterEditor
          fields={fields}
          savedFilters={saved.data.Items}
          defaultSelectedIds={params.entityViewFilterIdList ?? []}
          canShare={context.WebUserIsSupervisor}
          onSave={async (draft) => {
            const result =
              draft.Id !== undefined && draft.Version !== undefined
                ? await v1.filters.update(params.webTemplateNo, draft.Id, {
                    Name: draft.Name,
                    IsShared: draft.IsShared,
                    Filter: draft.Filter,
                    Version: draft.Version,
                  })
                : await v1.filters.create(params.webTemplateNo, {
                    Name: draft.Name,
                    IsShared: draft.IsShared,
                    EntityViewName: params.entityViewName,
                    Filter: draft.Filter,
                  });
            saved.reload();
            return result;
          }}
          onDelete={async (filter) => {
            await v1.filters.remove(params.webTemplateNo, filter.Id);
            saved.reload();
          }}
          onApply={({ ids }) => {
            const to = postFilterEditorResult(window, {
              control: params.entityViewFilterIdListControl,
              ids,
              viewId: params.entityViewId,
            });
            if (to === 'popup') window.close();
          }}
        />
      )}
    </>
  );
}
