import { AppError } from '../../errors/app-error';
import {
  guarded,
  invalid,
  loadStep,
  nowIso,
  outOfOrder,
  readAnswers,
  remember,
  storeOf,
  whyNot,
} from './process-context';
import type { ProcessLifecycle } from './process-lifecycle';
import { renderReport } from './process-report';
import { isSafeUrl, reportDocumentUrl } from './process-urls';
import { completedResult, describe, reload, variablesOf } from './process-view';
import type { ProcessesService } from './processes-service';

/**
 * The steps completed outside the runner: a report document the step produces (and serves), and
 * a form or detail page the user completes.
 */
export function createPageStepCalls(
  now: () => number,
  { event, completeStep }: ProcessLifecycle,
): Pick<ProcessesService, 'completeReportDocument' | 'reportDocument' | 'completeDetailPage'> {
  return {
    completeReportDocument(auth, stepId) {
      return storeOf(auth).transaction(async (tx) => {
        const ctx = await loadStep(auth, tx, stepId);
        if (ctx.def.kind !== 'report-document') {
          throw outOfOrder(`The step is a ${ctx.def.kind} step, not a report document.`);
        }
        const key = 'report';
        return guarded(ctx, key, whyNot(ctx), async () => {
          const at = nowIso(now);
          const command = ctx.command;
          const html = renderReport({
            title: ctx.def.reportTitle ?? `${command.name}: report`,
            processId: ctx.process.id,
            processName: ctx.process.name,
            commandName: command.name,
            state: ctx.process.state,
            createdBy: ctx.process.createdBy,
            createdAt: ctx.process.createdAt,
            parentProcessId: ctx.process.parentProcessId,
            variables: await variablesOf(tx, ctx.process, command),
            steps: (await tx.listSteps(ctx.process.id)).map((step) => {
              const def = command.steps[step.position];
              const a = readAnswers(step);
              const answer = [
                a.confirm === undefined ? null : `Confirmed: ${a.confirm ? 'yes' : 'no'}`,
                a.prompt === undefined ? null : `Answer: ${a.prompt}`,
                a.selected ? `Chosen: ${a.selected.map((s) => s.text).join(', ')}` : null,
                a.page ? `Page: ${a.page.currentPageUrl}` : null,
                step.subProcessId === null ? null : `Sub-process #${step.subProcessId}`,
              ].filter((x) => x !== null);
              return {
                position: step.position,
                name: def?.name ?? '',
                kind: def?.kind ?? '',
                state: step.state,
                completedBy: step.completedBy,
                completedAt: step.completedAt,
                answer: answer.length > 0 ? answer.join('; ') : null,
              };
            }),
            producedBy: auth.user.name,
            producedAt: at,
          });
          await tx.saveDocument({
            stepId: ctx.step.id,
            processId: ctx.process.id,
            html,
            at,
            by: auth.user.name,
          });
          await event(
            tx,
            auth,
            ctx.process.id,
            ctx.step.id,
            'document-produced',
            ctx.def.reportTitle ?? null,
          );
          await completeStep(tx, auth, ctx, { ...readAnswers(ctx.step), document: true });
          const result = await describe(tx, await reload(tx, ctx), {
            IsCompletion: true,
            UrlToOpen: reportDocumentUrl(ctx.step.id),
            UrlToOpenTarget: ctx.def.target ?? '_blank',
          });
          return remember(tx, ctx.step.id, key, result);
        });
      });
    },

    async reportDocument(auth, stepId, at = null) {
      const store = storeOf(auth, at);
      const ctx = await loadStep(auth, store, stepId, at);
      const document = await store.getDocument(ctx.step.id);
      if (!document) {
        throw new AppError({
          status: 404,
          code: 'NOT_FOUND',
          message: 'No document has been produced for this step.',
        });
      }
      return document.html;
    },

    completeDetailPage(auth, stepId, page) {
      return storeOf(auth).transaction(async (tx) => {
        const ctx = await loadStep(auth, tx, stepId);
        if (ctx.def.kind !== 'detail-page' && ctx.def.kind !== 'form') {
          throw outOfOrder(`The step is a ${ctx.def.kind} step, not a page.`);
        }
        const key = `page:${page.QueryString}|${page.CurrentPageUrl}`;
        return guarded(ctx, key, whyNot(ctx), async () => {
          const params = new URLSearchParams(page.QueryString.replace(/^\?/, ''));
          const missing = (ctx.def.requiredData ?? []).filter(
            (name) => (params.get(name) ?? '').trim() === '',
          );
          if (missing.length > 0) {
            throw new AppError({
              status: 400,
              code: 'REQUIRED_DATA_MISSING',
              message: `The page has not sent the data this step needs: ${missing.join(', ')}.`,
              issues: missing.map((name) => ({
                code: 'required_data_missing',
                path: ['QueryString', name],
                message: `${name} is required`,
              })),
            });
          }
          const stepParam = params.get('a_step_id');
          if (stepParam !== null && stepParam !== String(ctx.step.id)) {
            throw invalid(
              ['QueryString', 'a_step_id'],
              `The page belongs to step ${stepParam.slice(0, 20)}, not this one`,
            );
          }
          if (!isSafeUrl(page.CurrentPageUrl)) {
            throw invalid(['CurrentPageUrl'], 'Must be a path of this site or an http(s) URL');
          }
          await event(tx, auth, ctx.process.id, ctx.step.id, 'page-completed', page.CurrentPageUrl);
          const nextId = await completeStep(tx, auth, ctx, {
            ...readAnswers(ctx.step),
            page: { queryString: page.QueryString, currentPageUrl: page.CurrentPageUrl },
          });
          return remember(tx, ctx.step.id, key, await completedResult(tx, ctx, nextId, false));
        });
      });
    },
  };
}
