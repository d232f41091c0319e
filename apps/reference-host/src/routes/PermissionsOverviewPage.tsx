import type { PermissionOverview, PermissionRow } from '@procedo/client-api';
import { Link } from 'react-router';
import { v1 } from '../api';
import { permissionEditorHref } from '../forms/permission-query';
import { useLoad } from '../processes/useLoad';
import { type HostTexts, useHostTexts } from '../texts';

/** The rows of one form and one owner. */
interface OwnerGroup {
  key: string;
  first: PermissionRow;
  rows: PermissionRow[];
}

function groups(items: readonly PermissionRow[]): OwnerGroup[] {
  const byKey = new Map<string, OwnerGroup>();
  for (const row of items) {
    const key = `${row.WebTemplateNo}:${row.OwnerType}:${row.OwnerId}`;
    const group = byKey.get(key) ?? { key, first: row, rows: [] };
    group.rows.push(row);
    byKey.set(key, group);
  }
  return [...byKey.values()];
}

const flags = (row: PermissionRow, texts: HostTexts['permissions']) =>
  [row.Hidden ? texts.hidden : null, row.Locked ? texts.locked : null].filter(Boolean).join(', ');

/**
 * `/permissions` (Administration › Permissions): every element permission row by form and owner
 * (`GET permissions`, permission-design only); each form and owner opens the editor.
 */
export function PermissionsOverviewPage() {
  const texts = useHostTexts().permissions;
  const overview = useLoad<PermissionOverview>(() => v1.permissions.overview(), []);
  return (
    <>
      <h1>{texts.title}</h1>
      <section aria-labelledby="permissions-list" className="procedo-Dashboard-card">
        <h2 id="permissions-list">{texts.list}</h2>
        {overview.kind === 'loading' && <p aria-live="polite">{texts.loading}</p>}
        {overview.kind === 'error' && <p role="alert">{overview.message}</p>}
        {overview.kind === 'ready' && overview.data.Items.length === 0 && <p>{texts.empty}</p>}
        {overview.kind === 'ready' && overview.data.Items.length > 0 && (
          <table className="procedo-PermissionsOverview">
            <thead>
              <tr>
                <th scope="col">{texts.form}</th>
                <th scope="col">{texts.owner}</th>
                <th scope="col">{texts.element}</th>
                <th scope="col">{texts.permission}</th>
              </tr>
            </thead>
            {groups(overview.data.Items).map(({ key, first, rows }) => (
              <tbody key={key}>
                {rows.map((row, index) => (
                  <tr key={row.ElementName}>
                    {index === 0 ? (
                      <>
                        <th scope="rowgroup" rowSpan={rows.length}>
                          {first.FormTitle} ({first.WebTemplateNo})
                        </th>
                        <td rowSpan={rows.length}>
                          <Link
                            to={permissionEditorHref({
                              webTemplateNo: first.WebTemplateNo,
                              owner: { ownerType: first.OwnerType, ownerId: first.OwnerId },
                            })}
                          >
                            {first.OwnerType === 'profile'
                              ? texts.profile(first.OwnerName)
                              : texts.user(first.OwnerName)}
                          </Link>
                        </td>
                      </>
                    ) : null}
                    <td>{row.ElementName}</td>
                    <td>{flags(row, texts)}</td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        )}
      </section>
    </>
  );
}
