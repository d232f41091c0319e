import type {
  BarWidget,
  DashboardBar,
  DashboardWidgetDefinition,
  SearchCondition,
  SearchFilter,
  ValueElement,
} from '@procedo/client-api';
import type { CountCondition, DashboardStore, ValueSort } from './dashboards-store';

type BarDefinition = Extract<DashboardWidgetDefinition, { Kind: 'bar' }>;

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

/**
 * The bars of a bar widget: each bar's count from one grouped count, and each bar's `Where` the
 * widget's conditions and the bar's own — exactly the rows the bar counts (a test proves it).
 */
export async function computeBars(options: {
  store: DashboardStore;
  entity: string;
  atIso: string | undefined;
  widget: BarDefinition;
  group: ValueElement;
  elements: ReadonlyMap<string, ValueElement>;
}): Promise<BarWidget['Bars'] | null> {
  const { store, entity, atIso, widget, group, elements } = options;
  const base = widget.Where?.Conditions ?? [];
  const sort = sortOf(group);
  const isDate = group.Kind === 'date';
  // A date is grouped by week only; other kinds that have no few values are not charted.
  if (isDate !== (widget.Bucket === 'week')) return null;
  if (!['select', 'checkbox', 'number', 'date'].includes(group.Kind)) return null;
  const counts = await store.countBy(
    { entity, conditions: countConditions(base, elements), ...(atIso === undefined ? {} : { atIso }) },
    { field: group.Name, sort },
  );
  const bar = (label: string, value: number, own: SearchCondition): DashboardBar => {
    const where: SearchFilter = { Combine: 'and', Conditions: [...base, own] };
    return { Label: label, Value: value, Where: where };
  };
  const field = group.Name;
  let empty = 0;
  const byKey = new Map<string, number>();
  for (const { key, count } of counts) {
    if (key === null || key === '') empty += count;
    else byKey.set(String(key), (byKey.get(String(key)) ?? 0) + count);
  }
  const bars: DashboardBar[] = [];
  if (isDate) {
    const weeks = new Map<number, number>();
    for (const [key, count] of byKey) {
      const monday = mondayOf(key);
      if (Number.isFinite(monday)) weeks.set(monday, (weeks.get(monday) ?? 0) + count);
    }
    const newest = Math.max(...weeks.keys());
    if (Number.isFinite(newest)) {
      const shown = widget.MaxBars ?? DEFAULT_WEEKS;
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
