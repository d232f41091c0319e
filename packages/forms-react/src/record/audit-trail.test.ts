import type { AuditEvent } from '@procedo/client-api';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_CSV_HEADER,
  auditCsv,
  auditCsvFileName,
  auditFieldNames,
  auditUsers,
  csvCell,
  escapeFormula,
  filterAuditEvents,
  lastSignedEvent,
  loadAllAuditEvents,
  signatureManifestation,
  toCsv,
  verificationText,
} from './audit-trail';

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

const events = [
  event(1, { Kind: 'create', Changes: [{ Name: 'Title', Old: null, New: 'Leak' }] }),
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

const FORMULA = ['=', '+', '-', '@', '\t', '\r'];

describe('filtering the audit trail', () => {
  it('keeps the events that change a field, of a user (user or legal name) and inside a UTC day range', () => {
    const seqs = (list: AuditEvent[]) => list.map((e) => e.Seq);
    expect(seqs(filterAuditEvents(events, {}))).toEqual([1, 2, 3, 4]);
    expect(seqs(filterAuditEvents(events, { field: 'Title' }))).toEqual([1, 4]);
    expect(seqs(filterAuditEvents(events, { user: 'SAM SUPERVISOR' }))).toEqual([2, 3]);
    expect(seqs(filterAuditEvents(events, { user: 'operator' }))).toEqual([1, 4]);
    expect(seqs(filterAuditEvents(events, { from: '2026-03-02', to: '2026-03-03' }))).toEqual([2, 3]);
    expect(seqs(filterAuditEvents(events, { field: 'Title', from: '2026-03-02' }))).toEqual([4]);
    expect(seqs(filterAuditEvents(events, { from: 'yesterday' }))).toEqual([1, 2, 3, 4]);
  });

  it('offers the changed fields and the users as filter options', () => {
    expect(auditFieldNames(events)).toEqual(['Severity', 'Title']);
    expect(auditUsers(events)).toEqual([
      { userName: 'operator', legalName: 'Olive Operator' },
      { userName: 'supervisor', legalName: 'Sam Supervisor' },
    ]);
  });
});

describe('signatures and verification', () => {
  it('shows a signature’s printed name, time with zone and meaning', () => {
    expect(signatureManifestation(events[2]!)).toEqual({
      printedName: 'Sam Supervisor',
      signedAt: '2026-03-03 10:00:00 UTC',
      meaning: 'Product affected',
    });
    expect(signatureManifestation(events[1]!)).toBeNull();
    expect(lastSignedEvent(events)?.Seq).toBe(3);
    expect(lastSignedEvent(events.slice(0, 2))).toBeNull();
  });

  it('marks a trail intact or altered at its first bad event', () => {
    expect(verificationText({ Intact: true, FirstBadSeq: null })).toBe('Audit trail intact');
    expect(verificationText({ Intact: false, FirstBadSeq: 4 })).toBe('Audit trail altered at event 4');
  });
});

describe('loading the whole trail', () => {
  it('reads page after page until the last', async () => {
    const asked: number[] = [];
    const all = await loadAllAuditEvents(async (afterSeq) => {
      asked.push(afterSeq);
      const items = events.filter((e) => e.Seq > afterSeq).slice(0, 2);
      const last = items.at(-1)?.Seq ?? null;
      return { Items: items, NextAfterSeq: last !== null && last < 4 ? last : null };
    });
    expect(asked).toEqual([0, 2]);
    expect(all.map((e) => e.Seq)).toEqual([1, 2, 3, 4]);
  });
});

describe('the CSV export', () => {
  it('writes one row per changed field with the header, RFC 4180 quoted, CRLF line ends', () => {
    const csv = auditCsv([
      event(1, { Changes: [{ Name: 'Title', Old: 'a, "b"', New: '=1+1' }], Reason: 'line\nbreak' }),
    ]);
    expect(csv).toBe(
      `${AUDIT_CSV_HEADER.join(',')}\r\n1,update,1,2026-03-01T10:00:00.000Z,operator,Olive Operator,Title,"a, ""b""",'=1+1,"line\nbreak",\r\n`,
    );
  });

  it('escapes a cell starting with = + - @ TAB or CR with a quote', () => {
    for (const start of FORMULA) expect(escapeFormula(`${start}x`)).toBe(`'${start}x`);
    expect(escapeFormula('x=1')).toBe('x=1');
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('reads back every cell as written (or formula-escaped), and no cell starts a formula', () => {
    const cell = fc.oneof(
      fc.string({
        unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", 'a', ' ', 'é'),
      }),
      fc.string({ unit: 'grapheme' }),
      fc.string(),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          // Give every row the same width, as the export does.
          const width = Math.max(...rows.map((row) => row.length));
          const table = rows.map((row) => [...row, ...Array<string>(width - row.length).fill('')]);
          const parsed = parse(toCsv(table), {
            relax_column_count: false,
            record_delimiter: '\r\n',
          }) as string[][];
          expect(parsed).toHaveLength(table.length);
          for (const [r, row] of parsed.entries()) {
            for (const [c, text] of row.entries()) {
              const original = table[r]![c]!;
              expect([original, `'${original}`]).toContain(text);
              expect(FORMULA.includes(text.charAt(0))).toBe(false);
              if (text !== original) expect(FORMULA.includes(original.charAt(0))).toBe(true);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names the file after the form, the record and the time', () => {
    expect(
      auditCsvFileName({
        formTitle: 'Deviation / CAPA',
        webTemplateNo: 103,
        recordId: 42,
        at: new Date('2026-11-23T17:56:13.123Z'),
      }),
    ).toBe('audit-trail_Deviation-CAPA_103-42_20261123T175613Z.csv');
  });
});
