// @vitest-environment jsdom
import type { AuditEvent, AuditTrail, AuditVerification } from '@procedo/client-api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type AuditTrailApi, AuditTrailPanel } from './AuditTrailPanel';
import { AuditTrailPrint, LastSignature } from './AuditTrailPrint';

const event = (seq: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  Seq: seq,
  Kind: 'update',
  Version: seq,
  UserName: 'operator',
  LegalName: 'Olive Operator',
  AtUtc: `2026-03-0${seq}T10:00:00.000Z`,
  Changes: [],
  Reason: null,
  Signature: null,
  Hash: `h${seq}`,
  ...overrides,
});

const trail = [
  event(1, { Kind: 'create', Changes: [{ Name: 'Title', Old: null, New: '=HYPERLINK("x")' }] }),
  event(2, {
    UserName: 'supervisor',
    LegalName: 'Sam Supervisor',
    Changes: [{ Name: 'Severity', Old: 'Minor', New: 'Major' }],
    Reason: 'Product affected',
  }),
  event(3, {
    Kind: 'sign',
    UserName: 'supervisor',
    LegalName: 'Sam Supervisor',
    Reason: 'Product affected',
    Signature: 'Sam Supervisor',
  }),
  event(4, { Changes: [{ Name: 'Title', Old: 'Leak', New: 'Big leak' }] }),
];

/** A fake of the two calls: pages of `limit` events; the verify answer given. */
function fakeApi(verification: AuditVerification = { Intact: true, FirstBadSeq: null, Events: 4 }) {
  const audit = vi.fn(
    async (
      _no: number,
      _id: number,
      query: { afterSeq?: number; limit?: number; timepoint?: unknown } = {},
    ) => {
      const after = query.afterSeq ?? 0;
      const until = typeof query.timepoint === 'string' ? query.timepoint : '9999';
      const visible = trail.filter((e) => e.AtUtc <= until);
      const items = visible.filter((e) => e.Seq > after).slice(0, query.limit ?? 100);
      const last = items.at(-1)?.Seq ?? null;
      return {
        Items: items,
        NextAfterSeq: last !== null && last < visible.at(-1)!.Seq ? last : null,
      } as AuditTrail;
    },
  );
  const verifyAudit = vi.fn(async () => verification);
  return { audit, verifyAudit } as unknown as AuditTrailApi & {
    audit: typeof audit;
    verifyAudit: typeof verifyAudit;
  };
}

const rowsOf = () => within(screen.getByRole('table')).getAllByRole('row').slice(1) as HTMLTableRowElement[];

describe('AuditTrailPanel', () => {
  it('lists the events oldest first a page at a time, with old → new, who, when and the signature', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    render(<AuditTrailPanel api={api} webTemplateNo={103} recordId={7} pageSize={2} />);
    await screen.findByRole('table', { name: /Audit trail of record 7: 2 of 2/ });
    expect(rowsOf().map((row) => row.cells[0]?.textContent)).toEqual(['1', '2']);
    expect(rowsOf()[1]?.textContent).toContain('Severity: Minor → Major');
    expect(rowsOf()[1]?.textContent).toContain('Sam Supervisor');
    expect(rowsOf()[1]?.textContent).toContain('2026-03-02 10:00:00 UTC');
    expect(rowsOf()[0]?.textContent).toContain('(empty) → =HYPERLINK("x")');
    await user.click(screen.getByRole('button', { name: 'Load more events' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(4));
    expect(api.audit).toHaveBeenLastCalledWith(103, 7, { afterSeq: 2, limit: 2 });
    expect(screen.queryByRole('button', { name: 'Load more events' })).toBeNull();
    const signed = rowsOf()[2]!;
    expect(signed.dataset.signed).toBe('true');
    const manifestation = signed.querySelector('.procedo-SignatureManifestation')!;
    expect(manifestation.textContent).toBe(
      'Signed bySam SupervisorSigned at2026-03-03 10:00:00 UTCMeaningProduct affected',
    );
    expect(screen.getByRole('status').textContent).toBe('Audit trail intact');
  });

  it('filters by field, user and UTC day with labelled controls', async () => {
    const user = userEvent.setup();
    render(<AuditTrailPanel api={fakeApi()} webTemplateNo={103} recordId={7} />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Field'), 'Title');
    expect(rowsOf().map((row) => row.cells[0]?.textContent)).toEqual(['1', '4']);
    await user.selectOptions(screen.getByLabelText('Field'), '');
    await user.selectOptions(screen.getByLabelText('User'), 'supervisor');
    expect(rowsOf().map((row) => row.cells[0]?.textContent)).toEqual(['2', '3']);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.type(screen.getByLabelText('From (UTC day)'), '2026-03-03');
    await user.type(screen.getByLabelText('To (UTC day)'), '2026-03-03');
    expect(rowsOf().map((row) => row.cells[0]?.textContent)).toEqual(['3']);
    expect(screen.getByRole('table', { name: /1 of 4 loaded events shown/ })).toBeTruthy();
  });

  it('shows the trail as recorded up to a timepoint', async () => {
    const api = fakeApi();
    render(
      <AuditTrailPanel api={api} webTemplateNo={103} recordId={7} timepoint="2026-03-02T10:00:00.000Z" />,
    );
    await screen.findByRole('table');
    expect(rowsOf().map((row) => row.cells[0]?.textContent)).toEqual(['1', '2']);
    expect(api.audit).toHaveBeenCalledWith(103, 7, {
      afterSeq: 0,
      limit: 100,
      timepoint: '2026-03-02T10:00:00.000Z',
    });
  });

  it('marks a trail altered at its first bad event', async () => {
    render(
      <AuditTrailPanel api={fakeApi({ Intact: false, FirstBadSeq: 3 })} webTemplateNo={103} recordId={7} />,
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Audit trail altered at event 3'),
    );
    expect(screen.getByRole('status').dataset.intact).toBe('false');
  });

  it('exports every page, filtered, as CSV through a Blob link named after form, record and time', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:audit';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    render(
      <AuditTrailPanel
        api={fakeApi()}
        webTemplateNo={103}
        recordId={7}
        pageSize={1}
        formTitle="Deviation"
        now={() => new Date('2026-11-23T17:56:13.000Z')}
      />,
    );
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Field'), 'Title');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicks).toEqual(['audit-trail_Deviation_103-7_20261123T175613Z.csv']));
    expect(create).toHaveBeenCalledTimes(1);
    const text = await blobs[0]!.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`'=HYPERLINK(""x"")`);
    expect(lines[2]).toContain('Title,Leak,Big leak');
  });
});

describe('LastSignature and AuditTrailPrint', () => {
  it('shows the newest signature’s printed name, time with zone and meaning beside the record, in one read', async () => {
    const lastSignature = vi.fn(async () => ({ Event: trail[2]! }));
    render(
      <LastSignature api={{ lastSignature }} webTemplateNo={103} recordId={7} timepoint="2026-03-05 00:00" />,
    );
    const region = await screen.findByRole('region', { name: 'Last signature' });
    expect(lastSignature).toHaveBeenCalledTimes(1);
    expect(lastSignature).toHaveBeenCalledWith(103, 7, { timepoint: '2026-03-05 00:00' });
    expect(region.textContent).toContain('Sam Supervisor');
    expect(region.textContent).toContain('2026-03-03 10:00:00 UTC');
    expect(region.textContent).toContain('Product affected');
  });

  it('says when the record has no signature', async () => {
    render(
      <LastSignature
        api={{ lastSignature: async () => ({ Event: null }) }}
        webTemplateNo={103}
        recordId={7}
      />,
    );
    const region = await screen.findByRole('region', { name: 'Last signature' });
    expect(region.textContent).toContain('Not signed yet.');
  });

  it('prints the record identity, every event, the verify mark, and when and by whom', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <AuditTrailPrint
        api={fakeApi()}
        webTemplateNo={103}
        recordId={7}
        formTitle="Deviation"
        recordTitle="Leak"
        printedBy={{ legalName: 'Sam Supervisor', userName: 'supervisor' }}
        now={() => new Date('2026-11-23T17:56:13.000Z')}
        timeZone="Europe/Vienna"
      />,
    );
    await screen.findByRole('table');
    const page = screen.getByRole('article', { name: 'Audit trail — Deviation, record 7' });
    expect(page.textContent).toContain('Deviation (103), record 7 — Leak');
    expect(page.textContent).toContain('Printed at2026-11-23 17:56:13 UTC');
    expect(page.textContent).toContain('Printed bySam Supervisor (supervisor)');
    expect(rowsOf()).toHaveLength(4);
    expect(screen.getByRole('status').textContent).toBe('Audit trail intact');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
