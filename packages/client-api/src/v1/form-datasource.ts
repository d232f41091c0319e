import * as z from 'zod/mini';
import { LeafElementSchema } from './form-schemas';
import type { V1Request } from './request';

/**
 * The runtime half of datasources (issue 16 item 4, spec §3 grid schema): the columns an entity
 * offers to a search form's grid (the column-list selector) and to the filter editor, read by every
 * user of the form (`forms/{no}/datasource`). Designing and publishing them
 * (`designer/datasources…`) is `@procedo/client-api/designer`'s.
 */

const Version = z.int().check(z.positive());

/** The kinds of value a datasource column holds: those of the value elements. */
export const DatasourceValueKindSchema = z.enum([
  'text',
  'textarea',
  'phone',
  'brackets',
  'number',
  'date',
  'select',
  'checkbox',
  'picker',
  'file',
]);
export type DatasourceValueKind = z.infer<typeof DatasourceValueKindSchema>;

/** One grid schema column (spec §3) and the kind of its value. */
export const DatasourceColumnSchema = z.strictObject({
  /** The record value it shows (a value element's name). */
  Name: z
    .string()
    .check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'A column name is a letter then letters, digits or _')),
  Caption: z.string().check(z.trim(), z.minLength(1, 'Enter a caption'), z.maxLength(200)),
  /** A longer text about the column (a tooltip). */
  Description: z.optional(z.string().check(z.maxLength(1000))),
  /** The value shown, when it differs from `Name` (e.g. `Supplier.Text` of a picker). */
  DataTextColumn: z.optional(z.string().check(z.maxLength(128))),
  /** The form that opens for the row from this column. */
  DataFormId: z.optional(Version),
  /** The process command started for the row from this column. */
  WorkflowId: z.optional(Version),
  Kind: DatasourceValueKindSchema,
});
export type DatasourceColumn = z.infer<typeof DatasourceColumnSchema>;

/** `GET forms/{no}/datasource`: the columns the user may add to the form's grid and filter on. */
export const FormDatasourceSchema = z.strictObject({
  Entity: z.string(),
  Version,
  Columns: z.array(
    z.extend(DatasourceColumnSchema, {
      /** The element the server searches and filters the column as (the filter editor's field). */
      Element: LeafElementSchema,
    }),
  ),
});
export type FormDatasource = z.infer<typeof FormDatasourceSchema>;

/** `forms/{no}/datasource` of the v1 API (`v1.datasources`). */
export interface FormDatasourceApi {
  /** `GET forms/{no}/datasource`: what the user may add to that search form's grid. */
  ofForm(webTemplateNo: number, options?: { signal?: AbortSignal }): Promise<FormDatasource>;
}

/** Builds the form datasource resource on a {@link V1Request}. */
export function createFormDatasourceApi(request: V1Request): FormDatasourceApi {
  return {
    ofForm: (no, options) =>
      request(
        FormDatasourceSchema,
        `forms/${encodeURIComponent(no)}/datasource`,
        options?.signal ? { signal: options.signal } : {},
      ),
  };
}
