import { type FormDefinition, flattenElements } from '@procedo/client-api';

/** The host's printable audit trail page of a record (`/audit-print`), at a timepoint when given. */
export function auditPrintHref(webTemplateNo: number, recordId: number, timepoint: string | null): string {
  const params = new URLSearchParams({ WebTemplateNo: String(webTemplateNo), RecordId: String(recordId) });
  if (timepoint) params.set('Timepoint', timepoint);
  return `/audit-print?${params}`;
}

/** The form page of a record (`/form?WebTemplateNo=…&UGoToItemNo=…`). */
export function recordHref(webTemplateNo: number, recordId: number): string {
  return `/form?${new URLSearchParams({ WebTemplateNo: String(webTemplateNo), UGoToItemNo: String(recordId) })}`;
}

/** An element's label by its name on a form (the name itself for one the form does not have). */
export function fieldLabelOf(definition: FormDefinition): (name: string) => string {
  const labels = new Map<string, string>();
  for (const element of flattenElements(definition)) {
    if ('Label' in element && typeof element.Label === 'string') labels.set(element.Name, element.Label);
  }
  return (name) => labels.get(name) ?? name;
}

/**
 * The audit search page's filters as its address holds them (`/audit?UserName=…&Entity=…&From=…&To=…`):
 * the `From`/`To` days (`yyyy-MM-dd`) become the UTC instants the server filters by, a whole day each.
 */
export interface AuditSearchFilters {
  userName: string;
  entity: string;
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads {@link AuditSearchFilters} from the page's query; a day that is not `yyyy-MM-dd` is dropped. */
export function readAuditSearchQuery(params: URLSearchParams): AuditSearchFilters {
  const day = (name: string) => {
    const text = params.get(name)?.trim() ?? '';
    return DAY.test(text) ? text : '';
  };
  return {
    userName: params.get('UserName')?.trim() ?? '',
    entity: params.get('Entity')?.trim() ?? '',
    from: day('From'),
    to: day('To'),
  };
}

/** The instants of a day range, UTC: from the first millisecond of `from` to the last of `to`. */
export function dayRange(filters: AuditSearchFilters): { from?: string; to?: string } {
  return {
    ...(filters.from ? { from: `${filters.from}T00:00:00.000Z` } : {}),
    ...(filters.to ? { to: `${filters.to}T23:59:59.999Z` } : {}),
  };
}
