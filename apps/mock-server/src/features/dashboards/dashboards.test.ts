import {
  type Dashboard,
  type DashboardDefinition,
  DashboardListSchema,
  DashboardSchema,
  type FieldValues,
  linePointWhere,
  RecordSchema,
  type SearchCondition,
  type SearchFilter,
} from '@procedo/client-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedInServer, type TestClient, type TestServer } from '../../testing/harness';
import { type ServerSql, withServerSql } from '../../testing/server-sql';

let server: TestServer;
let supervisor: TestClient;
let operator: TestClient;
beforeAll(async () => {
  ({ server, supervisor, operator } = await startSignedInServer());
});
afterAll(async () => {
  await server.close();
});

const withDb = <T>(work: (sql: ServerSql) => Promise<T>) => withServerSql(server, work);

/** Stores a dashboard as an administrator would (server data), optionally for one profile. */
async function storeDashboard(definition: DashboardDefinition, profileId: number | null = null) {
  await withDb((sql) =>
    sql.run('INSERT INTO dashboards (id, title, definition_json, profile_id) VALUES (?, ?, ?, ?)', [
      definition.Id,
      definition.Title,
      JSON.stringify(definition),
      profileId,
    ]),
  );
}

async function dashboard(client: TestClient, id: number, timepoint?: string): Promise<Dashboard> {
  const query = timepoint ? `?Timepoint=${encodeURIComponent(timepoint)}` : '';
  const response = await client.fetch(`api/v1/dashboards/${id}${query}`);
  expect(response.status).toBe(200);
  return DashboardSchema.parse(await response.json());
}

// The oracle: every record of the entity alive now (or at T) read from its stored versions (its
// current version now; at T its newest version then, unless that one deletes it), and the
// conditions checked here, independently of the dashboard's SQL.
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
function holds(values: FieldValues, condition: SearchCondition): boolean {
  const raw = values[condition.Field];
  const value = raw !== null && typeof raw === 'object' && 'Id' in raw ? raw.Id : raw;
  const asText = (text: string | undefined) => (typeof value === 'number' ? Number(text) : text);
  const equal = (text: string | undefined) =>
    typeof value === 'boolean' || (value === undefined && condition.Field === 'CapaRequired')
      ? (value ?? false) === (text === 'true')
      : value === asText(text);
  switch (condition.Op) {
    case 'equals':
      return equal(condition.Value);
    case 'notEquals':
      return !equal(condition.Value);
    case 'between':
      return !isEmpty(value) && value! >= asText(condition.Value)! && value! <= asText(condition.Value2)!;
    case 'empty':
      return isEmpty(value);
    case 'notEmpty':
      return !isEmpty(value);
    case 'in':
      return (condition.Values ?? []).some((text) => equal(text));
    default:
      throw new Error(`the oracle does not know ${condition.Op}`);
  }
}

/** The values of every record of `entity` alive now, or at `atIso`. */
async function aliveValues(entity: string, atIso?: string): Promise<FieldValues[]> {
  const rows = await withDb((sql) =>
    atIso === undefined
      ? sql.all<{ values_json: string; is_deleted: number }>(
          `SELECT v.values_json, v.is_deleted FROM records r
           JOIN record_versions v ON v.record_id = r.record_id AND v.version = r.current_version
           WHERE r.entity = ?`,
          [entity],
        )
      : sql.all<{ values_json: string; is_deleted: number }>(
          `SELECT v.values_json, v.is_deleted FROM record_versions v
           WHERE v.entity = ? AND v.updated_at_utc <= ?
             AND NOT EXISTS (
               SELECT 1 FROM record_versions w
               WHERE w.record_id = v.record_id AND w.updated_at_utc <= ?
                 AND (w.updated_at_utc > v.updated_at_utc
                      OR (w.updated_at_utc = v.updated_at_utc AND w.version > v.version)))`,
          [entity, atIso, atIso],
        ),
  );
  return rows.filter((row) => Number(row.is_deleted) === 0).map((row) => JSON.parse(row.values_json));
}

/** The alive values of each entity, read once per check (a line has hundreds of points). */
type AliveCache = Map<string, Promise<FieldValues[]>>;
async function rowsSelected(
  entity: string,
  where: SearchFilter | null,
  atIso?: string,
  cache: AliveCache = new Map(),
): Promise<number> {
  if (!cache.has(entity)) cache.set(entity, aliveValues(entity, atIso));
  const all = await cache.get(entity)!;
  if (!where) return all.length;
  return all.filter((values) =>
    where.Combine === 'and'
      ? where.Conditions.every((condition) => holds(values, condition))
      : where.Conditions.some((condition) => holds(values, condition)),
  ).length;
}

const ENTITY: Record<number, string> = {
  101: 'supplier',
  102: 'supplier',
  103: 'deviation',
  104: 'batch',
  110: 'product',
  111: 'batch',
  112: 'deviation',
};
const notClosed: SearchFilter = {
  Combine: 'and',
  Conditions: [{ Field: 'Status', Op: 'notEquals', Value: 'Closed' }],
};
const TEST_DASHBOARD: DashboardDefinition = {
  Id: 50,
  Title: 'Every kind of widget',
  Widgets: [
    { Kind: 'kpi', Title: 'Open deviations', WebTemplateNo: 103, Where: notClosed },
    { Kind: 'kpi', Title: 'Every batch', WebTemplateNo: 104 },
    {
      Kind: 'kpi',
      Title: 'Open or critical deviations',
      WebTemplateNo: 103,
      Where: {
        Combine: 'or',
        Conditions: [
          { Field: 'Status', Op: 'equals', Value: 'Open' },
          { Field: 'Severity', Op: 'equals', Value: 'Critical' },
        ],
      },
    },
    {
      Kind: 'bar',
      Title: 'Open deviations by severity',
      WebTemplateNo: 103,
      GroupBy: 'Severity',
      Where: notClosed,
    },
    { Kind: 'bar', Title: 'Deviations by CAPA', WebTemplateNo: 103, GroupBy: 'CapaRequired' },
    {
      Kind: 'bar',
      Title: 'Released batches per week',
      WebTemplateNo: 104,
      GroupBy: 'ManufacturedOn',
      Bucket: 'week',
      MaxBars: 10,
      Where: { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'equals', Value: 'Released' }] },
    },
    { Kind: 'bar', Title: 'Suppliers by status', WebTemplateNo: 101, GroupBy: 'Status' },
    { Kind: 'bar', Title: 'Suppliers by rating', WebTemplateNo: 102, GroupBy: 'Rating' },
    {
      Kind: 'pie',
      Title: 'Open deviations by severity, shares',
      WebTemplateNo: 103,
      GroupBy: 'Severity',
      Where: notClosed,
    },
    { Kind: 'pie', Title: 'Deviations by CAPA, shares', WebTemplateNo: 103, GroupBy: 'CapaRequired' },
    {
      Kind: 'line',
      Title: 'Batches per day',
      WebTemplateNo: 104,
      GroupBy: 'ManufacturedOn',
      Bucket: 'day',
      MaxPoints: 400,
    },
    {
      Kind: 'line',
      Title: 'Released batches per week, a line',
      WebTemplateNo: 104,
      GroupBy: 'ManufacturedOn',
      Bucket: 'week',
      Where: { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'equals', Value: 'Released' }] },
    },
    { Kind: 'mySteps', Title: 'My open steps' },
  ],
};

/** Every tile, bar, slice and point counts exactly the rows its `Where` selects on its form's grid. */
async function expectCountsMatchRows(computed: Dashboard, atIso?: string) {
  const cache: AliveCache = new Map();
  const selected = (webTemplateNo: number, where: SearchFilter | null) =>
    rowsSelected(ENTITY[webTemplateNo]!, where, atIso, cache);
  for (const widget of computed.Widgets) {
    if (widget.Kind === 'kpi') {
      expect(widget.Value, widget.Title).toBe(await selected(widget.WebTemplateNo, widget.Where));
    }
    if (widget.Kind === 'bar' || widget.Kind === 'pie') {
      const groups = widget.Kind === 'bar' ? widget.Bars : widget.Slices;
      expect(groups.length, widget.Title).toBeGreaterThan(0);
      for (const group of groups) {
        expect(group.Value, `${widget.Title}: ${group.Label}`).toBe(
          await selected(widget.WebTemplateNo, group.Where),
        );
      }
    }
    if (widget.Kind === 'line') {
      expect(widget.Points.length, widget.Title).toBeGreaterThan(0);
      for (const point of widget.Points) {
        expect(point.Value, `${widget.Title}: ${point.Date}`).toBe(
          await selected(widget.WebTemplateNo, linePointWhere(widget, point)),
        );
      }
    }
  }
}

describe('dashboards', () => {
  beforeAll(() => storeDashboard(TEST_DASHBOARD));

  it('lists the dashboards the user may open, the seeded quality overview first', async () => {
    const response = await operator.fetch('api/v1/dashboards');
    expect(response.status).toBe(200);
    const list = DashboardListSchema.parse(await response.json());
    expect(list.Items[0]).toEqual({ Id: 1, Title: 'Quality overview' });
  });

  it('answers 404 NOT_FOUND for an unknown dashboard and 400 for a malformed id or Timepoint', async () => {
    const unknown = await supervisor.fetch('api/v1/dashboards/999');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).Code).toBe('NOT_FOUND');
    expect((await supervisor.fetch('api/v1/dashboards/abc')).status).toBe(400);
    const badTime = await supervisor.fetch('api/v1/dashboards/1?Timepoint=yesterday');
    expect(badTime.status).toBe(400);
    expect((await badTime.json()).Issues?.[0]?.path).toEqual(['Timepoint']);
  });

  it('requires a session', async () => {
    expect((await fetch(new URL('api/v1/dashboards/1', server.url))).status).toBe(401);
  });

  it('computes the quality overview: suppliers by approval status (a pie of every option, linked by Status), batches per day and my open steps', async () => {
    const computed = await dashboard(supervisor, 1);
    expect(computed.Timepoint).toBeNull();
    expect(computed.Widgets.map((widget) => widget.Kind)).toEqual([
      'kpi',
      'mySteps',
      'bar',
      'bar',
      'line',
      'pie',
    ]);
    const suppliers = computed.Widgets.find((widget) => widget.Title === 'Suppliers by approval status');
    if (suppliers?.Kind !== 'pie') throw new Error('no supplier pie');
    expect(suppliers.WebTemplateNo).toBe(101);
    expect(suppliers.Slices.map((slice) => slice.Label)).toEqual([
      'Approved',
      'Conditionally approved',
      'Blocked',
    ]);
    expect(suppliers.Slices[2]?.Where).toEqual({
      Combine: 'and',
      Conditions: [{ Field: 'Status', Op: 'equals', Value: 'Blocked' }],
    });
    const perDay = computed.Widgets.find((widget) => widget.Kind === 'line');
    expect(perDay?.Kind === 'line' && perDay.Points.length).toBe(90);
    await expectCountsMatchRows(computed);
  });

  it('counts in each tile and bar exactly the records its Where selects', async () => {
    const computed = await dashboard(supervisor, 50);
    expect(computed.Widgets.map((widget) => widget.Title)).toEqual(
      TEST_DASHBOARD.Widgets.map((w) => w.Title),
    );
    await expectCountsMatchRows(computed);
    const severity = computed.Widgets.find((widget) => widget.Title === 'Open deviations by severity');
    expect(severity?.Kind === 'bar' && severity.Bars[1]).toEqual({
      Label: 'Major',
      Value: expect.any(Number),
      Where: {
        Combine: 'and',
        Conditions: [
          { Field: 'Status', Op: 'notEquals', Value: 'Closed' },
          { Field: 'Severity', Op: 'equals', Value: 'Major' },
        ],
      },
    });
  });

  it('buckets a date by week, Monday to Sunday, the newest weeks only', async () => {
    const computed = await dashboard(supervisor, 50);
    const weeks = computed.Widgets.find((widget) => widget.Title === 'Released batches per week');
    if (weeks?.Kind !== 'bar') throw new Error('no week chart');
    expect(weeks.GroupLabel).toBe('Week of Manufactured on');
    expect(weeks.Bars).toHaveLength(10);
    for (const bar of weeks.Bars) {
      const own = bar.Where.Conditions[1]!;
      expect(own.Op).toBe('between');
      expect(new Date(`${own.Value}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(Date.parse(`${own.Value2}T00:00:00Z`) - Date.parse(`${own.Value}T00:00:00Z`)).toBe(
        6 * 86_400_000,
      );
      expect(bar.Label).toBe(own.Value);
    }
    expect(weeks.Bars.at(-1)!.Value).toBeGreaterThan(0);
  });

  it('draws a line of consecutive days or weeks up to the newest with records, empty ones 0', async () => {
    const computed = await dashboard(supervisor, 50);
    const line = (title: string) => {
      const widget = computed.Widgets.find((w) => w.Title === title);
      if (widget?.Kind !== 'line') throw new Error(`no line ${title}`);
      return widget;
    };
    const days = line('Batches per day');
    expect(days.GroupLabel).toBe('Manufactured on');
    expect(days.Points).toHaveLength(400);
    const newest = (await aliveValues('batch'))
      .map((values) => values.ManufacturedOn)
      .filter((date): date is string => typeof date === 'string' && date !== '')
      .sort()
      .at(-1);
    expect(days.Points.at(-1)?.Date).toBe(newest);
    days.Points.slice(1).forEach((point, i) => {
      expect(Date.parse(point.Date) - Date.parse(days.Points[i]!.Date)).toBe(86_400_000);
    });
    expect(days.Points.some((point) => point.Value === 0)).toBe(true);
    const weeks = line('Released batches per week, a line');
    expect(weeks.GroupLabel).toBe('Week of Manufactured on');
    expect(weeks.Points).toHaveLength(26);
    for (const point of weeks.Points) expect(new Date(`${point.Date}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(linePointWhere(weeks, weeks.Points[0]!).Conditions).toEqual([
      { Field: 'Status', Op: 'equals', Value: 'Released' },
      {
        Field: 'ManufacturedOn',
        Op: 'between',
        Value: weeks.Points[0]!.Date,
        Value2: new Date(Date.parse(weeks.Points[0]!.Date) + 6 * 86_400_000).toISOString().slice(0, 10),
      },
    ]);
  });

  it('leaves out a line over a field that is not a date, and a pie or unbucketed bar over a date', async () => {
    await storeDashboard({
      Id: 52,
      Title: 'Wrong kinds',
      Widgets: [
        { Kind: 'line', Title: 'Line of a select', WebTemplateNo: 104, GroupBy: 'Status', Bucket: 'day' },
        { Kind: 'pie', Title: 'Pie of a date', WebTemplateNo: 104, GroupBy: 'ManufacturedOn' },
        { Kind: 'bar', Title: 'Bars of a date', WebTemplateNo: 104, GroupBy: 'ManufacturedOn' },
        { Kind: 'pie', Title: 'Pie of a select', WebTemplateNo: 104, GroupBy: 'Status' },
      ],
    });
    const computed = await dashboard(supervisor, 52);
    expect(computed.Widgets.map((widget) => widget.Title)).toEqual(['Pie of a select']);
    await expectCountsMatchRows(computed);
  });

  it('counts the records as they were at a Timepoint: one changed after T counts as it was', async () => {
    const created = RecordSchema.parse(
      await (
        await supervisor.json('POST', 'api/v1/forms/102/records', {
          Values: { Name: 'Dash Then Ltd', Status: 'Blocked' },
        })
      ).json(),
    );
    server.clock.advance(60_000);
    const at = new Date(server.clock.now()).toISOString();
    server.clock.advance(60_000);
    const changed = await supervisor.json('PUT', `api/v1/forms/102/records/${created.Id}`, {
      Version: 1,
      Values: { Status: 'Approved' },
    });
    expect(changed.status).toBe(200);
    const blocked = (computed: Dashboard) => {
      const widget = computed.Widgets.find((w) => w.Title === 'Suppliers by status');
      return widget?.Kind === 'bar' ? widget.Bars.find((bar) => bar.Label === 'Blocked')!.Value : -1;
    };
    const now = await dashboard(supervisor, 50);
    const then = await dashboard(supervisor, 50, at);
    expect(then.Timepoint).toBe(at);
    expect(blocked(then)).toBe(blocked(now) + 1);
    await expectCountsMatchRows(then, at);
  });

  it('leaves out, whole, a widget over a field the user may not see; others still see it', async () => {
    await withDb((sql) =>
      sql.run(
        `INSERT INTO element_permissions (web_template_no, element_name, owner_type, owner_id, hidden, locked)
         VALUES (103, 'Status', 'profile', 2, 1, 0), (102, 'Rating', 'profile', 2, 1, 0)
         ON CONFLICT (web_template_no, owner_type, owner_id, element_name) DO UPDATE SET hidden = 1`,
      ),
    );
    const titles = (computed: Dashboard) => computed.Widgets.map((widget) => widget.Title);
    const forOperator = titles(await dashboard(operator, 50));
    // The open-deviation tile and chart filter on Status; the CAPA chart does not.
    expect(forOperator).not.toContain('Open deviations');
    expect(forOperator).not.toContain('Open deviations by severity');
    expect(forOperator).not.toContain('Suppliers by rating');
    expect(forOperator).toContain('Deviations by CAPA');
    expect(titles(await dashboard(supervisor, 50))).toContain('Open deviations by severity');
  });

  it('shows a dashboard for one profile to that profile only', async () => {
    await storeDashboard(
      { Id: 51, Title: 'Supervisors only', Widgets: [{ Kind: 'mySteps', Title: 'Steps' }] },
      1,
    );
    expect((await operator.fetch('api/v1/dashboards/51')).status).toBe(404);
    const list = DashboardListSchema.parse(await (await operator.fetch('api/v1/dashboards')).json());
    expect(list.Items.map((item) => item.Id)).not.toContain(51);
    expect((await dashboard(supervisor, 51)).Title).toBe('Supervisors only');
  });

  it('counts my open steps as my process list shows them', async () => {
    const open = await (await operator.fetch('api/v1/user/system/user-processes?state=open&$top=1')).json();
    const computed = await dashboard(operator, 50);
    const mine = computed.Widgets.find((widget) => widget.Kind === 'mySteps');
    expect(mine?.Kind === 'mySteps' && mine.Value).toBe(open.Total);
  });
});
