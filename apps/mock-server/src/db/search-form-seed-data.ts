import type { FormDefinition } from '@procedo/client-api';
import type { SqliteDatabase } from './sqlite';

/**
 * The search forms of products, batches and deviations (issue 13): criteria fields, result columns
 * from the seeded values, and the record form each row opens. Their sortable columns have an index
 * each (features/records/search-sort.ts, migration 14).
 */

/** The seeded 'Deviation handling' process command (db/seed-processes.ts, third command). */
export const DEVIATION_HANDLING_COMMAND_ID = 3;

export const PRODUCT_SEARCH: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 110,
  Name: 'ProductSearch',
  Title: 'Products',
  Entity: 'product',
  Kind: 'search',
  HelpTopic: 'products',
  Elements: [
    { Kind: 'text', Name: 'Name', Label: 'Name', MaxLength: 120 },
    { Kind: 'text', Name: 'ProductCode', Label: 'Product code', MaxLength: 20 },
    {
      Kind: 'select',
      Name: 'Category',
      Label: 'Category',
      Options: [
        { Value: 'Raw', Label: 'Raw material' },
        { Value: 'Packaging', Label: 'Packaging' },
        { Value: 'Finished', Label: 'Finished good' },
      ],
    },
    { Kind: 'button', Name: 'Search', Label: 'Search', Action: 'search', IsDefault: true },
    {
      Kind: 'results',
      Name: 'Results',
      Label: 'Products found',
      OpenWebTemplateNo: 106,
      PageSize: 25,
      Columns: [
        { Name: 'Name', Caption: 'Name' },
        { Name: 'ProductCode', Caption: 'Code' },
        {
          Name: 'Supplier',
          Caption: 'Supplier',
          DataTextColumn: 'Supplier.Text',
          DataFormId: 102,
          Description: 'The supplier the product is bought from; opens the supplier.',
        },
        { Name: 'Category', Caption: 'Category' },
        { Name: 'ShelfLifeDays', Caption: 'Shelf life (days)' },
      ],
    },
  ],
};

export const BATCH_SEARCH: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 111,
  Name: 'BatchSearch',
  Title: 'Batches',
  Entity: 'batch',
  Kind: 'search',
  HelpTopic: 'batches',
  Elements: [
    { Kind: 'text', Name: 'BatchNo', Label: 'Batch number', MaxLength: 20 },
    { Kind: 'date', Name: 'ManufacturedOn', Label: 'Manufactured on' },
    {
      Kind: 'select',
      Name: 'Status',
      Label: 'Status',
      Options: [
        { Value: 'Quarantine', Label: 'Quarantine' },
        { Value: 'Released', Label: 'Released' },
        { Value: 'Rejected', Label: 'Rejected' },
      ],
    },
    { Kind: 'button', Name: 'Search', Label: 'Search', Action: 'search', IsDefault: true },
    {
      Kind: 'results',
      Name: 'Results',
      Label: 'Batches found',
      OpenWebTemplateNo: 104,
      PageSize: 25,
      Columns: [
        { Name: 'BatchNo', Caption: 'Batch' },
        { Name: 'Product', Caption: 'Product', DataTextColumn: 'Product.Text' },
        { Name: 'Supplier', Caption: 'Supplier', DataTextColumn: 'Supplier.Text' },
        { Name: 'ManufacturedOn', Caption: 'Manufactured on' },
        { Name: 'Quantity', Caption: 'Quantity (kg)' },
        { Name: 'Status', Caption: 'Status' },
      ],
    },
  ],
};

export const DEVIATION_SEARCH: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 112,
  Name: 'DeviationSearch',
  Title: 'Deviations',
  Entity: 'deviation',
  Kind: 'search',
  HelpTopic: 'deviations',
  Elements: [
    { Kind: 'text', Name: 'Title', Label: 'Title', MaxLength: 200 },
    { Kind: 'date', Name: 'OccurredOn', Label: 'Occurred on' },
    {
      Kind: 'select',
      Name: 'Severity',
      Label: 'Severity',
      Options: [
        { Value: 'Minor', Label: 'Minor' },
        { Value: 'Major', Label: 'Major' },
        { Value: 'Critical', Label: 'Critical' },
      ],
    },
    {
      Kind: 'select',
      Name: 'Status',
      Label: 'Status',
      Options: [
        { Value: 'Open', Label: 'Open' },
        { Value: 'Investigating', Label: 'Under investigation' },
        { Value: 'Closed', Label: 'Closed' },
      ],
    },
    { Kind: 'button', Name: 'Search', Label: 'Search', Action: 'search', IsDefault: true },
    {
      Kind: 'results',
      Name: 'Results',
      Label: 'Deviations found',
      OpenWebTemplateNo: 103,
      PageSize: 25,
      Columns: [
        { Name: 'Title', Caption: 'Title' },
        { Name: 'OccurredOn', Caption: 'Occurred on' },
        { Name: 'Batch', Caption: 'Batch', DataTextColumn: 'Batch.Text', DataFormId: 104 },
        { Name: 'Severity', Caption: 'Severity' },
        {
          Name: 'Status',
          Caption: 'Status',
          WorkflowId: DEVIATION_HANDLING_COMMAND_ID,
          Description: 'Starts the deviation handling process for the row.',
        },
      ],
    },
  ],
};

/** The search forms and the navigation entries moved to them (after the record forms' moves). */
export const SEARCH_FORMS: readonly { form: FormDefinition; navigationTitle: string }[] = [
  { form: PRODUCT_SEARCH, navigationTitle: 'Products' },
  { form: BATCH_SEARCH, navigationTitle: 'Batches' },
  { form: DEVIATION_SEARCH, navigationTitle: 'Deviations' },
];

const urlOf = (no: number) => `/form?WebTemplateNo=${no}`;

/**
 * Migration 14 in a database seeded before these forms: each search form whose record form is
 * there is added, the profiles that may open the record form may open it, and the navigation
 * entry that opened the record form opens the search. A new database gets them from its seed.
 */
export function addSearchForms(db: SqliteDatabase, at: string): void {
  const has = db.prepare<[number], { n: number }>(
    'SELECT 1 AS n FROM form_definitions WHERE web_template_no = ?',
  );
  const insert = db.prepare(
    `INSERT INTO form_definitions (web_template_no, schema_version, json, updated_at_utc, updated_by)
     VALUES (?, ?, ?, ?, 'system')`,
  );
  const grant = db.prepare(
    `INSERT OR IGNORE INTO form_access (profile_id, web_template_no)
     SELECT profile_id, ? FROM form_access WHERE web_template_no = ?`,
  );
  const move = db.prepare('UPDATE navigation_nodes SET url = ? WHERE title = ? AND url = ?');
  for (const { form, navigationTitle } of SEARCH_FORMS) {
    const results = form.Elements.find((element) => element.Kind === 'results');
    const target = results?.Kind === 'results' ? results.OpenWebTemplateNo : undefined;
    if (target === undefined || !has.get(target) || has.get(form.WebTemplateNo)) continue;
    insert.run(form.WebTemplateNo, form.schemaVersion, JSON.stringify(form), at);
    grant.run(form.WebTemplateNo, target);
    move.run(urlOf(form.WebTemplateNo), navigationTitle, urlOf(target));
  }
}
