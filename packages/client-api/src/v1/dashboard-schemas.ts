import * as z from 'zod/mini';
import { type SearchFilter, SearchFilterSchema } from '../search/search-query';

/**
 * Wire schemas of dashboards: the definition the server stores (server data, like a form
 * definition) and the dashboard it computes from the business data for one user, now or at a
 * Timepoint. Each tile and bar carries the search form and the exact conditions of its rows, so a
 * host links it to the grid showing exactly those rows.
 */

const Title = z.string().check(z.minLength(1), z.maxLength(200));
const WebTemplateNo = z.int().check(z.positive());
const FieldName = z.string().check(z.minLength(1), z.maxLength(64));

/** A number tile: how many records of the search form's entity the conditions select. */
export const KpiWidgetDefinitionSchema = z.strictObject({
  Kind: z.literal('kpi'),
  Title,
  /** The search form whose grid shows the rows (its entity; its fields the user may see). */
  WebTemplateNo,
  /** The rows counted. @default every record */
  Where: z.optional(SearchFilterSchema),
});

/** The conditions every group of a chart adds its own to: they must all hold (`and`). */
type Conditioned = { Where?: SearchFilter | undefined };
const chartConditionChecks = [
  z.refine<Conditioned>(
    (widget) => !widget.Where || widget.Where.Combine === 'and' || widget.Where.Conditions.length === 1,
    {
      message: 'A chart’s conditions must all hold (Combine "and"): each group adds its own.',
      path: ['Where', 'Combine'],
    },
  ),
  z.refine<Conditioned>((widget) => !widget.Where || widget.Where.Conditions.length < 20, {
    message: 'A chart takes at most 19 conditions: each group adds its own.',
    path: ['Where', 'Conditions'],
  }),
] as const;

/**
 * A bar chart: the records the conditions select, grouped by one field — a select, checkbox or
 * number by value; a date by week (`Bucket: 'week'`, Monday to Sunday).
 */
export const BarWidgetDefinitionSchema = z
  .strictObject({
    Kind: z.literal('bar'),
    Title,
    WebTemplateNo,
    /** The field whose values (or weeks) are the bars. */
    GroupBy: FieldName,
    /** Required for a date field. */
    Bucket: z.optional(z.literal('week')),
    /**
     * Each bar's rows are these conditions and the bar's own, so they must all hold (`and`).
     * @default every record
     */
    Where: z.optional(SearchFilterSchema),
    /** For week buckets: only the newest this many weeks. @default every week with records */
    MaxBars: z.optional(z.int().check(z.positive(), z.maximum(100))),
  })
  .check(...chartConditionChecks);

/**
 * A pie chart: each slice the share of the selected records with one value of a select, checkbox
 * or number field (not a date: dates are a line or week bars).
 */
export const PieWidgetDefinitionSchema = z
  .strictObject({
    Kind: z.literal('pie'),
    Title,
    WebTemplateNo,
    /** The field whose values are the slices. */
    GroupBy: FieldName,
    /** Each slice's rows are these conditions and the slice's own (`and`). @default every record */
    Where: z.optional(SearchFilterSchema),
  })
  .check(...chartConditionChecks);

/** Most points a line chart takes. */
export const LINE_POINTS_MAX = 10_000;

/**
 * A line chart over time: the selected records counted per day or per week (Monday to Sunday) of
 * a date field, the newest `MaxPoints` days or weeks up to the newest with records, a day or
 * week with none counted as 0.
 */
export const LineWidgetDefinitionSchema = z
  .strictObject({
    Kind: z.literal('line'),
    Title,
    WebTemplateNo,
    /** The date field whose days or weeks are the points. */
    GroupBy: FieldName,
    Bucket: z.enum(['day', 'week']),
    /** Each point's rows are these conditions and the point's own (`and`). @default every record */
    Where: z.optional(SearchFilterSchema),
    /** How many days or weeks. @default 90 days or 26 weeks */
    MaxPoints: z.optional(z.int().check(z.minimum(2), z.maximum(LINE_POINTS_MAX))),
  })
  .check(...chartConditionChecks);

/** A tile counting the user's open process steps (the process list's open processes). */
export const MyStepsWidgetDefinitionSchema = z.strictObject({
  Kind: z.literal('mySteps'),
  Title,
});

/** One widget of a {@link DashboardDefinitionSchema}. */
export const DashboardWidgetDefinitionSchema = z.discriminatedUnion('Kind', [
  KpiWidgetDefinitionSchema,
  BarWidgetDefinitionSchema,
  PieWidgetDefinitionSchema,
  LineWidgetDefinitionSchema,
  MyStepsWidgetDefinitionSchema,
]);
export type DashboardWidgetDefinition = z.infer<typeof DashboardWidgetDefinitionSchema>;

/** A dashboard as stored: its title and widgets, in order. */
export const DashboardDefinitionSchema = z.strictObject({
  Id: z.int().check(z.positive()),
  Title,
  Widgets: z.array(DashboardWidgetDefinitionSchema).check(z.minLength(1), z.maxLength(24)),
});
export type DashboardDefinition = z.infer<typeof DashboardDefinitionSchema>;

/** One bar: its label, its count and the exact conditions of its rows (the widget's and its own). */
export const DashboardBarSchema = z.object({
  Label: z.string(),
  Value: z.int().check(z.nonnegative()),
  Where: SearchFilterSchema,
});
export type DashboardBar = z.infer<typeof DashboardBarSchema>;

/** A computed number tile. `WebTemplateNo` + `Where` build the link to its rows. */
export const KpiWidgetSchema = z.object({
  Kind: z.literal('kpi'),
  Title: z.string(),
  Value: z.int().check(z.nonnegative()),
  WebTemplateNo,
  Where: z.nullable(SearchFilterSchema),
});
export type KpiWidget = z.infer<typeof KpiWidgetSchema>;

/** A computed bar chart; each bar's `Where` with `WebTemplateNo` builds the link to its rows. */
export const BarWidgetSchema = z.object({
  Kind: z.literal('bar'),
  Title: z.string(),
  WebTemplateNo,
  GroupBy: z.string(),
  /** The caption of the grouped field on the search form. */
  GroupLabel: z.string(),
  Bars: z.array(DashboardBarSchema),
});
export type BarWidget = z.infer<typeof BarWidgetSchema>;

/** A computed pie chart; each slice's `Where` with `WebTemplateNo` builds the link to its rows. */
export const PieWidgetSchema = z.object({
  Kind: z.literal('pie'),
  Title: z.string(),
  WebTemplateNo,
  GroupBy: z.string(),
  /** The caption of the grouped field on the search form. */
  GroupLabel: z.string(),
  Slices: z.array(DashboardBarSchema),
});
export type PieWidget = z.infer<typeof PieWidgetSchema>;

/** One point of a line chart: the first day of its day or week (`yyyy-MM-dd`) and its count. */
export const LinePointSchema = z.object({
  Date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  Value: z.int().check(z.nonnegative()),
});
export type LinePoint = z.infer<typeof LinePointSchema>;

/**
 * A computed line chart, oldest point first. The points carry no conditions of their own (a line
 * may have 10,000): {@link linePointWhere} builds a point's — the widget's `Where` and the point's
 * day or week — the same way the server counted it.
 */
export const LineWidgetSchema = z.object({
  Kind: z.literal('line'),
  Title: z.string(),
  WebTemplateNo,
  GroupBy: z.string(),
  GroupLabel: z.string(),
  Bucket: z.enum(['day', 'week']),
  Where: z.nullable(SearchFilterSchema),
  Points: z.array(LinePointSchema),
});
export type LineWidget = z.infer<typeof LineWidgetSchema>;

const DAY_MS = 86_400_000;

/** The last day of a line point's day or week, `yyyy-MM-dd`. */
export function linePointEnd(bucket: LineWidget['Bucket'], date: string): string {
  if (bucket === 'day') return date;
  return new Date(Date.parse(`${date}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);
}

/** The exact conditions of one point's rows: the widget's and the point's day or week. */
export function linePointWhere(
  widget: Pick<LineWidget, 'Bucket' | 'GroupBy' | 'Where'>,
  point: Pick<LinePoint, 'Date'>,
): SearchFilter {
  return {
    Combine: 'and',
    Conditions: [
      ...(widget.Where?.Conditions ?? []),
      {
        Field: widget.GroupBy,
        Op: 'between',
        Value: point.Date,
        Value2: linePointEnd(widget.Bucket, point.Date),
      },
    ],
  };
}

/** A computed count of the user's open process steps. */
export const MyStepsWidgetSchema = z.object({
  Kind: z.literal('mySteps'),
  Title: z.string(),
  Value: z.int().check(z.nonnegative()),
});
export type MyStepsWidget = z.infer<typeof MyStepsWidgetSchema>;

/** One computed widget. */
export const DashboardWidgetSchema = z.discriminatedUnion('Kind', [
  KpiWidgetSchema,
  BarWidgetSchema,
  PieWidgetSchema,
  LineWidgetSchema,
  MyStepsWidgetSchema,
]);
export type DashboardWidget = z.infer<typeof DashboardWidgetSchema>;

/**
 * `GET dashboards/{id}`: the dashboard computed for the asking user — now, or as the data were at
 * `Timepoint`. A widget over a field the user may not see (or a form the user may not open) is
 * left out, never shown in part.
 */
export const DashboardSchema = z.object({
  Id: z.int().check(z.positive()),
  Title: z.string(),
  /** The instant computed at (ISO UTC), or null for the current data. */
  Timepoint: z.nullable(z.string()),
  Widgets: z.array(DashboardWidgetSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** `GET dashboards`: the dashboards the user may open. */
export const DashboardListSchema = z.object({
  Items: z.array(z.object({ Id: z.int().check(z.positive()), Title: z.string() })),
});
export type DashboardList = z.infer<typeof DashboardListSchema>;
