import type { ReactNode } from 'react';
import { type CommandDraft, type DraftStep, findStep, type StepPatch } from './command-draft';
import type { CommandDesignerLabels } from './command-labels';
import type { DraftProblem } from './draft-problems';
import {
  ChoiceProp,
  FlagProp,
  fieldProblems,
  NumberProp,
  OtherProblems,
  PropGroup,
  TextProp,
} from './PropertyFields';
import { COMMAND_KEY } from './StepList';

export interface StepPanelProps {
  draft: CommandDraft;
  selected: string;
  problems: readonly DraftProblem[];
  onCommandChange: (patch: {
    Description?: string;
    OpenFlow?: boolean;
    Start?: boolean;
    AskName?: boolean;
  }) => void;
  onStepChange: (id: string, patch: StepPatch) => void;
  onProceedsTo: (id: string, target: string | undefined) => void;
  /** The commands a sub-process step may start. @default a free text */
  commandNames?: readonly string[] | undefined;
  labels: CommandDesignerLabels;
}

type Question = { message: string; cancelToast?: string; suggestion?: string; variable?: string };
type Problems = ReturnType<typeof fieldProblems>;

/** A question's texts (a confirm's or prompt's), each with its problems. */
function QuestionFields(props: {
  field: 'confirm' | 'prompt' | 'completionConfirm' | 'completionPrompt';
  value: Question;
  onChange: (value: Question) => void;
  problems: Problems;
  labels: CommandDesignerLabels;
  children?: ReactNode;
}) {
  const { field, value, problems, labels: L } = props;
  const F = L.fields;
  const isConfirm = field === 'confirm' || field === 'completionConfirm';
  const set = (key: keyof Question, text: string | undefined) => {
    const next = { ...value, [key]: text };
    if (text === undefined) delete next[key];
    props.onChange(next);
  };
  return (
    <PropGroup legend={F[field]}>
      <TextProp
        label={F.message}
        value={value.message}
        multiline
        problem={problems.at(field, 'message')}
        onChange={(text) => set('message', text ?? '')}
      />
      {isConfirm ? (
        <TextProp
          label={F.cancelToast}
          value={value.cancelToast}
          problem={problems.at(field, 'cancelToast')}
          onChange={(text) => set('cancelToast', text ?? '')}
        />
      ) : (
        (['suggestion', 'variable'] as const).map((key) => (
          <TextProp
            key={key}
            label={F[key]}
            value={value[key]}
            optional
            problem={problems.at(field, key)}
            onChange={(text) => set(key, text)}
          />
        ))
      )}
      {props.children}
    </PropGroup>
  );
}

const EMPTY_QUESTION = {
  confirm: { message: '', cancelToast: '' },
  prompt: { message: '' },
  completionConfirm: { message: '', cancelToast: '' },
  completionPrompt: { message: '' },
} as const;

/** The selected step's properties by its kind (or the command's own), each with its problems. */
export function StepPanel(props: StepPanelProps) {
  const { draft, selected, labels: L } = props;
  const F = L.fields;
  const item = selected === COMMAND_KEY ? undefined : findStep(draft, selected);
  const problems = fieldProblems(props.problems, item ? item.id : null);
  let body: ReactNode;
  if (!item) {
    const command = draft.command;
    const set = props.onCommandChange;
    body = (
      <>
        <TextProp
          label={F.Name}
          value={command.Name}
          isDisabled
          problem={problems.prop('Name')}
          onChange={() => {}}
        />
        <p className="procedo-Designer-hint">{F.NameKept}</p>
        <TextProp
          label={F.Description}
          value={command.Description}
          multiline
          problem={problems.prop('Description')}
          onChange={(Description) => set({ Description: Description ?? '' })}
        />
        {(['OpenFlow', 'Start', 'AskName'] as const).map((key) => (
          <FlagProp
            key={key}
            label={F[key]}
            value={command[key]}
            problem={problems.prop(key)}
            onChange={(on) => set({ [key]: on === true })}
          />
        ))}
      </>
    );
  } else {
    body = <StepFields {...props} item={item} problems={problems} />;
  }
  return (
    <section className="procedo-Designer-properties" aria-label={L.properties}>
      <h3>{L.properties}</h3>
      <OtherProblems problems={problems.rest()} />
      {body}
    </section>
  );
}

function StepFields(props: Omit<StepPanelProps, 'problems'> & { item: DraftStep; problems: Problems }) {
  const { draft, item, problems, labels: L } = props;
  const F = L.fields;
  const { step } = item;
  const set = (patch: StepPatch) => props.onStepChange(item.id, patch);
  const text = (key: 'hint' | 'reportTitle', multiline = false) => (
    <TextProp
      key={key}
      label={F[key]}
      value={step[key]}
      optional
      multiline={multiline}
      problem={problems.prop(key)}
      onChange={(value) => set({ [key]: value })}
    />
  );
  const hasUrl = step.kind === 'action' || step.kind === 'form' || step.kind === 'detail-page';
  const question = (field: keyof typeof EMPTY_QUESTION, optional: boolean, extra?: ReactNode) => {
    problems.shown.add(field);
    const value = step[field] as Question | undefined;
    return (
      <div key={field}>
        {optional && (
          <FlagProp
            label={L.toggles[field]}
            value={value !== undefined}
            onChange={(on) => set({ [field]: on ? { ...EMPTY_QUESTION[field] } : undefined })}
          />
        )}
        {value && (
          <QuestionFields
            field={field}
            value={value}
            problems={problems}
            labels={L}
            onChange={(next) => set({ [field]: next })}
          >
            {extra}
          </QuestionFields>
        )}
      </div>
    );
  };
  const position = draft.steps.indexOf(item);
  const later = draft.steps.filter((other, i) => i > position || other.id === item.proceedsTo);
  const proceeds = (
    <ChoiceProp
      label={F.noProceedsTo}
      value={item.proceedsTo}
      noneLabel={L.noProceed}
      choices={later.map((other) => ({
        value: other.id,
        label: L.stepAt(draft.steps.indexOf(other) + 1, other.step.name),
      }))}
      problem={problems.at('confirm', 'noProceedsTo')}
      onChange={(target) => props.onProceedsTo(item.id, target)}
    />
  );
  const pickList = step.pickList;
  if (pickList) problems.shown.add('pickList');
  return (
    <>
      <TextProp
        label={F.name}
        value={step.name}
        problem={problems.prop('name')}
        onChange={(name) => set({ name: name ?? '' })}
      />
      <p className="procedo-Designer-field">
        {F.kind}: {L.kinds[step.kind]}
      </p>
      {text('hint', true)}
      {hasUrl && [
        <TextProp
          key="url"
          label={F.url}
          value={step.url}
          optional={step.kind === 'action'}
          problem={problems.prop('url')}
          onChange={(url) => set({ url: url ?? '' })}
        />,
        <p key="urlHint" className="procedo-Designer-hint">
          {F.urlHint}
        </p>,
      ]}
      {(hasUrl || step.kind === 'report-document' || step.kind === 'sub-process') && (
        <ChoiceProp
          label={F.target}
          value={step.target}
          noneLabel={L.none}
          choices={(['_self', '_blank'] as const).map((value) => ({ value, label: L.targets[value] }))}
          problem={problems.prop('target')}
          onChange={(target) => set({ target })}
        />
      )}
      {step.kind === 'action' && [
        question('confirm', true, proceeds),
        question('prompt', true),
        question('completionConfirm', true),
        question('completionPrompt', true),
      ]}
      {(step.kind === 'form' || step.kind === 'detail-page' || step.kind === 'report-document') && (
        <TextProp
          label={F.requiredData}
          value={step.requiredData?.join(',')}
          optional
          problem={problems.prop('requiredData')}
          // Split exactly at commas, so what is typed reads back as typed.
          onChange={(value) => set({ requiredData: value === undefined ? undefined : value.split(',') })}
        />
      )}
      {(step.kind === 'pick-list-single' || step.kind === 'pick-list-multi') && pickList && (
        <PropGroup legend={F.pickList}>
          <ChoiceProp
            label={F.entity}
            value={pickList.entity}
            choices={(['supplier', 'product', 'batch', 'deviation'] as const).map((value) => ({
              value,
              label: L.entities[value],
            }))}
            problem={problems.at('pickList', 'entity')}
            onChange={(entity) =>
              set({ pickList: { ...pickList, entity: (entity ?? 'supplier') as typeof pickList.entity } })
            }
          />
          <TextProp
            label={F.message}
            value={pickList.prompt}
            problem={problems.at('pickList', 'prompt')}
            onChange={(prompt) => set({ pickList: { ...pickList, prompt: prompt ?? '' } })}
          />
          <NumberProp
            label={F.limit}
            value={pickList.limit}
            problem={problems.at('pickList', 'limit')}
            onChange={(limit) => set({ pickList: { ...pickList, limit: limit as number } })}
          />
          <TextProp
            label={F.variable}
            value={pickList.variable}
            problem={problems.at('pickList', 'variable')}
            onChange={(variable) => set({ pickList: { ...pickList, variable: variable ?? '' } })}
          />
        </PropGroup>
      )}
      {step.kind === 'report-document' && text('reportTitle')}
      {step.kind === 'sub-process' &&
        (props.commandNames ? (
          <ChoiceProp
            label={F.subProcessCommand}
            value={step.subProcessCommand}
            choices={props.commandNames.map((value) => ({ value, label: value }))}
            problem={problems.prop('subProcessCommand')}
            onChange={(name) => set({ subProcessCommand: name ?? '' })}
          />
        ) : (
          <TextProp
            label={F.subProcessCommand}
            value={step.subProcessCommand}
            problem={problems.prop('subProcessCommand')}
            onChange={(name) => set({ subProcessCommand: name ?? '' })}
          />
        ))}
      {step.kind === 'completion-confirm' && question('completionConfirm', false)}
      {step.kind === 'completion-prompt' && question('completionPrompt', false)}
    </>
  );
}
