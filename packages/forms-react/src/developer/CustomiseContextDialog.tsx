import { flattenElements, type SessionContext } from '@procedo/client-api';
import type { MouseEvent } from 'react';
import { Button } from 'react-aria-components';
import { ShellDialog } from '../components/ShellDialog';
import type { DeveloperFormInfo } from './DeveloperBar';
import type { DeveloperBarLabels } from './labels';

/** Props of {@link CustomiseContextDialog}. */
export interface CustomiseContextDialogProps {
  context: SessionContext;
  formInfo: DeveloperFormInfo | null;
  labels: DeveloperBarLabels;
  onClose: () => void;
  /** The open form's address in the form designer; with it the dialog links there. @default no link */
  designerHref?: string;
  /** A click on the designer link (the bar closes the dialog and hands it to the host's router). */
  onFollow?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * Customise Context (the developer bar): the page's context, read only — the spec's web request
 * info (§3) and, with a form open, its elements with the user's effective Hidden and Locked and
 * the definition as JSON, and (with `designerHref`) a link to edit the form in the form designer.
 */
export function CustomiseContextDialog({
  context,
  formInfo,
  labels: L,
  onClose,
  designerHref,
  onFollow,
}: CustomiseContextDialogProps) {
  const yesNo = (value: boolean) => (value ? L.yes : L.no);
  const requestInfo: [string, string][] = [
    ['WebUserId', String(context.WebUserId)],
    ['WebUserIsSupervisor', yesNo(context.WebUserIsSupervisor)],
    ['WebUserPreferenceId', String(context.WebUserPreferenceId)],
    ['WebProfileId', String(context.WebProfileId)],
    ['WebTaskId', context.WebTaskId === null ? L.noWebFormId : String(context.WebTaskId)],
    ['WebFormId', formInfo?.webFormId == null ? L.noWebFormId : String(formInfo.webFormId)],
    ['WebFormSearchBtnName', context.WebFormSearchBtnName ?? L.noWebFormId],
    ['SessionId', context.SessionId],
    ['WebDatabaseId', context.WebDatabaseId],
    ['WebDatabaseName', context.WebDatabaseName],
    ['DesignMode.CanDesign', yesNo(context.DesignMode.CanDesign)],
    ['DesignMode.CanDesignNavigation', yesNo(context.DesignMode.CanDesignNavigation)],
  ];
  const definition = formInfo?.definition;
  const permissions = new Map((formInfo?.permissions ?? []).map((p) => [p.NAME, p]));
  return (
    <ShellDialog title={L.contextTitle} className="procedo-CustomiseContext" onDismiss={onClose}>
      <div className="procedo-Dialog-body">
        <p>{L.contextIntro}</p>
        <h3>{L.requestInfo}</h3>
        <dl className="procedo-CustomiseContext-info">
          {requestInfo.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {definition ? (
          <>
            {designerHref ? (
              <p>
                <a href={designerHref} onClick={onFollow} className="procedo-CustomiseContext-designer">
                  {L.openInDesigner}
                </a>
              </p>
            ) : null}
            <h3>{L.formElements(definition.Name)}</h3>
            <table className="procedo-CustomiseContext-elements">
              <thead>
                <tr>
                  <th scope="col">{L.elementName}</th>
                  <th scope="col">{L.elementKind}</th>
                  <th scope="col">{L.elementLabel}</th>
                  <th scope="col">{L.hidden}</th>
                  <th scope="col">{L.locked}</th>
                </tr>
              </thead>
              <tbody>
                {flattenElements(definition).map((element) => {
                  const permission = permissions.get(element.Name);
                  return (
                    <tr key={element.Name}>
                      <th scope="row">{element.Name}</th>
                      <td>{element.Kind}</td>
                      <td>{'Label' in element ? element.Label : ''}</td>
                      <td>{yesNo(permission?.ElementHidden ?? false)}</td>
                      <td>{yesNo(permission?.ElementLocked ?? false)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <details>
              <summary>{L.definitionJson}</summary>
              <pre className="procedo-CustomiseContext-json">{JSON.stringify(definition, null, 2)}</pre>
            </details>
          </>
        ) : null}
      </div>
      <div className="procedo-Dialog-actions">
        <Button className="procedo-Button" data-variant="primary" autoFocus onPress={onClose}>
          {L.close}
        </Button>
      </div>
    </ShellDialog>
  );
}
