/**
 * The search page's result list as a parent data source (spec §2/§8): a record opened from it in
 * a dialog, popup or tab (its link carries `dataRf=results`) finds the list with
 * `findParentDataSource` and offers the previous and next record.
 */

/** The name the search page registers its result list under (`dataRf` of the links it opens). */
export const RESULTS_DATA_SOURCE = 'results';

/** What the search page registers: the form its rows open in and the row ids, in list order. */
export interface ResultsDataSource {
  WebTemplateNo: number;
  Ids: readonly number[];
}

/** Where a record sits in its parent's result list. */
export interface RecordPosition {
  /** 1-based position in the list. */
  position: number;
  total: number;
  previousId: number | null;
  nextId: number | null;
}

/** Builds the (frozen) data source of a result list. */
export function resultsDataSource(webTemplateNo: number, ids: readonly number[]): ResultsDataSource {
  return Object.freeze({ WebTemplateNo: webTemplateNo, Ids: Object.freeze([...ids]) });
}

// The source comes from another window (its own realm): check its shape, never trust it.
function isResultsDataSource(value: unknown): value is ResultsDataSource {
  if (typeof value !== 'object' || value === null) return false;
  const { WebTemplateNo, Ids } = value as Partial<ResultsDataSource>;
  return (
    typeof WebTemplateNo === 'number' &&
    Array.isArray(Ids) &&
    Ids.every((id) => typeof id === 'number' && Number.isInteger(id))
  );
}

/**
 * Locates a record in a parent's result list. `null` when the source is not a result list, lists
 * another form's records, or no longer holds this record: the parent data is then invalid.
 */
export function locateRecord(
  source: unknown,
  webTemplateNo: number,
  recordId: number,
): RecordPosition | null {
  if (!isResultsDataSource(source) || source.WebTemplateNo !== webTemplateNo) return null;
  const index = source.Ids.indexOf(recordId);
  if (index < 0) return null;
  return {
    position: index + 1,
    total: source.Ids.length,
    previousId: index > 0 ? (source.Ids[index - 1] as number) : null,
    nextId: index < source.Ids.length - 1 ? (source.Ids[index + 1] as number) : null,
  };
}
