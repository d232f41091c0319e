import type { DesignerFormList } from '@procedo/client-api';
import { Link } from 'react-router';
import { v1 } from '../api';
import { DesignerDataLinks } from '../designer/DesignerDataLinks';
import { formDesignerHref } from '../designer/designer-query';
import { useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

/**
 * `/designer` (Administration › Form designer): every form with its version in force now, each
 * opening the designer. Only for the design-mode permission; the server refuses the list anyway.
 */
export function DesignerListPage() {
  const texts = useHostTexts().designer;
  const { context } = useSignedIn();
  if (!context.DesignMode.CanDesign) {
    return (
      <>
        <h1>{texts.title}</h1>
        <p role="note">{texts.noRight}</p>
      </>
    );
  }
  return <DesignerFormsList />;
}

function DesignerFormsList() {
  const texts = useHostTexts().designer;
  const forms = useLoad<DesignerFormList>(() => v1.designer.forms.list(), []);
  return (
    <>
      <h1>{texts.title}</h1>
      <section aria-labelledby="designer-forms" className="procedo-Dashboard-card">
        <h2 id="designer-forms">{texts.forms}</h2>
        {forms.kind === 'loading' && <p aria-live="polite">{texts.loading}</p>}
        {forms.kind === 'error' && <p role="alert">{forms.message}</p>}
        {forms.kind === 'ready' && (
          <table className="procedo-DesignerList">
            <thead>
              <tr>
                <th scope="col">{texts.form}</th>
                <th scope="col">{texts.kind}</th>
                <th scope="col">{texts.version}</th>
                <th scope="col">{texts.published}</th>
              </tr>
            </thead>
            <tbody>
              {forms.data.Items.map((form) => (
                <tr key={form.WebTemplateNo}>
                  <th scope="row">
                    <Link to={formDesignerHref(form.WebTemplateNo)}>
                      {form.Title} ({form.WebTemplateNo})
                    </Link>
                  </th>
                  <td>{form.Kind}</td>
                  <td>{form.Version}</td>
                  <td>
                    {form.PublishedBy}, {form.PublishedAt}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <DesignerDataLinks />
    </>
  );
}
