import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { ResponseShapeError } from '../errors';
import { createV1Client } from './client';
import {
  DashboardDefinitionSchema,
  LINE_POINTS_MAX,
  linePointEnd,
  linePointWhere,
} from './dashboard-schemas';

const dashboard = {
  Id: 1,
  Title: 'Quality overview',
  Timepoint: null,
  Widgets: [
    {
      Kind: 'kpi',
      Title: 'Open deviations',
      Value: 4,
      WebTemplateNo: 112,
      Where: { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'notEquals', Value: 'Closed' }] },
    },
    {
      Kind: 'bar',
      Title: 'Suppliers by approval status',
      WebTemplateNo: 101,
      GroupBy: 'Status',
      GroupLabel: 'Status',
      Bars: [
        {
          Label: 'Approved',
          Value: 12,
          Where: { Combine: 'and', Conditions: [{ Field: 'Status', Op: 'equals', Value: 'Approved' }] },
        },
      ],
    },
    { Kind: 'mySteps', Title: 'My open process steps', Value: 2 },
  ],
};

function client(answer: (request: Request) => Response) {
  const fake = fakeFetch(answer);
  return {
    ...fake,
    dashboards: createV1Client({ baseUrl: 'http://h', fetch: fake.fetch }).dashboards,
  };
}

describe('dashboards api', () => {
  it('gets a computed dashboard at a timepoint, in the query and the header', async () => {
    const { dashboards, seen } = client(() => json(200, dashboard));
    await expect(dashboards.get(1, { timepoint: '2026-11-01 10:00' })).resolves.toEqual(dashboard);
    expect(seen[0]?.url.pathname).toBe('/api/v1/dashboards/1');
    expect(seen[0]?.url.searchParams.get('Timepoint')).toBe('2026-11-01 10:00');
    expect(seen[0]?.headers.get('x-procedo-timepoint')).toBe('2026-11-01 10:00');
  });

  it('gets the current dashboard without a Timepoint', async () => {
    const { dashboards, seen } = client(() => json(200, dashboard));
    await dashboards.get(1);
    expect(seen[0]?.url.search).toBe('');
    expect(seen[0]?.headers.get('x-procedo-timepoint')).toBeNull();
  });

  it('lists the dashboards', async () => {
    const { dashboards, seen } = client(() => json(200, { Items: [{ Id: 1, Title: 'Quality overview' }] }));
    await expect(dashboards.list()).resolves.toEqual({ Items: [{ Id: 1, Title: 'Quality overview' }] });
    expect(seen[0]?.url.pathname).toBe('/api/v1/dashboards');
  });

  it('refuses a bar without the conditions of its rows', async () => {
    const broken = structuredClone(dashboard);
    delete (broken.Widgets[1] as { Bars: { Where?: unknown }[] }).Bars[0]!.Where;
    const { dashboards } = client(() => json(200, broken));
    await expect(dashboards.get(1)).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe('dashboard definitions', () => {
  const bar = { Kind: 'bar', Title: 'Deviations by severity', WebTemplateNo: 112, GroupBy: 'Severity' };

  it('accepts kpi, bar (by week) and my-steps widgets', () => {
    const parsed = DashboardDefinitionSchema.safeParse({
      Id: 1,
      Title: 'Quality overview',
      Widgets: [
        { Kind: 'kpi', Title: 'Open', WebTemplateNo: 112 },
        { ...bar, GroupBy: 'ManufacturedOn', Bucket: 'week', MaxBars: 12 },
        { Kind: 'mySteps', Title: 'Mine' },
      ],
    });
    expect(parsed.success).toBe(true);
  });

  it('refuses a bar chart whose conditions are or-ed, since each bar adds its own', () => {
    const where = {
      Combine: 'or',
      Conditions: [
        { Field: 'Status', Op: 'equals', Value: 'Open' },
        { Field: 'Status', Op: 'equals', Value: 'Investigating' },
      ],
    };
    const parsed = DashboardDefinitionSchema.safeParse({
      Id: 1,
      Title: 'T',
      Widgets: [{ ...bar, Where: where }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['Widgets', 0, 'Where', 'Combine']);
  });

  it('refuses an unknown widget kind and an unknown key', () => {
    expect(
      DashboardDefinitionSchema.safeParse({ Id: 1, Title: 'T', Widgets: [{ Kind: 'donut', Title: 'x' }] })
        .success,
    ).toBe(false);
    expect(
      DashboardDefinitionSchema.safeParse({ Id: 1, Title: 'T', Widgets: [{ ...bar, Colour: 'red' }] })
        .success,
    ).toBe(false);
  });

  const line = { Kind: 'line', Title: 'Batches per day', WebTemplateNo: 111, GroupBy: 'ManufacturedOn' };
  const widgets = (...list: unknown[]) =>
    DashboardDefinitionSchema.safeParse({ Id: 1, Title: 'T', Widgets: list });

  it('accepts a pie and a line of up to 10,000 days or weeks', () => {
    expect(
      widgets(
        { Kind: 'pie', Title: 'Suppliers', WebTemplateNo: 101, GroupBy: 'Status' },
        { ...line, Bucket: 'day', MaxPoints: LINE_POINTS_MAX },
        { ...line, Bucket: 'week' },
      ).success,
    ).toBe(true);
  });

  it('refuses a line without its bucket, with more than 10,000 points, and or-ed conditions in a pie', () => {
    expect(widgets(line).error?.issues[0]?.path).toEqual(['Widgets', 0, 'Bucket']);
    expect(widgets({ ...line, Bucket: 'month' }).success).toBe(false);
    expect(
      widgets({ ...line, Bucket: 'day', MaxPoints: LINE_POINTS_MAX + 1 }).error?.issues[0]?.path,
    ).toEqual(['Widgets', 0, 'MaxPoints']);
    const or = {
      Combine: 'or',
      Conditions: [
        { Field: 'Status', Op: 'equals', Value: 'Approved' },
        { Field: 'Status', Op: 'equals', Value: 'Blocked' },
      ],
    };
    const pie = { Kind: 'pie', Title: 'P', WebTemplateNo: 101, GroupBy: 'Rating', Where: or };
    expect(widgets(pie).error?.issues[0]?.path).toEqual(['Widgets', 0, 'Where', 'Combine']);
  });
});

describe('linePointWhere', () => {
  const released = {
    Combine: 'and' as const,
    Conditions: [{ Field: 'Status', Op: 'equals' as const, Value: 'Released' }],
  };

  it('selects a day point’s day, and a week point’s Monday to Sunday, with the widget’s conditions', () => {
    expect(
      linePointWhere({ Bucket: 'day', GroupBy: 'ManufacturedOn', Where: released }, { Date: '2024-02-28' }),
    ).toEqual({
      Combine: 'and',
      Conditions: [
        { Field: 'Status', Op: 'equals', Value: 'Released' },
        { Field: 'ManufacturedOn', Op: 'between', Value: '2024-02-28', Value2: '2024-02-28' },
      ],
    });
    expect(linePointEnd('week', '2024-02-26')).toBe('2024-03-03');
    expect(linePointEnd('week', '2025-12-29')).toBe('2026-01-04');
    expect(
      linePointWhere({ Bucket: 'week', GroupBy: 'D', Where: null }, { Date: '2024-02-26' }).Conditions,
    ).toEqual([{ Field: 'D', Op: 'between', Value: '2024-02-26', Value2: '2024-03-03' }]);
  });
});
