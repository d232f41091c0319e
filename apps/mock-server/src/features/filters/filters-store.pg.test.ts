import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outcome as outcomeOf, useStoreParity } from '../../testing/store-parity';
import { asciiLower } from '../records/record-conditions.sqlite';
import {
  createSqliteSavedFilterStore,
  DuplicateFilterNameError,
  type NewSavedFilter,
  type SavedFilterStore,
} from './filters-store';
import { createPgSavedFilterStore } from './filters-store.pg';

const parity = useStoreParity<SavedFilterStore>({
  sqlite: (db) => createSqliteSavedFilterStore(db),
  pg: (db) => createPgSavedFilterStore(db),
});
const { same } = parity;

/** A call's answer, or its DuplicateFilterNameError. */
const outcome = <T>(work: Promise<T>) => outcomeOf(work, [DuplicateFilterNameError]);

const filter = (overrides: Partial<NewSavedFilter> = {}): NewSavedFilter => ({
  webTemplateNo: 101,
  entityViewName: '',
  ownerId: 1,
  isShared: false,
  name: 'Mine',
  filterJson: '{"Combine":"and","Conditions":[]}',
  by: 'supervisor',
  at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the saved filter store on PostgreSQL', () => {
  it('creates, lists (own and shared, names ordered as SQLite’s NOCASE), changes and removes as SQLite does', async () => {
    const names = ['beta', 'Alpha', 'alpha', 'ALPHA2', 'Äpfel', 'äpfel', 'zeta', '_under', 'Zulu', 'a%'];
    for (const [i, name] of names.entries()) {
      await same((s) => outcome(s.create(filter({ name, ownerId: 1 + (i % 2), isShared: i % 3 === 0 }))));
    }
    expect(await same((s) => outcome(s.create(filter({ name: 'beta' }))))).toEqual({
      refused: 'DuplicateFilterNameError: beta',
    });
    // Another owner may use the name; the next id is the same on both engines after the refusal.
    expect(await same((s) => outcome(s.create(filter({ name: 'beta', ownerId: 2 }))))).toMatchObject({
      value: { name: 'beta', ownerName: 'operator' },
    });
    const listed = await same((s) => s.listFor(101, 1));
    // NOCASE folds ASCII letters only: 'Äpfel' sorts after every ASCII name, 'alpha' ties 'Alpha'.
    const folded = listed.map((f) => asciiLower(f.name));
    expect(folded).toEqual([...folded].sort());
    expect(listed.length).toBeGreaterThan(5);
    await same((s) => s.listFor(101, 2));
    await same((s) => s.listFor(101, 3));
    await same((s) => s.listFor(102, 1));
    const first = listed[0]!;
    await same((s) => s.get(first.id));
    expect(await same((s) => s.get(99_999))).toBeNull();
    const change = {
      expectedVersion: 1,
      isShared: true,
      name: 'Renamed',
      filterJson: '{}',
      by: 'operator',
      at: '2026-02-01T00:00:00.000Z',
    };
    expect(await same((s) => outcome(s.update(first.id, change)))).toMatchObject({
      value: { version: 2, name: 'Renamed' },
    });
    expect(await same((s) => outcome(s.update(first.id, change)))).toEqual({ value: 'stale' });
    expect(await same((s) => outcome(s.update(99_999, change)))).toEqual({ value: null });
    const twin = listed.find((f) => f.ownerId === first.ownerId && f.id !== first.id)!.name;
    expect(
      await same((s) => outcome(s.update(first.id, { ...change, expectedVersion: 2, name: twin }))),
    ).toEqual({ refused: `DuplicateFilterNameError: ${twin}` });
    expect(await same((s) => s.remove(first.id))).toBe(true);
    expect(await same((s) => s.remove(first.id))).toBe(false);
    await parity.sameRows('SELECT * FROM saved_filters ORDER BY id');
  });

  it('answers any sequence of creates, updates, removes and reads as SQLite does (model test)', async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        owner: fc.constantFrom(1, 2),
        name: fc.constantFrom('a', 'A', 'b', 'B ', 'ä', 'Ä'),
        shared: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('update' as const),
        pick: fc.nat(),
        version: fc.constantFrom(1, 2, 3),
        name: fc.constantFrom('a', 'c', 'C'),
        shared: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('list' as const), user: fc.constantFrom(1, 2, 3) }),
    );
    let form = 5000;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        form += 1;
        const ids: number[] = [];
        const pick = (n: number) => ids[n % Math.max(ids.length, 1)] ?? 1;
        for (const o of ops) {
          const result = await same((s): Promise<{ value?: unknown; refused?: string }> => {
            switch (o.kind) {
              case 'create':
                return outcome(
                  s.create(
                    filter({ webTemplateNo: form, ownerId: o.owner, name: o.name, isShared: o.shared }),
                  ),
                );
              case 'update':
                return outcome(
                  s.update(pick(o.pick), {
                    expectedVersion: o.version,
                    isShared: o.shared,
                    name: o.name,
                    filterJson: '{}',
                    by: 'x',
                    at: '2026-03-01T00:00:00.000Z',
                  }),
                );
              case 'remove':
                return outcome(s.remove(pick(o.pick)));
              case 'list':
                return outcome(s.listFor(form, o.user));
            }
          });
          if (o.kind === 'create' && result.value) ids.push((result.value as { id: number }).id);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('gives one success and one stale to two concurrent updates of the same version, and one duplicate to two concurrent creates of a name', async () => {
    const created = await parity.pg.create(filter({ webTemplateNo: 111, name: 'Race' }));
    const change = (name: string) => ({
      expectedVersion: 1,
      isShared: false,
      name,
      filterJson: '{}',
      by: 'x',
      at: 'y',
    });
    const updates = await Promise.all([
      parity.pg.update(created.id, change('One')),
      parity.pg.update(created.id, change('Two')),
    ]);
    expect(updates.filter((u) => u === 'stale')).toHaveLength(1);
    expect(updates.filter((u) => typeof u === 'object' && u?.version === 2)).toHaveLength(1);
    const creates = await Promise.all([
      outcome(parity.pg.create(filter({ webTemplateNo: 111, name: 'Twice' }))),
      outcome(parity.pg.create(filter({ webTemplateNo: 111, name: 'Twice' }))),
    ]);
    expect(creates.filter((c) => 'refused' in c)).toEqual([{ refused: 'DuplicateFilterNameError: Twice' }]);
    expect(creates.filter((c) => 'value' in c)).toHaveLength(1);
  });
});
