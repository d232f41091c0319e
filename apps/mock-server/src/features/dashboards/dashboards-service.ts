import {
  type Dashboard,
  DashboardDefinitionSchema,
  type DashboardList,
  type DashboardWidget,
  type DashboardWidgetDefinition,
  type FormDefinition,
  filterProblems,
  flattenElements,
  isValueElement,
  type ValueElement,
} from '@procedo/client-api';
import { AppError } from '../../errors/app-error';
import { notFound } from '../forms/form-errors';
import type { FormsService } from '../forms/forms-service';
import type { ProcessesService } from '../processes/processes-service';
import type { AuthContext } from '../session/session-service';
import { computeGroups, computeLine, countConditions } from './dashboard-widgets';

/** Dashboards: the ones a user may open, and one computed for the user now or at a timepoint. */
export interface DashboardsService {
  list(auth: AuthContext): Promise<DashboardList>;
  /** 404 `NOT_FOUND` for an unknown dashboard or one for another profile. */
  get(auth: AuthContext, id: number, atIso?: string): Promise<Dashboard>;
}

const valueElements = (definition: FormDefinition) =>
  flattenElements(definition).filter((element): element is ValueElement => isValueElement(element));

/** Creates the {@link DashboardsService}. */
export function createDashboardsService(options: {
  forms: FormsService;
  processes: ProcessesService;
}): DashboardsService {
  const { forms, processes } = options;

  /**
   * The search form's fields the user may see, with their kinds: its visible value elements and
   * its visible result columns (kinds from the form the rows open). Null when the user may not
   * open the form, or it does not exist: the widget is then left out.
   */
  async function fieldsOf(auth: AuthContext, webTemplateNo: number) {
    let opened: Awaited<ReturnType<FormsService['openForm']>>;
    try {
      opened = await forms.openForm(auth, webTemplateNo);
    } catch (error) {
      if (error instanceof AppError && (error.status === 403 || error.status === 404)) return null;
      throw error;
    }
    const { definition, visible } = opened;
    const elements = new Map<string, ValueElement>();
    const results = flattenElements(definition).find((element) => element.Kind === 'results');
    if (results?.Kind === 'results' && results.OpenWebTemplateNo !== undefined) {
      const target = await forms.loadDefinition(auth.database, results.OpenWebTemplateNo);
      for (const element of valueElements(target)) {
        if (visible.has(element.Name)) elements.set(element.Name, element);
      }
    }
    for (const element of valueElements(definition)) {
      if (visible.has(element.Name)) elements.set(element.Name, element);
    }
    return { entity: definition.Entity, elements };
  }

  async function compute(
    auth: AuthContext,
    widget: DashboardWidgetDefinition,
    atIso: string | undefined,
  ): Promise<DashboardWidget | null> {
    if (widget.Kind === 'mySteps') {
      const list = await processes.list(auth, {
        skip: 0,
        top: 1,
        orderBy: 'Id',
        descending: false,
        state: 'open',
        at: atIso ?? null,
      });
      return { Kind: 'mySteps', Title: widget.Title, Value: list.Total };
    }
    const fields = await fieldsOf(auth, widget.WebTemplateNo);
    if (!fields?.entity) return null;
    const { entity, elements } = fields;
    // A condition over a field the user may not see (or a wrong one) leaves the widget out whole.
    if (widget.Where && filterProblems(widget.Where, elements).length > 0) return null;
    const store = auth.database.stores.dashboards;
    if (widget.Kind === 'kpi') {
      const value = await store.count({
        entity,
        conditions: countConditions(widget.Where?.Conditions ?? [], elements),
        combine: widget.Where?.Combine ?? 'and',
        ...(atIso === undefined ? {} : { atIso }),
      });
      return {
        Kind: 'kpi',
        Title: widget.Title,
        Value: value,
        WebTemplateNo: widget.WebTemplateNo,
        Where: widget.Where ?? null,
      };
    }
    const group = elements.get(widget.GroupBy);
    if (!group) return null;
    const common = { store, entity, atIso, group, elements };
    if (widget.Kind === 'line') {
      const points = await computeLine({ ...common, widget });
      if (!points) return null;
      return {
        Kind: 'line',
        Title: widget.Title,
        WebTemplateNo: widget.WebTemplateNo,
        GroupBy: widget.GroupBy,
        GroupLabel: widget.Bucket === 'week' ? `Week of ${group.Label}` : group.Label,
        Bucket: widget.Bucket,
        Where: widget.Where ?? null,
        Points: points,
      };
    }
    const groups = await computeGroups({ ...common, widget });
    if (!groups) return null;
    const described = { Title: widget.Title, WebTemplateNo: widget.WebTemplateNo, GroupBy: widget.GroupBy };
    if (widget.Kind === 'pie') return { Kind: 'pie', ...described, GroupLabel: group.Label, Slices: groups };
    return {
      Kind: 'bar',
      ...described,
      GroupLabel: widget.Bucket === 'week' ? `Week of ${group.Label}` : group.Label,
      Bars: groups,
    };
  }

  return {
    async list(auth) {
      const rows = await auth.database.stores.dashboards.list(auth.user.profileId);
      return { Items: rows.map((row) => ({ Id: row.id, Title: row.title })) };
    },

    async get(auth, id, atIso) {
      const stored = await auth.database.stores.dashboards.get(id, auth.user.profileId);
      if (!stored) throw notFound(`Unknown dashboard ${id}`);
      // Definitions were checked when stored; one that no longer reads is a server fault (500).
      const definition = DashboardDefinitionSchema.parse(JSON.parse(stored.definitionJson));
      const widgets: DashboardWidget[] = [];
      for (const widget of definition.Widgets) {
        const computed = await compute(auth, widget, atIso);
        if (computed) widgets.push(computed);
      }
      return { Id: stored.id, Title: stored.title, Timepoint: atIso ?? null, Widgets: widgets };
    },
  };
}
