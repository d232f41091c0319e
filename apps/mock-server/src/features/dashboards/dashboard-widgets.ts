import type {
  DashboardBar,
  DashboardWidgetDefinition,
  LinePoint,
  SearchCondition,
  SearchFilter,
  ValueElement,
} from '@procedo/client-api';
import type { CountCondition, DashboardStore, ValueSort } from './dashboards-store';

type GroupedDefinition = Extract<DashboardWidgetDefinition, { Kind: 'bar' | 'pie' }>;
type LineDefinition = Extract<DashboardWidgetDefinition, { Kind: 'line' }>;

/** How a field of each element kind is stored and compared. */
export function sortOf(element: ValueElement): ValueSort {
  switch (element.Kind) {
    case 'number':
      return 'number';
    case 'checkbox':
      return 'boolean';
    case 'picker':
    case 'file':
      return 'id';
    default:
      return 'text';
  }
}

/** The conditions of a checked filter in the store's terms. */
export function countConditions(
  conditions: readonly SearchCondition[],
  elements: ReadonlyMap<string, ValueElement>,
): CountCondition[] {
  return conditions.map((condition) => ({
    field: condition.Field,
    kind: (elements.get(condition.Field) as ValueElement).Kind,
    op: condition.Op,
    value: condition.Value,
    value2: condition.Value2,
    values: condition.Values,
  }));
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The Monday of the week (Monday to Sunday, ISO 8601) of a `yyyy-MM-dd` date, as epoch ms. */
export function mondayOf(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY;
}

const EMPTY_LABEL = '(none)';
/** Weeks a week chart shows when its definition names no `MaxBars`. */
export const DEFAULT_WEEKS = 26;

/** Days or weeks a line shows when its definition names no `MaxPoints`. */
export const DEFAULT_LINE_POINTS = { day: 90, week: DEFAULT_WEEKS } as const;

interface GroupOptions {
  store: DashboardStore;
  entity: string;
  atIso: string | undefined;
  /** The widget's own conditions (all must hold). */
  base: readonly SearchCondition[];
  group: ValueElement;
  elements: ReadonlyMap<string, ValueElement>;
}

/** One grouped count: each stored value's count, and the count of records without a value. */
async function countGroups({ store, entity, atIso, base, group, elements }: GroupOptions) {
  const counts = await store.countBy(
    { entity, conditions: countConditions(base, elements), ...(atIso === undefined ? {} : { atIso }) },
    { field: group.Name, sort: sortOf(group) },
  );
  let empty = 0;
  const byKey = new Map<string, number>();
  for (const { key, count } of counts) {
    if (key === null || key === '') empty += count;
    else byKey.set(String(key), (byKey.get(String(key)) ?? 0) + count);
  }
  return { byKey, empty };
}

/** Counts of `yyyy-MM-dd` keys summed per day or per week (its Monday), keyed by epoch ms. */
function countsPerBucket(byKey: ReadonlyMap<string, number>, bucket: 'day' | 'week'): Map<number, number> {
  const buckets = new Map<number, number>();
  for (const [key, count] of byKey) {
    const start = bucket === 'week' ? mondayOf(key) : Date.parse(`${key}T00:00:00Z`);
    if (Number.isFinite(start)) buckets.set(start, (buckets.get(start) ?? 0) + count);
  }
  return buckets;
}

/**
 * The groups of a bar or pie widget: each group's count from one grouped count, and each group's
 * `Where` the widget's conditions and the group's own — exactly the rows it counts (a test proves
 * it). A date field is grouped by week (bars only); null for a field that cannot be grouped.
 */
export async function computeGroups(options: {
  store: DashboardStore;
  entity: string;
  atIso: string | undefined;
  widget: GroupedDefinition;
  group: ValueElement;
  elements: ReadonlyMap<string, ValueElement>;
}): Promise<DashboardBar[] | null> {
  const { widget, group } = options;
  const base = widget.Where?.Conditions ?? [];
  const isDate = group.Kind === 'date';
  const byWeek = widget.Kind === 'bar' && widget.Bucket === 'week';
  // A date is grouped by week only (and only in bars); other kinds that have no few values are not charted.
  if (isDate !== byWeek) return null;
  if (!['select', 'checkbox', 'number', 'date'].includes(group.Kind)) return null;
  const { byKey, empty } = await countGroups({ ...options, base });
  const bar = (label: string, value: number, own: SearchCondition): DashboardBar => {
    const where: SearchFilter = { Combine: 'and', Conditions: [...base, own] };
    return { Label: label, Value: value, Where: where };
  };
  const field = group.Name;
  const bars: DashboardBar[] = [];
  if (isDate) {
    const weeks = countsPerBucket(byKey, 'week');
    const newest = Math.max(...weeks.keys());
    if (Number.isFinite(newest)) {
      const shown = (widget.Kind === 'bar' ? widget.MaxBars : undefined) ?? DEFAULT_WEEKS;
      for (let i = shown - 1; i >= 0; i--) {
        const monday = newest - i * 7 * DAY;
        const own = {
          Field: field,
          Op: 'between' as const,
          Value: isoDay(monday),
          Value2: isoDay(monday + 6 * DAY),
        };
        bars.push(bar(isoDay(monday), weeks.get(monday) ?? 0, own));
      }
    }
  } else if (group.Kind === 'select') {
    for (const option of group.Options) {
      bars.push(
        bar(option.Label, byKey.get(option.Value) ?? 0, { Field: field, Op: 'equals', Value: option.Value }),
      );
      byKey.delete(option.Value);
    }
    // A value no longer among the options still counts, under its stored text.
    for (const [key, count] of byKey) bars.push(bar(key, count, { Field: field, Op: 'equals', Value: key }));
  } else if (group.Kind === 'checkbox') {
    bars.push(bar('Yes', byKey.get('1') ?? 0, { Field: field, Op: 'equals', Value: 'true' }));
    bars.push(bar('No', byKey.get('0') ?? 0, { Field: field, Op: 'equals', Value: 'false' }));
  } else {
    for (const [key, count] of byKey) bars.push(bar(key, count, { Field: field, Op: 'equals', Value: key }));
  }
  if (empty > 0 && group.Kind !== 'checkbox')
    bars.push(bar(EMPTY_LABEL, empty, { Field: field, Op: 'empty' }));
  return bars;
}

/**
 * The points of a line widget, oldest first: the newest `MaxPoints` days or weeks up to the newest
 * with records, each counted from one grouped count (a day or week without records is 0). Each
 * point's rows are `linePointWhere(widget, point)` (a test proves the counts). Null unless the
 * field is a date; no points when no record has a date.
 */
export async function computeLine(options: {
  store: DashboardStore;
  entity: string;
  atIso: string | undefined;
  widget: LineDefinition;
  group: ValueElement;
  elements: ReadonlyMap<string, ValueElement>;
}): Promise<LinePoint[] | null> {
  const { widget, group } = options;
  if (group.Kind !== 'date') return null;
  const { byKey } = await countGroups({ ...options, base: widget.Where?.Conditions ?? [] });
  const buckets = countsPerBucket(byKey, widget.Bucket);
  const newest = Math.max(...buckets.keys());
  if (!Number.isFinite(newest)) return [];
  const step = widget.Bucket === 'week' ? 7 * DAY : DAY;
  const shown = widget.MaxPoints ?? DEFAULT_LINE_POINTS[widget.Bucket];
  const points: LinePoint[] = [];
  for (let i = shown - 1; i >= 0; i--) {
    const start = newest - i * step;
    points.push({ Date: isoDay(start), Value: buckets.get(start) ?? 0 });
  }
  return points;
}
