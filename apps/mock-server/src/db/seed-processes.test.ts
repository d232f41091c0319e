import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StepDefinitionSchema } from '../features/processes/process-definitions';
import { MIGRATIONS } from './migrations';
import { seedIfNeeded } from './seed';
import { seedFormsIfNeeded } from './seed-forms';
import { INTERACTION_TOUR, processCommands, seedProcessesIfNeeded } from './seed-processes';
import { migrate, openSqlite } from './sqlite';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'procedo-seed-processes-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('seedProcessesIfNeeded', () => {
  it('adds the process commands to a database seeded before processes existed, once', async () => {
    // Users and forms seeded, processes not yet: what a database of an older server is after
    // its migrations.
    const db = openSqlite(path.join(dir, 'old.sqlite'));
    migrate(db, MIGRATIONS);
    await seedIfNeeded(db, 'small', Date.now());
    seedFormsIfNeeded(db, 'small', Date.now());

    expect(seedProcessesIfNeeded(db, 'small', Date.now())).toBe(true);
    expect(seedProcessesIfNeeded(db, 'small', Date.now())).toBe(false);
    const commands = db
      .prepare(
        `SELECT c.name, count(s.position) AS steps FROM process_commands c
         JOIN process_command_steps s ON s.command_id = c.id GROUP BY c.id ORDER BY c.id`,
      )
      .all();
    expect(commands).toEqual([
      { name: INTERACTION_TOUR, steps: 9 },
      { name: 'Supplier onboarding', steps: 6 },
      { name: 'Deviation handling', steps: 7 },
      { name: 'CAPA', steps: 3 },
      { name: 'Batch release', steps: 6 },
    ]);
    // The tour's detail page falls back to a real, current supplier.
    const detail = StepDefinitionSchema.parse(
      JSON.parse(
        (
          db
            .prepare(
              'SELECT definition_json FROM process_command_steps WHERE command_id = 1 AND position = 6',
            )
            .get() as { definition_json: string }
        ).definition_json,
      ),
    );
    const fallback = Number(/\{var:LeadSupplier\|(\d+)\}/.exec(detail.url ?? '')?.[1]);
    expect(
      db.prepare('SELECT entity FROM records WHERE record_id = ? AND is_deleted = 0').get(fallback),
    ).toEqual({ entity: 'supplier' });
    db.close();
  });

  it('orders the Interaction tour as issue 4 asks', () => {
    const [tour] = processCommands({ supplier: 7, deviation: 8, batch: 9 });
    expect(tour?.name).toBe('Interaction tour');
    expect(tour?.steps.map((s) => s.kind)).toEqual([
      'action',
      'action',
      'action',
      'pick-list-multi',
      'pick-list-single',
      'report-document',
      'detail-page',
      'completion-confirm',
      'completion-prompt',
    ]);
    const [confirm, prompt, dialog, , , , detail] = tour?.steps ?? [];
    expect(confirm?.confirm).toBeDefined();
    expect(prompt?.prompt?.suggestion).toBeTruthy();
    expect(dialog).toMatchObject({ url: '/help/processes', target: '_dialog' });
    expect(detail).toMatchObject({ target: '_self', requiredData: ['UGoToItemNo'] });
    expect(detail?.url).toBe('/form?WebTemplateNo=102&UGoToItemNo={var:LeadSupplier|7}&a_step_id={StepId}');
  });

  it('refuses a step definition with options of another kind', () => {
    expect(
      StepDefinitionSchema.safeParse({
        name: 'x',
        kind: 'pick-list-single',
        confirm: { message: 'a', cancelToast: 'b' },
      }).success,
    ).toBe(false);
    expect(StepDefinitionSchema.safeParse({ name: 'x', kind: 'detail-page' }).success).toBe(false);
    expect(
      StepDefinitionSchema.safeParse({ name: 'x', kind: 'sub-process', subProcessCommand: 'CAPA' }).success,
    ).toBe(true);
  });
});
