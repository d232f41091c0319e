import type { LeafElement } from '@procedo/client-api';
import { Button } from 'react-aria-components';
import { allNodes, type FormDraft, findNode, findTab, LEAF_KINDS, type PropertyPatch } from './draft';
import type { DraftProblem } from './draft-problems';
import { FORM_KEY } from './ElementTree';
import { type Column, ColumnsEditor, type Option, OptionsEditor } from './ListEditors';
import type { FormDesignerLabels } from './labels';
import {
  ChoiceProp,
  FlagProp,
  fieldProblems,
  NumberProp,
  OtherProblems,
  PropGroup,
  TextProp,
} from './PropertyFields';

export interface PropertyPanelProps {
  draft: FormDraft;
  selected: string;
  problems: readonly DraftProblem[];
  onChange: (id: string | null, patch: PropertyPatch) => void;
  onAddTab: (stripId: string) => void;
  /** Picker sources offered (the server's picker lists). @default a free text */
  pickerSources?: readonly string[] | undefined;
  labels: FormDesignerLabels;
  isDisabled?: boolean | undefined;
}

const VALUE_KINDS = new Set([
  'text',
  'phone',
  'brackets',
  'textarea',
  'number',
  'date',
  'select',
  'checkbox',
  'picker',
  'file',
]);

/** The selected element's (or tab's, or the form's) properties, by kind, each with its problems. */
export function PropertyPanel(props: PropertyPanelProps) {
  const { draft, selected, problems, labels: L, isDisabled } = props;
  const F = L.fields;
  const id = selected === FORM_KEY ? null : selected;
  const { mine, shown, prop, rest } = fieldProblems(problems, id);
  const set = (patch: PropertyPatch) => props.onChange(id, patch);
  const common = { isDisabled };

  let body: React.ReactNode;
  if (id === null) {
    const form = draft.form;
    body = (
      <>
        <TextProp
          {...common}
          label={F.Title}
          value={form.Title}
          problem={prop('Title')}
          onChange={(Title) => set({ Title })}
        />
        <TextProp
          {...common}
          label={F.FormName}
          value={form.Name}
          problem={prop('Name')}
          onChange={(Name) => set({ Name })}
        />
        <TextProp
          {...common}
          label={F.HelpTopic}
          value={form.HelpTopic}
          optional
          problem={prop('HelpTopic')}
          onChange={(HelpTopic) => set({ HelpTopic })}
        />
      </>
    );
  } else if (findTab(draft, id)) {
    const tab = findTab(draft, id)!;
    body = (
      <>
        <TextProp
          {...common}
          label={F.Name}
          value={tab.Name}
          problem={prop('Name')}
          onChange={(Name) => set({ Name })}
        />
        <TextProp
          {...common}
          label={F.Label}
          value={tab.Label}
          problem={prop('Label')}
          onChange={(Label) => set({ Label })}
        />
      </>
    );
  } else {
    const node = findNode(draft, id);
    if (!node) return <p>{L.noSelection}</p>;
    const element = node.element as Record<string, unknown> & LeafElement;
    const kind = node.element.Kind;
    const text = (key: string, label: string, optional = true, multiline = false) => (
      <TextProp
        {...common}
        key={key}
        label={label}
        value={element[key]}
        optional={optional}
        multiline={multiline}
        problem={prop(key)}
        onChange={(value) => set({ [key]: value })}
      />
    );
    const number = (key: string, label: string) => (
      <NumberProp
        {...common}
        key={key}
        label={label}
        value={element[key]}
        problem={prop(key)}
        onChange={(value) => set({ [key]: value })}
      />
    );
    const flag = (key: string, label: string) => (
      <FlagProp
        {...common}
        key={key}
        label={label}
        value={element[key]}
        problem={prop(key)}
        onChange={(value) => set({ [key]: value })}
      />
    );
    const names = allNodes(draft)
      .map((entry) => entry.node.element)
      .filter((other) => other.Name !== element.Name && VALUE_KINDS.has(other.Kind))
      .map((other) => other.Name);
    body = (
      <>
        {text('Name', F.Name, false)}
        {text('Label', F.Label, false)}
        {kind === 'tabs' ? (
          <p className="procedo-Designer-kindNote">{L.kinds.tabs}</p>
        ) : (
          <ChoiceProp
            {...common}
            label={F.Kind}
            value={kind}
            choices={LEAF_KINDS.map((value) => ({ value, label: L.kinds[value] }))}
            problem={prop('Kind')}
            onChange={(Kind) => set({ Kind })}
          />
        )}
        {text('Hint', F.Hint, true, true)}
        {VALUE_KINDS.has(kind) && [
          flag('IsMandatory', F.IsMandatory),
          flag('IsReadOnly', F.IsReadOnly),
          flag('IsAudit', F.IsAudit),
        ]}
        {(kind === 'text' || kind === 'phone' || kind === 'brackets' || kind === 'textarea') &&
          number('MaxLength', F.MaxLength)}
        {kind === 'text' && [
          number('MinLength', F.MinLength),
          <ChoiceProp
            {...common}
            key="Format"
            label={F.Format}
            value={element.Format}
            noneLabel={L.none}
            choices={[
              { value: 'email', label: 'email' },
              { value: 'url', label: 'url' },
            ]}
            problem={prop('Format')}
            onChange={(Format) => set({ Format })}
          />,
        ]}
        {kind === 'textarea' && [number('Rows', F.Rows), flag('AllowTimestamp', F.AllowTimestamp)]}
        {kind === 'number' && [number('Min', F.Min), number('Max', F.Max), number('Step', F.Step)]}
        {kind === 'date' && [text('Min', F.Min), text('Max', F.Max)]}
        {kind === 'select' && (
          <OptionsEditor
            options={(element.Options as Option[]) ?? []}
            onChange={(Options) => set({ Options })}
            problem={prop('Options')}
            labels={L}
            isDisabled={isDisabled}
          />
        )}
        {kind === 'picker' && [
          props.pickerSources ? (
            <ChoiceProp
              {...common}
              key="Source"
              label={F.Source}
              value={element.Source}
              choices={props.pickerSources.map((value) => ({ value, label: value }))}
              problem={prop('Source')}
              onChange={(Source) => set({ Source })}
            />
          ) : (
            text('Source', F.Source, false)
          ),
          number('MinLength', F.PickerMinLength),
          <PropGroup key="DependsOn" legend={F.DependsOn} problem={prop('DependsOn')}>
            {[...new Set([...names, ...((element.DependsOn as string[] | undefined) ?? [])])].map((name) => {
              const list = (element.DependsOn as string[] | undefined) ?? [];
              return (
                <label key={name} className="procedo-Designer-flag">
                  <input
                    type="checkbox"
                    disabled={isDisabled}
                    checked={list.includes(name)}
                    onChange={(event) => {
                      const next = event.target.checked
                        ? [...list, name]
                        : list.filter((other) => other !== name);
                      set({ DependsOn: next.length > 0 ? next : undefined });
                    }}
                  />
                  {names.includes(name) ? name : L.missingElement(name)}
                </label>
              );
            })}
          </PropGroup>,
        ]}
        {kind === 'file' && number('MaxBytes', F.MaxBytes)}
        {kind === 'info' && [text('Text', F.Text, false, true), flag('IsCollapsed', F.IsCollapsed)]}
        {kind === 'button' && [
          <ChoiceProp
            {...common}
            key="Action"
            label={F.Action}
            value={element.Action}
            choices={['search', 'save', 'delete', 'reset'].map((value) => ({ value, label: value }))}
            problem={prop('Action')}
            onChange={(Action) => set({ Action })}
          />,
          flag('IsDefault', F.IsDefault),
        ]}
        {kind === 'results' && [
          <ColumnsEditor
            key="Columns"
            columns={(element.Columns as Column[]) ?? []}
            onChange={(Columns) => set({ Columns })}
            problems={mine.filter((problem) => problem.path[0] === 'Columns')}
            labels={L}
            isDisabled={isDisabled}
          />,
          number('OpenWebTemplateNo', F.OpenWebTemplateNo),
          number('PageSize', F.PageSize),
        ]}
        {kind === 'tabs' && (
          <Button className="procedo-Button" isDisabled={isDisabled} onPress={() => props.onAddTab(node.id)}>
            {L.addTab}
          </Button>
        )}
      </>
    );
    shown.add('Columns');
  }
  return (
    <section className="procedo-Designer-properties" aria-label={L.properties}>
      <h3>{L.properties}</h3>
      <OtherProblems problems={rest()} />
      {body}
    </section>
  );
}
