import {
  type ProcessCommandDefinition,
  ProcessCommandDefinitionSchema,
} from '../features/processes/process-definitions';
import type { SeedKind } from './seed-data';
import type { SqliteDatabase } from './sqlite';

/** The name of the command that walks through every step interaction (docs/processes.md). */
export const INTERACTION_TOUR = 'Interaction tour';

/** The ToastMessage of the tour's first step when its confirm is answered no. */
export const TOUR_CANCEL_TOAST = 'The tour has been cancelled. Run the step again to start over.';

/**
 * The first current record of an entity (by title): the fallback record of a page step. A
 * database without one (all deleted) gets an empty fallback: the page then opens a new record.
 */
function firstRecordId(db: SqliteDatabase, entity: string): number | '' {
  const row = db
    .prepare<[string], { record_id: number }>(
      'SELECT record_id FROM records WHERE entity = ? AND is_deleted = 0 ORDER BY search_key, record_id LIMIT 1',
    )
    .get(entity);
  return row?.record_id ?? '';
}

/**
 * The process commands of the demo domain (quality management), the Interaction tour first.
 * `ids` are real records the page steps fall back to when no earlier step chose one.
 */
export function processCommands(ids: {
  supplier: number | '';
  deviation: number | '';
  batch: number | '';
}): ProcessCommandDefinition[] {
  return [
    {
      name: INTERACTION_TOUR,
      description:
        'A short tour of every step interaction: a confirm, a prompt, a dialog, both pick lists, a report, a detail page and the two completion questions.',
      openFlow: false,
      start: true,
      askName: false,
      steps: [
        {
          name: 'Confirm the start',
          kind: 'action',
          hint: 'Answer yes to go on; no cancels the run and the step stays where it is.',
          confirm: { message: 'Do you want to start the interaction tour?', cancelToast: TOUR_CANCEL_TOAST },
        },
        {
          name: 'Name your tour',
          kind: 'action',
          hint: 'An empty answer does not proceed.',
          prompt: {
            message: 'What should this tour be called?',
            suggestion: 'My first tour',
            variable: 'TourName',
          },
        },
        {
          name: 'Read about processes',
          kind: 'action',
          hint: 'Opens the help page in a dialog; the step is done once it is open.',
          url: '/help/processes',
          target: '_dialog',
        },
        {
          name: 'Choose suppliers to review',
          kind: 'pick-list-multi',
          hint: 'Choose one or more suppliers.',
          pickList: {
            entity: 'supplier',
            prompt: 'Which suppliers should the review cover?',
            limit: 25,
            variable: 'ReviewSuppliers',
          },
        },
        {
          name: 'Choose the lead supplier',
          kind: 'pick-list-single',
          hint: 'Choose exactly one supplier; the detail page step opens it.',
          pickList: {
            entity: 'supplier',
            prompt: 'Which supplier leads the review?',
            limit: 25,
            variable: 'LeadSupplier',
          },
        },
        {
          name: 'Produce the tour report',
          kind: 'report-document',
          hint: 'Produces a document of everything the tour collected so far.',
          reportTitle: 'Interaction tour report',
          target: '_blank',
        },
        {
          name: 'Check the lead supplier',
          kind: 'detail-page',
          hint: 'Opens the supplier record; the step completes when the page posts its record id.',
          url: `/form?WebTemplateNo=102&UGoToItemNo={var:LeadSupplier|${ids.supplier}}&a_step_id={StepId}`,
          target: '_self',
          requiredData: ['UGoToItemNo'],
        },
        {
          name: 'Confirm the tour is done',
          kind: 'completion-confirm',
          hint: 'Answer yes to complete the step.',
          completionConfirm: {
            message: 'Have you seen every kind of step?',
            cancelToast: 'The step stays open until you confirm it.',
          },
        },
        {
          name: 'Leave feedback',
          kind: 'completion-prompt',
          hint: 'An empty answer does not complete the step.',
          completionPrompt: {
            message: 'How did you find the tour?',
            suggestion: 'Clear and quick',
            variable: 'Feedback',
          },
        },
      ],
    },
    {
      name: 'Supplier onboarding',
      description:
        'Qualify a new supplier: quality agreement, supplier record, products in scope, audit date, summary and approval.',
      openFlow: true,
      start: false,
      askName: true,
      steps: [
        {
          name: 'Quality agreement signed',
          kind: 'action',
          hint: 'Onboarding starts only with a signed quality agreement.',
          confirm: {
            message: 'Has the supplier signed the quality agreement?',
            cancelToast: 'Onboarding waits until the quality agreement is signed.',
          },
        },
        {
          name: 'Enter the supplier record',
          kind: 'form',
          hint: 'Save the new supplier; the step completes when the form posts the saved record.',
          url: '/form?WebTemplateNo=102&a_step_id={StepId}',
          target: '_self',
          requiredData: ['UGoToItemNo'],
        },
        {
          name: 'Products in scope',
          kind: 'pick-list-multi',
          pickList: {
            entity: 'product',
            prompt: 'Which products will this supplier deliver?',
            limit: 50,
            variable: 'Products',
          },
        },
        {
          name: 'Plan the supplier audit',
          kind: 'action',
          prompt: {
            message: 'Planned audit date (yyyy-MM-dd)',
            suggestion: '2027-01-15',
            variable: 'AuditDate',
          },
        },
        {
          name: 'Onboarding summary',
          kind: 'report-document',
          reportTitle: 'Supplier onboarding summary',
          target: '_blank',
        },
        {
          name: 'Approve the supplier',
          kind: 'completion-confirm',
          completionConfirm: {
            message: 'Approve this supplier for use?',
            cancelToast: 'The supplier is not approved yet.',
          },
        },
      ],
    },
    {
      name: 'Deviation handling',
      description:
        'Assess a deviation, find its root cause, start a CAPA when one is needed, report and close.',
      openFlow: false,
      start: true,
      askName: false,
      steps: [
        {
          name: 'Choose the deviation',
          kind: 'pick-list-single',
          pickList: {
            entity: 'deviation',
            prompt: 'Which deviation is handled?',
            limit: 50,
            variable: 'Deviation',
          },
        },
        {
          name: 'Review the deviation record',
          kind: 'detail-page',
          hint: 'Check severity and description; changes to audited fields need your signature.',
          url: `/form?WebTemplateNo=103&UGoToItemNo={var:Deviation|${ids.deviation}}&a_step_id={StepId}`,
          target: '_self',
          requiredData: ['UGoToItemNo'],
        },
        {
          name: 'Root cause',
          kind: 'action',
          prompt: { message: 'What is the root cause?', variable: 'RootCause' },
        },
        {
          name: 'CAPA decision',
          kind: 'action',
          hint: 'No skips the CAPA and goes straight to the report.',
          confirm: {
            message: 'Is a corrective and preventive action (CAPA) needed?',
            cancelToast: 'No CAPA needed.',
            noProceedsTo: 5,
          },
        },
        {
          name: 'Run the CAPA',
          kind: 'sub-process',
          hint: 'Starts a CAPA process; this step completes when the CAPA does.',
          subProcessCommand: 'CAPA',
          target: '_self',
        },
        {
          name: 'Deviation report',
          kind: 'report-document',
          reportTitle: 'Deviation report',
          target: '_blank',
        },
        {
          name: 'Close the deviation',
          kind: 'completion-prompt',
          completionPrompt: { message: 'Closing comment', variable: 'ClosingComment' },
        },
      ],
    },
    {
      name: 'CAPA',
      description: 'Corrective and preventive action: define both actions and verify their effectiveness.',
      openFlow: true,
      start: false,
      askName: true,
      steps: [
        {
          name: 'Corrective action',
          kind: 'action',
          prompt: { message: 'Which corrective action is taken?', variable: 'CorrectiveAction' },
        },
        {
          name: 'Preventive action',
          kind: 'action',
          prompt: { message: 'Which preventive action is taken?', variable: 'PreventiveAction' },
        },
        {
          name: 'Effectiveness check',
          kind: 'completion-confirm',
          completionConfirm: {
            message: 'Were the actions effective?',
            cancelToast: 'The CAPA stays open until its actions are effective.',
          },
        },
      ],
    },
    {
      name: 'Batch release',
      description: 'Review a batch record and its certificate of analysis, then release the batch.',
      openFlow: false,
      start: true,
      askName: false,
      steps: [
        {
          name: 'Choose the batch',
          kind: 'pick-list-single',
          pickList: { entity: 'batch', prompt: 'Which batch is released?', limit: 50, variable: 'Batch' },
        },
        {
          name: 'Review the batch record',
          kind: 'detail-page',
          url: `/form?WebTemplateNo=104&UGoToItemNo={var:Batch|${ids.batch}}&a_step_id={StepId}`,
          target: '_self',
          requiredData: ['UGoToItemNo'],
        },
        {
          name: 'Attach the certificate of analysis',
          kind: 'form',
          hint: 'Save a certificate record with the file attached.',
          url: '/form?WebTemplateNo=105&a_step_id={StepId}',
          target: '_self',
          requiredData: ['UGoToItemNo'],
        },
        {
          name: 'Release criteria',
          kind: 'action',
          confirm: {
            message: 'Are all release criteria met?',
            cancelToast: 'The batch cannot be released until every criterion is met.',
          },
        },
        {
          name: 'Batch release certificate',
          kind: 'report-document',
          reportTitle: 'Batch release certificate',
          target: '_blank',
        },
        {
          name: 'Release the batch',
          kind: 'completion-confirm',
          completionConfirm: {
            message: 'Release this batch for distribution?',
            cancelToast: 'The batch is not released.',
          },
        },
      ],
    },
  ];
}

/**
 * Seeds the process commands once per database (`meta.processes_seeded_at`), also into databases
 * created before processes existed. Definitions are validated first: a bad one stops the start.
 */
export function seedProcessesIfNeeded(db: SqliteDatabase, _kind: SeedKind, now: number): boolean {
  const isSeeded = () =>
    db.prepare("SELECT 1 FROM meta WHERE key = 'processes_seeded_at'").get() !== undefined;
  if (isSeeded()) return false;
  const commands = processCommands({
    supplier: firstRecordId(db, 'supplier'),
    deviation: firstRecordId(db, 'deviation'),
    batch: firstRecordId(db, 'batch'),
  }).map((command) => ProcessCommandDefinitionSchema.parse(command));
  const names = new Set(commands.map((command) => command.name));
  for (const command of commands) {
    command.steps.forEach((step, position) => {
      const to = step.confirm?.noProceedsTo;
      if (to !== undefined && (to <= position || to >= command.steps.length)) {
        throw new Error(`${command.name}: step ${position} proceeds to ${to}, not a later step`);
      }
      if (step.subProcessCommand && !names.has(step.subProcessCommand)) {
        throw new Error(`${command.name}: sub-process command ${step.subProcessCommand} is not defined`);
      }
    });
  }
  const insertCommand = db.prepare(
    `INSERT INTO process_commands (name, description, open_flow, start, ask_name) VALUES (?, ?, ?, ?, ?)`,
  );
  const insertStep = db.prepare(
    'INSERT INTO process_command_steps (command_id, position, definition_json) VALUES (?, ?, ?)',
  );
  const insertVersion = db.prepare(
    `INSERT INTO process_command_versions (command_id, version, json, published_at_utc, published_by, change_note)
     VALUES (?, 1, ?, '1970-01-01T00:00:00.000Z', 'system', 'Seeded command')`,
  );
  return db.transaction(() => {
    if (isSeeded()) return false;
    for (const command of commands) {
      const id = Number(
        insertCommand.run(
          command.name,
          command.description,
          command.openFlow ? 1 : 0,
          command.start ? 1 : 0,
          command.askName ? 1 : 0,
        ).lastInsertRowid,
      );
      command.steps.forEach((step, position) => {
        insertStep.run(id, position, JSON.stringify(step));
      });
      // Its version 1 (migration 25), in force since the epoch like a seeded form definition.
      insertVersion.run(id, JSON.stringify(command));
    }
    db.prepare("INSERT INTO meta (key, value) VALUES ('processes_seeded_at', ?)").run(
      new Date(now).toISOString(),
    );
    return true;
  })();
}
