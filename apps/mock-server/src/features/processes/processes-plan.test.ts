import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../db/migrations';
import { seedIfNeeded } from '../../db/seed';
import { seedFormAccessIfNeeded, seedFormsIfNeeded } from '../../db/seed-forms';
import { INTERACTION_TOUR, seedProcessesIfNeeded } from '../../db/seed-processes';
import { migrate, openSqlite, type SqliteDatabase } from '../../db/sqlite';
import { createSqliteFormStore } from '../forms/forms-store';
import { createSqliteRecordStore } from '../records/records-store.sqlite';
import type { AuthContext } from '../session/session-service';
import { createProcessesService } from './processes-service';
import { createSqliteProcessStore } from './processes-store';

let dir: string;
let db: SqliteDatabase;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-process-plan-'));
  db = openSqlite(path.join(dir, 'plan.sqlite'));
  migrate(db, MIGRATIONS);
  await seedIfNeeded(db, 'small', Date.now());
  seedFormsIfNeeded(db, 'small', Date.now());
  seedProcessesIfNeeded(db, 'small', Date.now());
  seedFormAccessIfNeeded(db, Date.now());
});
afterAll(async () => {
  db.close();
  await rm(dir, { recursive: true, force: true });
});

/** The query plan of `sql` with every parameter replaced by a constant. */
function plan(sql: string): string[] {
  const bound = sql.replace(/@[A-Za-z]+|\?/g, '1');
  return (db.prepare(`EXPLAIN QUERY PLAN ${bound}`).all() as { detail: string }[]).map((row) => row.detail);
}

describe('the cost of a step call', () => {
  it('uses only primary keys and indexes on processes, steps and history: no full scan', async () => {
    const statements = new Set<string>();
    // The store on a connection that notes every statement it prepares.
    const recording = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'prepare') {
          return (sql: string) => {
            statements.add(sql);
            return target.prepare(sql);
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const store = createSqliteProcessStore(recording);
    const user = { id: 1, name: 'supervisor', isSupervisor: true, profileId: 1 };
    const auth = {
      database: {
        id: 'plan',
        name: 'Plan',
        stores: { processes: store, records: createSqliteRecordStore(db), forms: createSqliteFormStore(db) },
      },
      user,
    } as unknown as AuthContext;
    const service = createProcessesService({ now: () => Date.now() });
    const tourId = (await service.creatableCommands(auth, { column: 'Name', descending: false })).find(
      (c) => c.Name === INTERACTION_TOUR,
    )?.Id;
    // Every statement the store prepared (most at creation), and those a tour's calls add.
    const tour = await service.createProcess(auth, tourId ?? 0, { Name: 'Plan' }, 1);
    const ids = tour.AllSteps.map((s) => s.Id);
    const asked = await service.run(auth, ids[0] ?? 0, null);
    await service.run(auth, ids[0] ?? 0, { ...asked, Confirmed: true, ConfirmResult: false });
    const again = await service.run(auth, ids[0] ?? 0, null);
    await service.run(auth, ids[0] ?? 0, { ...again, Confirmed: true, ConfirmResult: true });
    await service.answerPrompt(auth, ids[1] ?? 0, 'Plan');
    await service.run(auth, ids[2] ?? 0, null);
    const data = await service.pickListData(auth, ids[3] ?? 0);
    await service.completePickList(auth, ids[3] ?? 0, { multi: true, ids: [data.Items[0]?.Id ?? ''] });
    await service.resetStep(auth, ids[3] ?? 0, true);
    await service.openStep(auth, ids[3] ?? 0);
    await service.getProcess(auth, tour.Id);
    await service.resetProcess(auth, tour.Id);
    // The reads at a timepoint: each through the history's indexes.
    const at = new Date(Date.now() + 1000).toISOString();
    await service.getProcess(auth, tour.Id, at);
    await service.openStep(auth, ids[3] ?? 0, at);
    await service.list(auth, {
      skip: 0,
      top: 10,
      orderBy: 'CreatedAtUtc',
      descending: true,
      state: 'open',
      at,
    });

    expect(statements.size).toBeGreaterThan(10);
    for (const sql of statements) {
      for (const detail of plan(sql)) {
        expect(detail, sql).not.toMatch(
          /^SCAN (processes|process_steps|process_events|process_documents|process_states|process_document_versions)\b/,
        );
      }
    }
  });
});
