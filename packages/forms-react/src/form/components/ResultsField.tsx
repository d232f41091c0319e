import type { FieldValue } from '@procedo/client-api';
import { memo } from 'react';
import { FORMS_TEXTS, useFormsTexts } from '../../i18n/texts';
import { TranslateButton, TranslateGroup } from '../../translation/TranslateButton';
import { columnTarget } from '../../translation/translation-target';
import { useFormRendererContext } from '../hooks/form-context';
import type { FieldComponentProps } from '../registry';
import type { ElementOf } from '../state/elements';

/** Texts of the result list. */
export const ResultsLabels = FORMS_TEXTS.results;

/** How a value shows in a result cell. */
export function formatCellValue(
  value: FieldValue | undefined,
  labels: { yes: string; no: string } = ResultsLabels,
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  if (typeof value === 'object') return 'FileName' in value ? value.FileName : value.Text;
  return String(value);
}

/**
 * The result list of a search form: an accessible table (caption, column headers) of the rows the
 * host passes to `FormRenderer`; the first cell of each row links to the record.
 */
export const ResultsField = memo(function ResultsField({
  element,
  store,
}: FieldComponentProps<ElementOf<'results'>>) {
  const { results, getRowHref, renderResults } = useFormRendererContext();
  const texts = useFormsTexts();
  if (store.isHidden(element.Name)) return null;
  const translate = (
    <>
      <TranslateButton name={element.Name} label={element.Label} />
      <TranslateGroup
        label={texts.translation.columns(element.Label)}
        targets={(no) => element.Columns.map((column) => columnTarget(no, element.Name, column))}
      />
    </>
  );
  if (renderResults)
    return (
      <div className="procedo-Field procedo-Field-results" data-name={element.Name}>
        {translate}
        {renderResults(element)}
      </div>
    );
  const rows = results ?? [];
  const webTemplateNo = element.OpenWebTemplateNo ?? store.definition.WebTemplateNo;
  return (
    <div
      className="procedo-Field procedo-Field-results"
      data-name={element.Name}
      data-empty={rows.length === 0 || undefined}
    >
      {translate}
      <table className="procedo-ResultList">
        <caption>{element.Label}</caption>
        <thead>
          <tr>
            {element.Columns.map((column) => (
              <th key={column.Name} scope="col">
                {column.Caption}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={element.Columns.length}>{texts.results.noResults}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.Id} data-id={row.Id}>
                {element.Columns.map((column, index) => {
                  const text = formatCellValue(row.Values[column.Name], texts.results);
                  return index === 0 ? (
                    <th key={column.Name} scope="row">
                      <a href={getRowHref({ row, webTemplateNo })}>{text || String(row.Id)}</a>
                    </th>
                  ) : (
                    <td key={column.Name}>{text}</td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
});
