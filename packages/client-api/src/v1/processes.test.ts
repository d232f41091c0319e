import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { isReadOnlyTimepointError } from '../errors';
import { createV1Client } from './client';
import { fileDownloadUrl } from './forms';

const process = {
  Id: 7,
  Name: 'CAPA',
  CommandId: 4,
  CommandName: 'CAPA',
  ParentProcessId: null,
  ParentUrl: null,
  State: 'open',
  CurrentStepId: 70,
  CreatedBy: 'supervisor',
  CreatedAtUtc: '2026-03-01T09:00:00.000Z',
  CompletedAtUtc: null,
  Hint: null,
  BreadCrumbHtml: '',
  Variables: [],
  PropertyBag: null,
  AllSteps: [],
  SubProcesses: [],
  History: [],
};
const opening = {
  Id: 70,
  ProcessId: 7,
  ParentProcessId: null,
  StepName: 'Corrective action',
  Hint: null,
  BreadCrumbHtml: '',
  UrlToOpenTarget: null,
  StepKind: 'action',
  State: 'active',
  UrlToOpen: null,
  RequiredData: [],
  ProcessState: 'open',
};

function client(timepoint: string | null = null) {
  const fake = fakeFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/user-processes')) return json(200, { Items: [], Total: 0, Skip: 0, Top: 50 });
    if (path.includes('/steps/')) return json(200, opening);
    return json(200, process);
  });
  const v1 = createV1Client({
    baseUrl: 'http://h',
    fetch: fake.fetch,
    getCsrfToken: () => 't',
    readOnlyTimepoint: () => timepoint,
  });
  return { ...fake, v1 };
}

const sent = (seen: ReturnType<typeof client>['seen']) =>
  seen.map((s) => [`${s.url.pathname}${s.url.search}`, s.headers.get('x-procedo-timepoint')]);

describe('processes api at a timepoint', () => {
  it('reads a process, a step and the list with ?Timepoint= and X-Procedo-Timepoint, a Date as ISO UTC', async () => {
    const { v1, seen } = client();
    await expect(v1.processes.process(7, { timepoint: '2026-03-01 09:30' })).resolves.toMatchObject({
      Id: 7,
    });
    await v1.processes.step(70, { timepoint: new Date(Date.UTC(2026, 2, 1, 9, 30, 12, 345)) });
    await v1.processes.list({ state: 'open', timepoint: '2026-03-01T09:30:12Z' });
    expect(sent(seen)).toEqual([
      ['/api/v1/user/system/user-processes/process/7?Timepoint=2026-03-01+09%3A30', '2026-03-01 09:30'],
      [
        '/api/v1/user/system/user-processes/steps/70?Timepoint=2026-03-01T09%3A30%3A12.345Z',
        '2026-03-01T09:30:12.345Z',
      ],
      [
        '/api/v1/user/system/user-processes?state=open&Timepoint=2026-03-01T09%3A30%3A12Z',
        '2026-03-01T09:30:12Z',
      ],
    ]);
  });

  it('sends neither the parameter nor the header without a timepoint', async () => {
    const { v1, seen } = client();
    await v1.processes.process(7);
    await v1.processes.step(70);
    await v1.processes.list();
    expect(sent(seen)).toEqual([
      ['/api/v1/user/system/user-processes/process/7', null],
      ['/api/v1/user/system/user-processes/steps/70', null],
      ['/api/v1/user/system/user-processes', null],
    ]);
  });

  it.each(['2026-03-01T09:30', 'yesterday', '2026-02-30 09:30'])(
    'refuses the timepoint %j before sending anything',
    async (timepoint) => {
      const { v1, seen } = client();
      await expect(v1.processes.process(7, { timepoint })).rejects.toThrow(RangeError);
      await expect(v1.processes.step(70, { timepoint })).rejects.toThrow(RangeError);
      await expect(v1.processes.list({ timepoint })).rejects.toThrow(RangeError);
      expect(seen).toEqual([]);
    },
  );

  it('sends no state-changing process call and no upload while the app views a timepoint', async () => {
    const { v1, seen } = client('2026-03-01 09:30');
    const writes = [
      () => v1.processes.createProcess(4, {}),
      () => v1.processes.resetProcess(7),
      () => v1.processes.run(70, null),
      () => v1.processes.answerPrompt(70, 'x'),
      () => v1.processes.pickListData(70),
      () => v1.processes.completePickListMulti(70, ['1']),
      () => v1.processes.completePickListSingle(70, '1'),
      () => v1.processes.completeReportDocument(70),
      () => v1.processes.completeDetailPage(70, { QueryString: '', CurrentPageUrl: '/' }),
      () => v1.processes.resetStep(70),
      () => v1.processes.resetStepChain(70),
      () => v1.forms.upload(new Blob(['x']), 'a.pdf'),
    ];
    for (const write of writes) {
      const error = await write().catch((e: unknown) => e);
      expect(isReadOnlyTimepointError(error)).toBe(true);
    }
    expect(seen).toEqual([]);
    // Reads still go out.
    await v1.processes.process(7, { timepoint: '2026-03-01 09:30' });
    expect(seen).toHaveLength(1);
  });
});

describe('fileDownloadUrl', () => {
  it('names the file, and the timepoint when given', () => {
    expect(fileDownloadUrl('a b')).toBe('/api/v1/files/a%20b');
    expect(fileDownloadUrl('f1', { timepoint: '2026-03-01 09:30', baseUrl: 'https://h/' })).toBe(
      'https://h/api/v1/files/f1?Timepoint=2026-03-01+09%3A30',
    );
    expect(() => fileDownloadUrl('f1', { timepoint: 'yesterday' })).toThrow(RangeError);
  });
});
