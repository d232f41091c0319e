import type { DesignerCommandList, DesignerFormList } from '@procedo/client-api/designer';
import { Link } from 'react-router';
import { DesignerDataLinks } from '../designer/DesignerDataLinks';
import { commandDesignerHref, formDesignerHref } from '../designer/designer-query';
import { DesignerNotice } from '../designer/page-parts';
import { designerV1 } from '../designer-api';
import { type LoadResult, useLoad } from '../processes/useLoad';
import { useSignedIn } from '../shell/signed-in-context';
import { useHostTexts } from '../texts';

/**
 * `/designer` (Administration › Form designer): every form and every process command with its
 * version in force now, each opening its designer. Only for the design-mode permission; the
 * server refuses the lists anyway.
 */
export function DesignerListPage() {
  const texts = useHostTexts().designer;
  const { context } = useSignedIn();
  if (!context.DesignMode.CanDesign) {
    return (
      <>
        <DesignerNotice title={texts.title} kind="note" text={texts.noRight} />
        <NavigationDesignerLink />
      </>
    );
  }
  return <DesignerLists />;
}

function DesignerLists() {
  const texts = useHostTexts().designer;
  const forms = useLoad<DesignerFormList>(() => designerV1.designer.forms.list(), []);
  const commands = useLoad<DesignerCommandList>(() => designerV1.designer.commands.list(), []);
  return (
    <>
      <h1>{texts.title}</h1>
      <NavigationDesignerLink />
      <p>
        <Link to="/designer/changes">{texts.changes}</Link>
      </p>
      <DesignerTable
        id="designer-forms"
        heading={texts.forms}
        columns={[texts.form, texts.kind, texts.version, texts.published]}
        loaded={forms}
        rows={(data) =>
          data.Items.map((form) => ({
            key: form.WebTemplateNo,
            href: formDesignerHref(form.WebTemplateNo),
            name: `${form.Title} (${form.WebTemplateNo})`,
            cells: [form.Kind, form.Version, `${form.PublishedBy}, ${form.PublishedAt}`],
          }))
        }
      />
      <DesignerTable
        id="designer-commands"
        heading={texts.commands}
        columns={[texts.command, texts.steps, texts.version, texts.published]}
        loaded={commands}
        rows={(data) =>
          data.Items.map((command) => ({
            key: command.CommandId,
            href: commandDesignerHref(command.CommandId),
            name: `${command.Name} (${command.CommandId})`,
            cells: [command.StepCount, command.Version, `${command.PublishedBy}, ${command.PublishedAt}`],
          }))
        }
      />
      <DesignerDataLinks />
    </>
  );
}

interface DesignerRow {
  key: number;
  href: string;
  name: string;
  cells: (string | number)[];
}

/** One list of definitions: a row each, its name linking to its designer. */
function DesignerTable<T>(props: {
  id: string;
  heading: string;
  columns: string[];
  loaded: LoadResult<T>;
  rows: (data: T) => DesignerRow[];
}) {
  const texts = useHostTexts().designer;
  const { loaded } = props;
  return (
    <section aria-labelledby={props.id} className="procedo-Dashboard-card">
      <h2 id={props.id}>{props.heading}</h2>
      {loaded.kind === 'loading' && <p aria-live="polite">{texts.loading}</p>}
      {loaded.kind === 'error' && <p role="alert">{loaded.message}</p>}
      {loaded.kind === 'ready' && (
        <table className="procedo-DesignerList">
          <thead>
            <tr>
              {props.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows(loaded.data).map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <Link to={row.href}>{row.name}</Link>
                </th>
                {row.cells.map((cell, i) => (
                  // Cells are positional: their column is their index.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The navigation designer's entry, for users with the navigation-designer flag. */
function NavigationDesignerLink() {
  const texts = useHostTexts().navigationDesigner;
  const { context } = useSignedIn();
  if (!context.Roles.includes('navigation-design')) return null;
  return (
    <p>
      <Link to="/designer/navigation">{texts.open}</Link>
    </p>
  );
}
