import type {
  ElementPermission,
  FieldValue,
  FieldValues,
  FileRef,
  FormDefinition,
  FormElement,
  PickerValue,
} from '@procedo/client-api';

import {
  createFieldRegistry,
  createFileElement,
  createFormStore,
  createPickerElement,
  defaultFieldRegistry,
  type FieldRegistry,
  FormRenderer,
  type FormRendererProps,
  type PickerElementSearch,
  type PickerSearchResult,
  ShellProvider,
} from '@procedo/forms-react';
import { useMemo } from 'react';

/** The field states every kind is shown in. */
export const FIELD_STATES = ['default', 'invalid', 'locked', 'hidden', 'dirty', 'read-only'] as const;
export type FieldState = (typeof FIELD_STATES)[number];

// Fixed clock so the timestamp insert gives the same text on every run.
const FIXED_NOW = () => new Date(2024, 2, 9, 14, 5);

const definitionOf = (elements: FormElement[], kind: FormDefinition['Kind'] = 'record'): FormDefinition => ({
  schemaVersion: 1,
  WebTemplateNo: 900,
  Name: 'story',
  Title: 'Story form',
  Entity: 'story',
  Kind: kind,
  Elements: elements,
});

/** Props of {@link FieldInState}. */
export interface FieldInStateProps {
  element: FormElement;
  state: FieldState;
  /** The loaded value. */
  value?: FieldValue;
  /** The value typed after load, for the dirty state. */
  changedValue?: FieldValue;
  /** The message of the invalid state. */
  errorMessage?: string;
}

/** One element rendered by the real renderer in one of the {@link FIELD_STATES}. */
export function FieldInState({ element, state, value, changedValue, errorMessage }: FieldInStateProps) {
  const store = useMemo(() => {
    const permissions: ElementPermission[] =
      state === 'hidden' || state === 'locked'
        ? [{ NAME: element.Name, ElementHidden: state === 'hidden', ElementLocked: state === 'locked' }]
        : [];
    const shown = state === 'read-only' ? ({ ...element, IsReadOnly: true } as FormElement) : element;
    const initialValues: FieldValues = value === undefined ? {} : { [element.Name]: value };
    const created = createFormStore({
      definition: definitionOf([shown]),
      permissions,
      initialValues,
      now: FIXED_NOW,
    });
    if (state === 'dirty' && changedValue !== undefined) created.setValue(element.Name, changedValue);
    if (state === 'invalid') {
      created.setServerErrors([
        { path: ['Values', element.Name], message: errorMessage ?? 'This field is required.' },
      ]);
    }
    return created;
  }, [element, state, value, changedValue, errorMessage]);
  return (
    <section className="story-FieldState" data-state={state} style={{ marginBlockEnd: 16 }}>
      <h4 style={{ margin: '0 0 4px', font: '600 12px system-ui', color: '#63769b' }}>{state}</h4>
      {state === 'hidden' ? (
        <p style={{ margin: 0, font: 'italic 12px system-ui' }}>(hidden by permission: nothing renders)</p>
      ) : null}
      <FormRenderer store={store} />
    </section>
  );
}

/** Every state of one element, in a column. */
export function AllStates(props: Omit<FieldInStateProps, 'state'>) {
  return (
    <div style={{ maxWidth: 420 }}>
      {FIELD_STATES.map((state) => (
        <FieldInState key={state} {...props} state={state} />
      ))}
    </div>
  );
}

/** Props of {@link DemoForm}. */
export interface DemoFormProps extends Omit<FormRendererProps, 'store'> {
  definition: FormDefinition;
  permissions?: ElementPermission[];
  initialValues?: FieldValues;
  serverErrors?: { path: string[]; message: string }[];
}

/** Fixed picker lists by the picker's `Source`, answered at once, so runs compare. */
const PICKER_ITEMS: Record<string, PickerValue[]> = {
  suppliers: [
    { Id: '1', Text: 'Acme Components Ltd' },
    { Id: '2', Text: 'Acme Labs' },
    { Id: '3', Text: 'Borealis Pharma' },
    { Id: '4', Text: 'Cobalt Chemicals' },
  ],
  products: [
    { Id: '11', Text: 'Lactose monohydrate (RM-0042)' },
    { Id: '12', Text: 'Blister foil 20 µm (PK-0107)' },
  ],
  batches: [
    { Id: '21', Text: 'B-1042' },
    { Id: '22', Text: 'B-1043' },
  ],
};

/** Answers a picker's search from {@link PICKER_ITEMS} at once. */
const searchAtOnce = async ({ element, text }: PickerElementSearch): Promise<PickerSearchResult> => {
  const needle = text.toLowerCase();
  return {
    Items: (PICKER_ITEMS[element.Source] ?? []).filter((item) => item.Text.toLowerCase().includes(needle)),
    HasMore: false,
  };
};

const uploadAtOnce = async (file: File): Promise<FileRef> => ({
  Id: 'story-file',
  FileName: file.name,
  Size: file.size,
  ContentType: file.type,
});

/**
 * The built-in kinds plus `picker` and `file` as the host registers them, on fixed data instead
 * of the server (picker lists by `Source`, uploads answered at once).
 */
export const storyFieldRegistry: FieldRegistry = createFieldRegistry({
  base: defaultFieldRegistry,
  components: {
    picker: createPickerElement({ search: searchAtOnce }),
    file: createFileElement({
      upload: uploadAtOnce,
      supportedExtensions: ['pdf', 'docx', 'xlsx', 'png', 'jpg'],
      maxBytes: 10 * 1024 * 1024,
    }),
  },
});

/** A whole form rendered by the real renderer from fixed data. */
export function DemoForm({
  definition,
  permissions,
  initialValues,
  serverErrors,
  registry = storyFieldRegistry,
  ...props
}: DemoFormProps) {
  const store = useMemo(() => {
    const created = createFormStore({ definition, permissions, initialValues, now: FIXED_NOW });
    if (serverErrors) created.setServerErrors(serverErrors);
    return created;
  }, [definition, permissions, initialValues, serverErrors]);
  return (
    <ShellProvider>
      <div style={{ maxWidth: 640 }}>
        <h2 style={{ font: '600 16px system-ui' }}>{definition.Title}</h2>
        <FormRenderer store={store} registry={registry} {...props} />
      </div>
    </ShellProvider>
  );
}
