import { describe, expect, it } from 'vitest';
import { parseFormQuery, readLinkTarget, recordHref, withPageTimeTravel } from './form-query';

const parse = (query: string) => parseFormQuery(new URLSearchParams(query));

describe('parseFormQuery', () => {
  it('reads a_BasedOnTemplateNo with UGoToItemNo as a new record based on that record of that form', () => {
    expect(parse('WebTemplateNo=102&a_BasedOnTemplateNo=101&UGoToItemNo=17')).toMatchObject({
      webTemplateNo: 102,
      recordId: null,
      basedOn: { webTemplateNo: 101, recordId: 17 },
    });
    // Without a record to base it on, or with a malformed form number, it is an ordinary page.
    expect(parse('WebTemplateNo=102&a_BasedOnTemplateNo=101')).toMatchObject({
      recordId: null,
      basedOn: null,
    });
    expect(parse('WebTemplateNo=102&a_BasedOnTemplateNo=x&UGoToItemNo=17')).toMatchObject({
      recordId: 17,
      basedOn: null,
    });
  });

  it("reads CallerReasonId as the audit sign-off's starting reason, refusing markup and overlong text", () => {
    expect(parse('WebTemplateNo=102&CallerReasonId=%20DEV-0042%20').callerReason).toBe('DEV-0042');
    expect(parse('WebTemplateNo=102&CallerReasonId=CAPA%2017%2Fb').callerReason).toBe('CAPA 17/b');
    expect(parse('WebTemplateNo=102&CallerReasonId=%3Cscript%3E').callerReason).toBeNull();
    expect(parse(`WebTemplateNo=102&CallerReasonId=${'x'.repeat(101)}`).callerReason).toBeNull();
  });

  it('reads a_postback as the key of values a silent postback sent, nothing else', () => {
    expect(parse('WebTemplateNo=102&a_postback=postback-mf3k2-1').postbackKey).toBe('postback-mf3k2-1');
    expect(parse('WebTemplateNo=102&a_postback=__proto__').postbackKey).toBeNull();
    expect(parse('WebTemplateNo=102&a_postback=results').postbackKey).toBeNull();
  });

  it('reads WFEVENT_UICOMMANDID as the process command to start after a save', () => {
    expect(parse('WebTemplateNo=102&WFEVENT_UICOMMANDID=3').afterSaveCommandId).toBe(3);
    expect(parse('WebTemplateNo=102&WFEVENT_UICOMMANDID=0').afterSaveCommandId).toBeNull();
    expect(parse('WebTemplateNo=102&WFEVENT_UICOMMANDID=run').afterSaveCommandId).toBeNull();
  });

  it('focuses FormElementName only when ElementTemplateNo, if given, names this form', () => {
    expect(parse('WebTemplateNo=102&FormElementName=Country&ElementTemplateNo=102').focusElement).toBe(
      'Country',
    );
    expect(parse('WebTemplateNo=102&FormElementName=Country&ElementTemplateNo=101').focusElement).toBeNull();
    expect(parse('WebTemplateNo=102&FormElementName=Country&ElementTemplateNo=').focusElement).toBeNull();
    expect(parse('WebTemplateNo=102&FormElementName=Country').focusElement).toBe('Country');
  });

  it('reads the form, the record and the flags that act', () => {
    expect(
      parse(
        'WebTemplateNo=102&UGoToItemNo=17&a_nofocus=1&a_pbrl=1&FormElementName=Country&Timepoint=2026-01-02 03:04&a_rowtarget=rec_dialog&dataRf=results&a_step_id=42',
      ),
    ).toEqual({
      webTemplateNo: 102,
      recordId: 17,
      noFocus: true,
      helpInFrame: true,
      focusElement: 'Country',
      timepoint: '2026-01-02 03:04',
      previousTimepoint: null,
      malformedTimepoint: null,
      rowTarget: 'rec_dialog',
      dataSource: 'results',
      stepId: 42,
      autoRun: false,
      scrollX: 0,
      scrollY: 0,
      pageSize: null,
      selectable: 'none',
      grid: {},
      gridProblems: [],
      basedOn: null,
      callerReason: null,
      afterSaveCommandId: null,
      postbackKey: null,
    });
  });

  it('treats a missing, zero or malformed number as absent and a 0 flag as off', () => {
    expect(parse('WebTemplateNo=abc&UGoToItemNo=0&a_nofocus=0&a_pbrl=')).toMatchObject({
      webTemplateNo: null,
      recordId: null,
      noFocus: false,
      helpInFrame: false,
    });
    expect(parse('WebTemplateNo=-3&UGoToItemNo=1.5&a_step_id=x')).toMatchObject({
      webTemplateNo: null,
      recordId: null,
      stepId: null,
    });
  });

  it('drops an element name or target that is not well formed, and keeps a malformed timepoint to report it', () => {
    expect(
      parse('WebTemplateNo=1&FormElementName=<x>&Timepoint=yesterday&a_rowtarget=a b&dataRf=<x>'),
    ).toMatchObject({
      focusElement: null,
      timepoint: null,
      malformedTimepoint: 'yesterday',
      rowTarget: null,
      dataSource: null,
    });
    expect(parse('WebTemplateNo=1&Timepoint=2026-13-40 99:99')).toMatchObject({
      timepoint: null,
      malformedTimepoint: '2026-13-40 99:99',
    });
  });

  it('reads Timepoint and TimepointPrev in either form of the contract', () => {
    expect(
      parse('WebTemplateNo=1&Timepoint=2026-01-02T03:04:05Z&TimepointPrev=2025-12-31 23:59'),
    ).toMatchObject({
      timepoint: '2026-01-02 03:04',
      previousTimepoint: '2025-12-31 23:59',
      malformedTimepoint: null,
    });
  });

  it('ignores parameters it does not know', () => {
    expect(parse('WebTemplateNo=5&CustomTableId=1&WFRun_AutoRun=1&CallerReasonId=3').webTemplateNo).toBe(5);
  });
});

describe('links', () => {
  it("gives a form, process or home link the page's timepoint, and leaves other pages and a link's own timepoint alone", () => {
    const page = new URLSearchParams(
      'WebTemplateNo=103&Timepoint=2026-01-02 03:04&TimepointPrev=2026-01-01 00:00',
    );
    expect(withPageTimeTravel('/form?WebTemplateNo=101', page)).toBe(
      '/form?WebTemplateNo=101&Timepoint=2026-01-02+03%3A04&TimepointPrev=2026-01-01+00%3A00',
    );
    expect(withPageTimeTravel('/form?WebTemplateNo=101&Timepoint=2025-05-05 05:05', page)).toBe(
      '/form?WebTemplateNo=101&Timepoint=2025-05-05 05:05',
    );
    expect(withPageTimeTravel('/flow?id=3', page)).toBe('/flow?id=3');
    // The home page (its process list) keeps it, with the link's anchor.
    expect(withPageTimeTravel('/', page)).toBe(
      '/?Timepoint=2026-01-02+03%3A04&TimepointPrev=2026-01-01+00%3A00',
    );
    expect(withPageTimeTravel('/#start-a-process', page)).toBe(
      '/?Timepoint=2026-01-02+03%3A04&TimepointPrev=2026-01-01+00%3A00#start-a-process',
    );
    expect(withPageTimeTravel('/audit', page)).toBe('/audit');
    // The process pages keep it too.
    expect(withPageTimeTravel('/apps/flow/home/flow?id=3&stepid=4', page)).toBe(
      '/apps/flow/home/flow?id=3&stepid=4&Timepoint=2026-01-02+03%3A04&TimepointPrev=2026-01-01+00%3A00',
    );
    expect(withPageTimeTravel('/apps/flow/step/?id=3', page)).toBe(
      '/apps/flow/step/?id=3&Timepoint=2026-01-02+03%3A04&TimepointPrev=2026-01-01+00%3A00',
    );
    // And a dashboard, whose tiles and bars then open their rows at the same time.
    expect(withPageTimeTravel('/dashboard?id=1', page)).toBe(
      '/dashboard?id=1&Timepoint=2026-01-02+03%3A04&TimepointPrev=2026-01-01+00%3A00',
    );
    expect(withPageTimeTravel('/form?WebTemplateNo=101', new URLSearchParams())).toBe(
      '/form?WebTemplateNo=101',
    );
  });

  it('carries the timepoint viewed into a record address', () => {
    expect(recordHref(102, 17, null, null, { timepoint: '2026-01-02 03:04', previousTimepoint: null })).toBe(
      '/form?WebTemplateNo=102&UGoToItemNo=17&Timepoint=2026-01-02+03%3A04',
    );
  });

  it('builds a record address with an optional target', () => {
    expect(recordHref(102, 17)).toBe('/form?WebTemplateNo=102&UGoToItemNo=17');
    expect(recordHref(102, 17, 'rec_dialog')).toBe(
      '/form?WebTemplateNo=102&UGoToItemNo=17&a_target=rec_dialog',
    );
  });

  it('names the parent data source only on a record opened elsewhere (same window replaces the parent)', () => {
    expect(recordHref(102, 17, 'rec_dialog', 'results')).toBe(
      '/form?WebTemplateNo=102&UGoToItemNo=17&a_target=rec_dialog&dataRf=results',
    );
    expect(recordHref(102, 17, null, 'results')).toBe('/form?WebTemplateNo=102&UGoToItemNo=17');
  });

  it('splits a_target and a_size off a link; _self and none navigate this window', () => {
    expect(readLinkTarget('/form?WebTemplateNo=102&a_target=supplier_dialog&a_size=max2')).toEqual({
      url: '/form?WebTemplateNo=102',
      target: 'supplier_dialog',
      size: 'max2',
    });
    expect(readLinkTarget('/form?WebTemplateNo=102&a_target=_self').target).toBeNull();
    expect(readLinkTarget('/help/suppliers')).toEqual({ url: '/help/suppliers', target: null, size: null });
  });
});

describe('the result grid view in the address', () => {
  it('reads sort, where and saved filter ids, and names a part it cannot read', () => {
    const where = JSON.stringify({
      Combine: 'and',
      Conditions: [{ Field: 'Status', Op: 'equals', Value: 'Blocked' }],
    });
    const query = parse(`WebTemplateNo=101&sort=-Name&where=${encodeURIComponent(where)}&filterIds=4,7`);
    expect(query.grid).toEqual({
      sort: { Field: 'Name', Direction: 'desc' },
      where: JSON.parse(where),
      filterIds: [4, 7],
    });
    expect(query.gridProblems).toEqual([]);
    expect(parse('WebTemplateNo=101&where=%7Bnot json').gridProblems.map((problem) => problem.param)).toEqual(
      ['where'],
    );
  });
});

describe('WFRun_ parameters of a search form page', () => {
  it('reads AutoRun, ScrollX, ScrollY, PageSize and Selectable', () => {
    const query = parseFormQuery(
      new URLSearchParams(
        'WebTemplateNo=111&WFRun_AutoRun=1&WFRun_ScrollX=40&WFRun_ScrollY=3200&WFRun_PageSize=50&WFRun_Selectable=multiple',
      ),
    );
    expect(query).toMatchObject({
      autoRun: true,
      scrollX: 40,
      scrollY: 3200,
      pageSize: 50,
      selectable: 'multiple',
    });
  });

  it('falls back to the defaults for values out of range or malformed', () => {
    const query = parseFormQuery(
      new URLSearchParams(
        'WebTemplateNo=111&WFRun_AutoRun=0&WFRun_ScrollX=-5&WFRun_ScrollY=1e9&WFRun_PageSize=501&WFRun_Selectable=maybe',
      ),
    );
    expect(query).toMatchObject({
      autoRun: false,
      scrollX: 0,
      scrollY: 0,
      pageSize: null,
      selectable: 'none',
    });
    expect(parseFormQuery(new URLSearchParams('WFRun_Selectable=1')).selectable).toBe('single');
    expect(parseFormQuery(new URLSearchParams('WFRun_Selectable=2')).selectable).toBe('multiple');
    expect(parseFormQuery(new URLSearchParams('WFRun_PageSize=0')).pageSize).toBeNull();
  });
});
