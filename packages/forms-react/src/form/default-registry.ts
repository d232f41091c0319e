import { ButtonField } from './components/ButtonField';
import { CheckboxField } from './components/CheckboxField';
import { DateField } from './components/DateField';
import { LazyInfoField } from './components/LazyFields';
import { NumberField } from './components/NumberField';
import { ResultsField } from './components/ResultsField';
import { SelectField } from './components/SelectField';
import { TabsField } from './components/TabsField';
import { TextAreaField } from './components/TextAreaField';
import { TextInputField } from './components/TextInputField';
import { createFieldRegistry } from './registry';

/**
 * The built-in element components. `picker` and `file` need the app's server calls, so they are
 * not in it: add them with `createPickerElement` and `createFileElement`; until then they render
 * the unknown-kind placeholder.
 *
 * @example
 * createFieldRegistry({ base: defaultFieldRegistry, components: { picker: createPickerElement({ search }) } })
 */
export const defaultFieldRegistry = createFieldRegistry({
  components: {
    text: TextInputField,
    phone: TextInputField,
    brackets: TextInputField,
    textarea: TextAreaField,
    number: NumberField,
    date: DateField,
    select: SelectField,
    checkbox: CheckboxField,
    info: LazyInfoField,
    button: ButtonField,
    results: ResultsField,
    tabs: TabsField,
  },
});
