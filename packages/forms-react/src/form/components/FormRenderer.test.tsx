// @vitest-environment jsdom
import type { FormDefinition } from '@procedo/client-api';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { defaultFieldRegistry } from '../default-registry';
import type { FieldComponentProps } from '../registry';
import { createFieldRegistry } from '../registry';
import type { ElementOf } from '../state/elements';
import { recordDefinition } from '../state/fixtures';
import { createFormController } from '../state/form-controller';
import { createFormStore } from '../state/form-store';
import { createControlledField } from './createControlledField';
import { FormRenderer, type FormRendererProps } from './FormRenderer';
import { TextInputField } from './TextInputField';

// The info box loads its widget code on first use; the first load in a test file compiles
// react-aria, which can take longer than findBy's default second on a busy machine.
const LAZY_LOAD = { timeout: 10_000 };

const permissions = [
  { NAME: 'Secret', ElementHidden: true, ElementLocked: false },
  { NAME: 'Owner', ElementHidden: false, ElementLocked: true },
];

const searchDefinition: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 200,
  Name: 'supplier-search',
  Title: 'Find suppliers',
  Entity: 'supplier',
  Kind: 'search',
  Elements: [
    { Kind: 'text', Name: 'Query', Label: 'Name contains' },
    { Kind: 'textarea', Name: 'Remarks', Label: 'Remarks' },
    { Kind: 'checkbox', Name: 'ActiveOnly', Label: 'Active only' },
    {
      Kind: 'select',
      Name: 'Country',
      Label: 'Country',
      Options: [{ Value: 'GB', Label: 'United Kingdom' }],
    },
    { Kind: 'text', Name: 'Secret', Label: 'Secret' },
    { Kind: 'button', Name: 'Reset', Label: 'Clear', Action: 'reset' },
    { Kind: 'button', Name: 'Search', Label: 'Search', Action: 'search', IsDefault: true },
    {
      Kind: 'results',
      Name: 'Results',
      Label: 'Suppliers',
      Columns: [
        { Name: 'SupplierName', Caption: 'Name' },
        { Name: 'Critical', Caption: 'Critical' },
      ],
      OpenWebTemplateNo: 101,
    },
  ],
};

function renderRecord(
  props: Partial<FormRendererProps> = {},
  initialValues = { Owner: 'olive', Secret: 's' },
) {
  const store = createFormStore({
    definition: recordDefinition,
    permissions,
    initialValues,
    now: () => new Date(2024, 2, 9, 14, 5),
  });
  const user = userEvent.setup();
  const view = render(<FormRenderer store={store} {...props} />);
  return { store, user, view };
}

function renderSearch(props: Partial<FormRendererProps> = {}) {
  const store = createFormStore({
    definition: searchDefinition,
    permissions,
    initialValues: { Secret: 'x' },
  });
  const user = userEvent.setup();
  const onSearch = vi.fn();
  render(<FormRenderer store={store} onSearch={onSearch} {...props} />);
  return { store, user, onSearch };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('FormRenderer fields', () => {
  it('renders every element in order with its label, hint and state attributes', () => {
    renderRecord();
    const name = input('Name *');
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('Legal name').id).toBe(name.getAttribute('aria-describedby'));
    const names = [...document.querySelectorAll('.procedo-Field')].map((field) =>
      field.getAttribute('data-name'),
    );
    expect(names).toEqual(
      recordDefinition.Elements.map((element) => element.Name).filter((n) => n !== 'Secret'),
    );
    expect(name.closest('.procedo-Field')?.className).toBe('procedo-Field procedo-Field-text');
    expect(input('Email').type).toBe('email');
    expect(input('Approved on').type).toBe('date');
  });

  it('lets a phone field take only digits and plus as typed', async () => {
    const { user, store } = renderRecord();
    await user.type(input('Phone'), '+4a4 (20)-x7');
    expect(input('Phone').value).toBe('+44207');
    expect(store.getField('Phone').value).toBe('+44207');
    expect(fireEvent.keyDown(input('Phone'), { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(input('Phone'), { key: 'Backspace' })).toBe(true);
    expect(fireEvent.keyDown(input('Phone'), { key: '7', code: 'Numpad7' })).toBe(true);
    expect(fireEvent.keyDown(input('Phone'), { key: 'ArrowLeft' })).toBe(false);
  });

  it('filters text pasted into a phone field', async () => {
    const { user } = renderRecord();
    await user.click(input('Phone'));
    await user.paste('+44 (0)20 7946-0958 ext');
    expect(input('Phone').value).toBe('+4402079460958');
  });

  it('lets a bracket field take only brackets, shift, backspace and left/right arrows', async () => {
    const { user } = renderRecord();
    // user-event reads `[[` and `{{` as literal brackets.
    await user.type(input('Mask'), 'a(b)[[1]{{ }<>');
    expect(input('Mask').value).toBe('()[]{}<>');
    for (const key of ['Shift', 'Backspace', 'ArrowLeft', 'ArrowRight']) {
      expect(fireEvent.keyDown(input('Mask'), { key })).toBe(true);
    }
    for (const key of ['ArrowUp', 'Delete', 'Home', '1'])
      expect(fireEvent.keyDown(input('Mask'), { key })).toBe(false);
    await user.paste('x(y)');
    expect(input('Mask').value).toBe('()[]{}<>()');
  });

  it('blocks typing, paste and cut in a locked field', async () => {
    const { user, store } = renderRecord();
    const owner = input('Owner');
    expect(owner.readOnly).toBe(true);
    expect(owner.getAttribute('aria-readonly')).toBe('true');
    expect(owner.closest('.procedo-Field')?.hasAttribute('data-locked')).toBe(true);
    await user.type(owner, 'xyz');
    expect(owner.value).toBe('olive');
    expect(fireEvent.keyDown(owner, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(owner, { key: 'Backspace' })).toBe(false);
    expect(fireEvent.keyDown(owner, { key: 'x', ctrlKey: true })).toBe(false);
    expect(fireEvent.keyDown(owner, { key: 'c', ctrlKey: true })).toBe(true);
    expect(fireEvent.paste(owner)).toBe(false);
    expect(fireEvent.cut(owner)).toBe(false);
    expect(store.getField('Owner').value).toBe('olive');
  });

  it('treats a read-only field as locked', async () => {
    const { user } = renderRecord();
    await user.type(input('Code'), 'abc');
    expect(input('Code').value).toBe('');
    expect(input('Code').readOnly).toBe(true);
  });

  it('checks native validity of a formatted input on blur and clears it once corrected', async () => {
    const { user } = renderRecord();
    const email = input('Email');
    await user.type(email, 'not-an-email');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBeTruthy();
    expect(email.closest('.procedo-Field')?.hasAttribute('data-invalid')).toBe(true);
    await user.clear(email);
    await user.type(email, 'qa@example.com');
    await user.tab();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('inserts a yyyy-MM-dd HH:mm timestamp at the caret of a text area, by button and by Ctrl+;', async () => {
    const { user, store } = renderRecord();
    const notes = screen.getByLabelText('Notes') as HTMLTextAreaElement;
    await user.type(notes, 'Seen ok');
    notes.setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'Insert timestamp' }));
    expect(notes.value).toBe('Seen 2024-03-09 14:05ok');
    expect(store.getField('Notes').value).toBe('Seen 2024-03-09 14:05ok');
    await user.keyboard('{Control>};{/Control}');
    expect(notes.value).toBe('Seen 2024-03-09 14:052024-03-09 14:05ok');
  });

  it('offers the timestamp insert in text areas only', async () => {
    const { user } = renderRecord();
    expect(screen.getAllByRole('button', { name: 'Insert timestamp' })).toHaveLength(1);
    await user.type(input('Name *'), 'Acme');
    await user.keyboard('{Control>};{/Control}');
    expect(input('Name *').value).toBe('Acme');
  });

  it('shows server field errors on their fields', () => {
    const { store } = renderRecord();
    act(() => {
      store.setServerErrors([{ path: ['Values', 'Phone'], message: 'Phone already registered' }]);
    });
    const phone = input('Phone');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Phone already registered',
    );
  });

  it('renders nothing for a hidden element and never sends its value', async () => {
    const { user, onSearch } = renderSearch();
    expect(screen.queryByLabelText('Secret')).toBeNull();
    expect(document.querySelector('[data-name="Secret"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch.mock.calls[0]?.[0].values).not.toHaveProperty('Secret');
  });

  it('marks a changed field and the form dirty, except for untracked elements', async () => {
    const { user } = renderRecord();
    const form = screen.getByRole('form');
    await user.type(input('Scratch'), 'x');
    expect(input('Scratch').closest('.procedo-Field')?.hasAttribute('data-dirty')).toBe(true);
    expect(form.hasAttribute('data-dirty')).toBe(false);
    await user.type(input('Phone'), '1');
    expect(form.hasAttribute('data-dirty')).toBe(true);
  });

  it('clears the dirty flag 200 ms after load', () => {
    vi.useFakeTimers();
    try {
      const { store } = renderRecord();
      act(() => {
        store.setValue('Phone', '1');
        store.clearDirtyAfterLoad();
      });
      const form = screen.getByRole('form');
      act(() => vi.advanceTimersByTime(199));
      expect(form.hasAttribute('data-dirty')).toBe(true);
      act(() => vi.advanceTimersByTime(1));
      expect(form.hasAttribute('data-dirty')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('FormRenderer read-only (time travel)', () => {
  const reason = 'This is the data as it was at 2026-03-01 09:30 (UTC): nothing can be changed here.';

  it('disables a read-only record form’s fields, Save and Delete, each button saying why, and saves nothing', async () => {
    const definition: FormDefinition = {
      ...recordDefinition,
      Elements: [
        ...recordDefinition.Elements,
        { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save' },
        { Kind: 'button', Name: 'Delete', Label: 'Delete', Action: 'delete' },
      ],
    };
    const store = createFormStore({
      definition,
      initialValues: { Email: 'a@b.example' },
      readOnlyReason: reason,
    });
    const onSave = vi.fn();
    const onDelete = vi.fn();
    const user = userEvent.setup();
    render(<FormRenderer store={store} onSave={onSave} onDelete={onDelete} />);
    for (const name of ['Save', 'Delete']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveProperty('disabled', true);
      expect(button.getAttribute('title')).toBe(reason);
      expect(button.hasAttribute('data-read-only')).toBe(true);
      await user.click(button);
    }
    await user.type(input('Email'), 'x');
    expect(input('Email').value).toBe('a@b.example');
    expect(onSave).not.toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('keeps a read-only search form’s criteria and Search usable: they are not data', async () => {
    const store = createFormStore({ definition: searchDefinition, readOnlyReason: reason });
    const onSearch = vi.fn();
    const user = userEvent.setup();
    render(<FormRenderer store={store} onSearch={onSearch} />);
    await user.type(input('Name contains'), 'acme');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({ values: expect.objectContaining({ Query: 'acme' }) });
    expect(screen.getByRole('button', { name: 'Search' }).hasAttribute('data-read-only')).toBe(false);
  });
});

describe('FormRenderer Enter key', () => {
  it('runs the default search when Enter is pressed in an edit field', async () => {
    const { user, onSearch } = renderSearch();
    await user.type(input('Name contains'), 'acme{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch.mock.calls[0]?.[0]).toEqual({
      values: { Query: 'acme', Remarks: '', ActiveOnly: false, Country: '' },
    });
  });

  it('ignores Enter in text areas and non-edit controls', async () => {
    const onReset = vi.fn();
    const { user, onSearch } = renderSearch({ onReset });
    await user.type(screen.getByLabelText('Remarks'), 'a{Enter}b');
    expect((screen.getByLabelText('Remarks') as HTMLTextAreaElement).value).toBe('a\nb');
    screen.getByLabelText('Active only').focus();
    await user.keyboard('{Enter}');
    screen.getByLabelText('Country').focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Clear' }).focus();
    await user.keyboard('{Enter}');
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('does nothing on Enter when the form has no default search button, and stops implicit submission', async () => {
    const { user, store } = renderRecord();
    await user.type(input('Scratch'), 'Acme{Enter}');
    expect(store.getField('Scratch').value).toBe('Acme');
    // Enter's default action — submitting a <form> the host put around the renderer — is cancelled.
    expect(fireEvent.keyDown(input('Scratch'), { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(input('Scratch'), { key: 'a' })).toBe(true);
  });

  it('is a form landmark named by the form title, not a <form> element', () => {
    renderRecord();
    const form = screen.getByRole('form', { name: recordDefinition.Title });
    expect(form.tagName).toBe('DIV');
    expect(document.querySelector('form')).toBeNull();
  });
});

describe('FormRenderer elements', () => {
  it('renders an unknown kind as a visible placeholder and logs once per kind', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const definition: FormDefinition = {
      ...recordDefinition,
      Elements: [
        { Kind: 'picker', Name: 'Supplier', Label: 'Supplier', Source: 'suppliers' },
        { Kind: 'picker', Name: 'Product', Label: 'Product', Source: 'products' },
        { Kind: 'text', Name: 'Note', Label: 'Note' },
      ],
    };
    const store = createFormStore({ definition });
    render(<FormRenderer store={store} registry={createFieldRegistry({ base: defaultFieldRegistry })} />);
    const placeholders = document.querySelectorAll('.procedo-UnknownField');
    expect(placeholders).toHaveLength(2);
    expect(placeholders[0]?.textContent).toBe('Unsupported field kind: picker');
    expect(screen.getByLabelText('Note')).toBeTruthy();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('renders registered controlled components with their field state', async () => {
    const definition: FormDefinition = {
      ...recordDefinition,
      Elements: [
        { Kind: 'picker', Name: 'Supplier', Label: 'Supplier', Source: 'suppliers', IsMandatory: true },
      ],
    };
    const store = createFormStore({ definition, initialValues: { Supplier: { Id: '1', Text: 'Acme' } } });
    const registry = createFieldRegistry({ base: defaultFieldRegistry }).register(
      'picker',
      createControlledField<{ Id: string; Text: string } | null>(
        ({ label, value, onChange, isMandatory }) => (
          <button
            type="button"
            data-mandatory={isMandatory}
            onClick={() => onChange({ Id: '2', Text: 'Bolt' })}
          >
            {`${label}: ${value?.Text ?? ''}`}
          </button>
        ),
      ),
    );
    const user = userEvent.setup();
    render(<FormRenderer store={store} registry={registry} />);
    await user.click(screen.getByRole('button', { name: 'Supplier: Acme' }));
    expect(screen.getByRole('button', { name: 'Supplier: Bolt' })).toBeTruthy();
    expect(store.changedValues()).toEqual({ Supplier: { Id: '2', Text: 'Bolt' } });
  });

  it('shows results as a table whose rows link to their records', () => {
    renderSearch({
      results: [
        { Id: 7, Values: { SupplierName: 'Acme Ltd', Critical: true } },
        { Id: 9, Values: { SupplierName: 'Bolt plc', Critical: false } },
      ],
    });
    const table = screen.getByRole('table', { name: 'Suppliers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Critical']);
    const link = within(table).getByRole('link', { name: 'Acme Ltd' });
    expect(link.getAttribute('href')).toBe('form?WebTemplateNo=101&UGoToItemNo=7');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('No')).toBeTruthy();
  });

  it('says so when the result list is empty', () => {
    renderSearch();
    expect(screen.getByRole('table', { name: 'Suppliers' }).textContent).toContain('No results.');
  });

  it('saves only after validation passes, with the changed values, and marks the form submitting meanwhile', async () => {
    let finish: () => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const definition: FormDefinition = {
      ...recordDefinition,
      Elements: [
        ...recordDefinition.Elements,
        { Kind: 'button', Name: 'Save', Label: 'Save', Action: 'save' },
      ],
    };
    const store = createFormStore({ definition, permissions });
    const user = userEvent.setup();
    render(<FormRenderer store={store} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(input('Name *').getAttribute('aria-invalid')).toBe('true');
    await user.type(input('Name *'), 'Acme');
    expect(input('Name *').getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ changedValues: { SupplierName: 'Acme' } }));
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('FormRenderer controller', () => {
  it('runs save, search, delete and reset for controls outside the form as its buttons do', async () => {
    let finish: () => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onDelete = vi.fn();
    const onReset = vi.fn();
    const controller = createFormController();
    const press = (run: () => boolean) => {
      let ran = false;
      act(() => {
        ran = run();
      });
      return ran;
    };
    expect(controller.save()).toBe(false);
    const { store } = renderRecord({ onSave, onDelete, onReset, controller });
    // Validation first, as the Save button: the mandatory name is empty.
    expect(press(() => controller.save())).toBe(true);
    expect(onSave).not.toHaveBeenCalled();
    expect(input('Name *').getAttribute('aria-invalid')).toBe('true');
    act(() => {
      store.setValue('SupplierName', 'Acme');
    });
    press(() => controller.run('save'));
    await act(async () => undefined);
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ changedValues: { SupplierName: 'Acme' } }));
    // Nothing runs while the submit is under way, as the form's buttons are disabled.
    expect(press(() => controller.delete())).toBe(false);
    await act(async () => finish());
    expect(press(() => controller.delete())).toBe(true);
    expect(press(() => controller.reset())).toBe(true);
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('disconnects when the form goes away', () => {
    const controller = createFormController();
    const onSearch = vi.fn();
    const { view } = renderRecord({ controller, onSearch });
    view.unmount();
    expect(controller.search()).toBe(false);
    expect(onSearch).not.toHaveBeenCalled();
  });
});

// The tab strip: TabsField.test.tsx.

describe('FormRenderer info boxes and lazily loaded widgets', () => {
  const lazyDefinition: FormDefinition = {
    ...recordDefinition,
    Elements: [
      { Kind: 'text', Name: 'Title', Label: 'Title' },
      { Kind: 'info', Name: 'About', Label: 'About this form', Text: 'Fill in every field.' },
      { Kind: 'info', Name: 'More', Label: 'More', Text: 'Hidden detail.', IsCollapsed: true },
      {
        Kind: 'tabs',
        Name: 'Sections',
        Label: 'Sections',
        Tabs: [
          { Name: 'General', Label: 'General', Elements: [{ Kind: 'date', Name: 'On', Label: 'On' }] },
          { Name: 'Contacts', Label: 'Contacts', Elements: [{ Kind: 'phone', Name: 'Tel', Label: 'Tel' }] },
        ],
      },
      ...recordDefinition.Elements.filter((element) => element.Kind !== 'text'),
    ],
  };

  it('shows an info box title and text at once, and its toggle works from the keyboard once loaded', async () => {
    const store = createFormStore({ definition: lazyDefinition });
    const user = userEvent.setup();
    const { container } = render(<FormRenderer store={store} />);
    // Before the disclosure code arrives: the title and the expanded text are already on screen.
    expect(container.querySelector('[data-name="About"]')?.textContent).toContain('Fill in every field.');
    const toggle = await screen.findByRole('button', { name: 'About this form' }, LAZY_LOAD);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'More' }).getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('keeps the focus and the text typed while the info widget loads', async () => {
    const store = createFormStore({ definition: lazyDefinition });
    const user = userEvent.setup();
    render(<FormRenderer store={store} />);
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    await user.click(title);
    await user.keyboard('Deviation 7');
    await screen.findByRole('button', { name: 'About this form' }, LAZY_LOAD);
    expect(title.value).toBe('Deviation 7');
    expect(store.getField('Title').value).toBe('Deviation 7');
    expect(document.activeElement).toBe(title);
    await user.keyboard('!');
    expect(title.value).toBe('Deviation 7!');
  });

  it('labels every control once the lazily loaded widgets are in', async () => {
    const store = createFormStore({ definition: lazyDefinition });
    const { container } = render(<FormRenderer store={store} />);
    await screen.findByRole('button', { name: 'About this form' }, LAZY_LOAD);
    const controls = [...container.querySelectorAll<HTMLElement>('input, select, textarea, button')];
    expect(controls.length).toBeGreaterThan(10);
    for (const control of controls) {
      const labelled =
        (control as HTMLInputElement).labels?.length ||
        control.getAttribute('aria-label') ||
        control.getAttribute('aria-labelledby') ||
        (control.tagName === 'BUTTON' && control.textContent?.trim());
      expect(labelled, control.outerHTML).toBeTruthy();
    }
  });
});

const commits = new Map<string, number>();

// Counts the commits of each text field's own subtree.
function CountedTextField(props: FieldComponentProps<ElementOf<'text'>>) {
  return (
    <Profiler
      id={props.element.Name}
      onRender={(id) => {
        commits.set(id, (commits.get(id) ?? 0) + 1);
      }}
    >
      <TextInputField {...props} />
    </Profiler>
  );
}

describe('FormRenderer performance', () => {
  it('re-renders only the field a keystroke changes', async () => {
    commits.clear();
    const registry = createFieldRegistry({
      base: defaultFieldRegistry,
      components: { text: CountedTextField },
    });
    const store = createFormStore({ definition: recordDefinition, permissions });
    const user = userEvent.setup();
    render(<FormRenderer store={store} registry={registry} />);
    await user.type(input('Scratch'), 'a');
    commits.clear();
    await user.type(input('Scratch'), 'bcd');
    expect(commits.get('Scratch')).toBe(3);
    expect([...commits.keys()]).toEqual(['Scratch']);
  });

  it('drops no character when 200 are typed in a row', async () => {
    const { store } = renderRecord();
    const user = userEvent.setup({ delay: null });
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(5).slice(0, 200);
    await user.type(screen.getByLabelText('Notes'), text);
    expect(store.getField('Notes').value).toBe(text);
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toHaveLength(200);
  });
});
