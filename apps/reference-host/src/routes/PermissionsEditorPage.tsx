import { ElementPermissionsDialog } from '@procedo/forms-react/permissions';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { v1 } from '../api';
import { FormPageMessage } from '../forms/FormPageMessage';
import { parsePermissionQuery, permissionEditorHref } from '../forms/permission-query';
import { useHostTexts } from '../texts';
import { FormPage } from './FormPage';

const EDITOR_PARAMS = [
  'PERMISSION_FORMID',
  'PERMISSION_DV_TABLEID',
  'PERMISSION_OWNERTYPEID',
  'PERMISSION_OWNERNO',
  'FormElementName',
];

/**
 * `/_forms/form?WebTemplateNo=…&PERMISSION_FORMID=…` (spec §2, §4): the element permissions
 * editor as a dialog over the form page. The owner chosen in the dialog goes into the address;
 * Cancel, Escape or a save go back to the form page, which loads again with the new permissions.
 * A missing or wrong parameter is named on the page instead.
 */
export function PermissionsEditorPage() {
  const texts = useHostTexts().permissions;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const parsed = useMemo(() => parsePermissionQuery(params), [params]);
  if (!parsed.ok) {
    return (
      <FormPageMessage
        title={texts.title}
        message={parsed.problems.map((problem) => `${problem.param} ${problem.message}.`).join(' ')}
      />
    );
  }
  const { query } = parsed;
  const close = () => {
    const back = new URLSearchParams(params);
    for (const name of EDITOR_PARAMS) back.delete(name);
    back.set('WebTemplateNo', String(query.webTemplateNo));
    navigate(`/form?${back}`);
  };
  return (
    <>
      <FormPage />
      <ElementPermissionsDialog
        api={v1.permissions}
        webTemplateNo={query.formId}
        owner={query.owner}
        onOwnerChange={(owner) => {
          const href = permissionEditorHref({ ...query, formId: query.formId, owner, keep: params });
          setParams(new URLSearchParams(href.slice(href.indexOf('?'))), { replace: true });
        }}
        onCancel={close}
        onSaved={close}
        focusElement={query.focusElement}
        isReadOnly={Boolean(params.get('Timepoint')?.trim())}
      />
    </>
  );
}
