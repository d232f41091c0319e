import type { DatasourceList } from '@procedo/client-api/designer';
import { Link } from 'react-router';
import { designerV1 } from '../designer-api';
import { useLoad } from '../processes/useLoad';
import { useHostTexts } from '../texts';

/** `/designer`'s entries for datasources (one per entity) and the saved filters' management. */
export function DesignerDataLinks() {
  const texts = useHostTexts();
  const datasources = useLoad<DatasourceList>(() => designerV1.datasources.list(), []);
  return (
    <section aria-labelledby="designer-data" className="procedo-Dashboard-card">
      <h2 id="designer-data">{texts.designerData.section}</h2>
      <ul>
        <li>
          <Link to="/designer/filters">{texts.designerData.filters}</Link> —{' '}
          {texts.designerData.filtersDescription}
        </li>
        {datasources.kind === 'ready'
          ? datasources.data.Items.map((item) => (
              <li key={item.Entity}>
                <Link to={`/designer/datasource?Entity=${encodeURIComponent(item.Entity)}`}>
                  {texts.designerData.datasource(item.Entity)}
                </Link>{' '}
                ({texts.designer.version} {item.Version})
              </li>
            ))
          : null}
      </ul>
      {datasources.kind === 'error' && <p role="alert">{datasources.message}</p>}
    </section>
  );
}
