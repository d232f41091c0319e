import type { PickListItem } from '@procedo/client-api';
import type { AuthContext } from '../session/session-service';
import {
  guarded,
  invalid,
  loadStep,
  outOfOrder,
  readAnswers,
  remember,
  type StepContext,
  storeOf,
  whyNot,
} from './process-context';
import type { StepDefinition } from './process-definitions';
import type { ProcessLifecycle } from './process-lifecycle';
import { completedResult } from './process-view';
import type { ProcessesService } from './processes-service';
import type { ProcessStore, StepRecord } from './processes-store';

/** The rows a pick-list step offers (read from the business records). */
async function pickItems(auth: AuthContext, def: StepDefinition): Promise<PickListItem[]> {
  const pick = def.pickList;
  if (!pick) return [];
  // The first rows in title order: a keyset page, so no count of the entity's records runs.
  const { rows } = await auth.database.stores.records.searchPage({
    entity: pick.entity,
    text: '',
    filters: [],
    conditions: [],
    after: null,
    limit: pick.limit,
    count: false,
  });
  return rows.map((row) => {
    const v = row.values;
    const title = ['Name', 'BatchNo', 'Title'].map((n) => v[n]).find((x) => typeof x === 'string');
    const details = ['Country', 'Status', 'Severity']
      .map((n) => v[n])
      .filter((x): x is string => typeof x === 'string' && x !== '');
    return {
      Id: String(row.id),
      Text: (typeof title === 'string' ? title : `#${row.id}`).slice(0, 500),
      Description: details.length > 0 ? details.join(' · ') : null,
    };
  });
}

function storedItems(step: StepRecord): PickListItem[] | null {
  return step.dataJson === null ? null : (JSON.parse(step.dataJson) as PickListItem[]);
}

async function pickContext(auth: AuthContext, store: ProcessStore, stepId: number): Promise<StepContext> {
  const ctx = await loadStep(auth, store, stepId);
  if (ctx.def.kind !== 'pick-list-multi' && ctx.def.kind !== 'pick-list-single') {
    throw outOfOrder(`The step is a ${ctx.def.kind} step, not a pick list.`);
  }
  return ctx;
}

/** The pick-list steps: the items offered, and the completion with the user's choice. */
export function createPickListCalls({
  event,
  completeStep,
}: ProcessLifecycle): Pick<ProcessesService, 'pickListData' | 'completePickList'> {
  return {
    async pickListData(auth, stepId) {
      const store = storeOf(auth);
      const ctx = await pickContext(auth, store, stepId);
      const stored = storedItems(ctx.step);
      const items = stored ?? (await pickItems(auth, ctx.def));
      const after = await store.transaction(async (tx) => {
        const current = await loadStep(auth, tx, stepId);
        // The offer is kept with the step: the completion is checked against what was shown.
        if (current.step.state === 'active' && current.step.dataJson === null) {
          await tx.updateStep(stepId, { dataJson: JSON.stringify(items) });
          return items;
        }
        return storedItems(current.step) ?? items;
      });
      const answers = readAnswers(ctx.step);
      return {
        StepId: ctx.step.id,
        StepName: ctx.def.name,
        IsMulti: ctx.def.kind === 'pick-list-multi',
        Prompt: ctx.def.pickList?.prompt ?? null,
        Items: after,
        Selected: (answers.selected ?? []).map((item) => item.id),
      };
    },

    async completePickList(auth, stepId, selection) {
      const store = storeOf(auth);
      const first = await pickContext(auth, store, stepId);
      const wanted = selection.multi ? 'pick-list-multi' : 'pick-list-single';
      if (first.def.kind !== wanted) {
        throw outOfOrder(`The step is a ${first.def.kind} step; this completion is for ${wanted} steps.`);
      }
      const fresh = storedItems(first.step) === null ? await pickItems(auth, first.def) : null;
      const ids = selection.multi ? selection.ids : [selection.id];
      const key = `pick:${JSON.stringify(ids)}`;
      return store.transaction(async (tx) => {
        const ctx = await loadStep(auth, tx, stepId);
        return guarded(ctx, key, whyNot(ctx), async () => {
          const offered = storedItems(ctx.step) ?? fresh ?? [];
          const byId = new Map(offered.map((item) => [item.Id, item]));
          const field = selection.multi ? 'SelectedItems' : 'SelectedItem';
          const seen = new Set<string>();
          ids.forEach((id, index) => {
            const path = selection.multi ? [field, index] : [field];
            if (!byId.has(id)) throw invalid(path, `'${id.slice(0, 100)}' is not an item of the pick list`);
            if (seen.has(id)) throw invalid(path, `'${id}' is chosen twice`);
            seen.add(id);
          });
          const selected = ids.map((id) => ({ id, text: byId.get(id)?.Text ?? id }));
          await tx.updateStep(ctx.step.id, { dataJson: JSON.stringify(offered) });
          await event(
            tx,
            auth,
            ctx.process.id,
            ctx.step.id,
            'items-picked',
            selected.map((s) => s.text).join('; '),
          );
          const nextId = await completeStep(tx, auth, ctx, { ...readAnswers(ctx.step), selected });
          return remember(tx, ctx.step.id, key, await completedResult(tx, ctx, nextId, true));
        });
      });
    },
  };
}
