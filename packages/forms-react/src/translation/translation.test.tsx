// @vitest-environment jsdom
import type { FormDefinition, Language, TranslationResult } from '@procedo/client-api';
import { ProcedoTexts } from '@procedo/texts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormRenderer } from '../form/components/FormRenderer';
import { createFormStore } from '../form/state/form-store';
import { FORMS_TEXTS_DE } from '../locales/de';
import { TranslationPrompt, type TranslationPromptClient } from './TranslationPrompt';
import { readTranslationMode, setTranslationMode } from './translation-mode';
import { labelTarget, type TranslationTarget } from './translation-target';

const definition: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 101,
  Name: 'SupplierSearch',
  Title: 'Suppliers',
  Entity: 'supplier',
  Kind: 'search',
  Elements: [
    { Kind: 'text', Name: 'Country', Label: 'Country' },
    { Kind: 'checkbox', Name: 'Preferred', Label: 'Preferred supplier' },
    {
      Kind: 'results',
      Name: 'Results',
      Label: 'Suppliers found',
      Columns: [
        { Name: 'Name', Caption: 'Name' },
        { Name: 'Status', Caption: 'Status' },
      ],
    },
  ],
};

function renderForm(onTranslate?: (target: TranslationTarget) => void) {
  const store = createFormStore({ definition });
  return render(<FormRenderer store={store} {...(onTranslate ? { onTranslate } : {})} />);
}

describe('translation mode', () => {
  afterEach(() => setTranslationMode(false));

  it('is on exactly while the translation cookie setting is 1', () => {
    expect(readTranslationMode()).toBe(false);
    setTranslationMode(true);
    expect(document.cookie).toContain('procedo_translation=1');
    expect(readTranslationMode()).toBe(true);
    setTranslationMode(false);
    expect(readTranslationMode()).toBe(false);
  });
});

describe('the Translate affordance of a form', () => {
  it('shows no Translate button outside translation mode', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: /^Translate/ })).toBeNull();
  });

  it('puts a keyboard-reachable "Translate <label>" button beside each label, and one per column header', async () => {
    const onTranslate = vi.fn();
    renderForm(onTranslate);
    const user = userEvent.setup();
    // Beside the label: the button follows its field's label.
    const country = screen.getByRole('button', { name: 'Translate Country' });
    expect(country.previousElementSibling?.textContent).toBe('Country');
    expect(screen.getByRole('button', { name: 'Translate Preferred supplier' })).toBeTruthy();
    const columns = screen.getByRole('group', { name: 'Translate the column headers of Suppliers found' });
    expect(
      within(columns)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Translate Name', 'Translate Status']);
    await user.tab();
    expect(document.activeElement).toBe(country);
    await user.keyboard('{Enter}');
    expect(onTranslate).toHaveBeenLastCalledWith({
      commandElementName: 'Country',
      dbEntityId: 1,
      parentId: 101,
      propertyId: 1,
      label: 'Country',
    });
    await user.click(within(columns).getByRole('button', { name: 'Translate Status' }));
    expect(onTranslate).toHaveBeenLastCalledWith({
      commandElementName: 'Results.Status',
      dbEntityId: 1,
      parentId: 101,
      propertyId: 3,
      label: 'Status',
    });
  });
});

const languages: Language[] = [
  { Code: 'en', Name: 'English', IsDefault: true },
  { Code: 'de', Name: 'Deutsch', IsDefault: false },
];

const stored = (text: string): TranslationResult => ({
  CommandElementName: 'Country',
  DbEntityId: 1,
  ParentId: 101,
  PropertyId: 1,
  LangCode: 'de',
  TranslationText: text,
  IsTranslated: text !== '',
  DefaultLangCode: 'en',
  DefaultText: 'Country',
});

function fakeClient(save: TranslationPromptClient['translationSave']) {
  const client: TranslationPromptClient = {
    translationGet: vi.fn(async () => stored('Land')),
    translationSave: vi.fn(save),
  };
  return client;
}

describe('TranslationPrompt', () => {
  const target = labelTarget(101, 'Country', 'Country');

  it('reads the text with translation.get, saves the edit with translation.save and closes after the server confirms', async () => {
    const client = fakeClient(async (request) => stored(request.translationText));
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(
      <TranslationPrompt
        target={target}
        languages={languages}
        client={client}
        onSaved={onSaved}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Translate “Country”' });
    const text = await within(dialog).findByRole('textbox', { name: 'Translation' });
    expect((text as HTMLInputElement).value).toBe('Land');
    expect(within(dialog).getByText('Text in English: Country')).toBeTruthy();
    // Only the languages a translation can be saved in: the default one is the definition's own.
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Deutsch']);
    expect(client.translationGet).toHaveBeenCalledWith({
      commandElementName: 'Country',
      dbEntityId: 1,
      parentId: 101,
      propertyId: 1,
      langCode: 'de',
    });
    const user = userEvent.setup();
    await user.clear(text);
    await user.type(text, 'Staat{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(client.translationSave).toHaveBeenCalledWith(
      expect.objectContaining({ langCode: 'de', translationText: 'Staat', commandElementName: 'Country' }),
    );
    expect(onSaved).toHaveBeenCalledWith(stored('Staat'));
  });

  it("keeps the prompt and the text on screen when the server refuses ('Unknown language')", async () => {
    const client = fakeClient(async () => {
      throw Object.assign(new Error('ERROR'), { serverMessage: 'Unknown language' });
    });
    const onClose = vi.fn();
    render(<TranslationPrompt target={target} languages={languages} client={client} onClose={onClose} />);
    const text = await screen.findByRole('textbox', { name: 'Translation' });
    const user = userEvent.setup();
    await user.type(text, ' (DE)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown language');
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Translation' }) as HTMLInputElement).value).toBe(
      'Land (DE)',
    );
  });
});

describe('translation mode texts', () => {
  it('takes the Translate button’s name from the catalogue', () => {
    const store = createFormStore({ definition });
    render(
      <ProcedoTexts texts={{ forms: { translation: { translateNamed: (label) => `Localise ${label}` } } }}>
        <FormRenderer store={store} onTranslate={vi.fn()} />
      </ProcedoTexts>,
    );
    expect(screen.getByRole('button', { name: 'Localise Country' })).toBeTruthy();
  });

  it('speaks German with the German catalogue: the buttons, the column group', () => {
    const store = createFormStore({ definition });
    render(
      <ProcedoTexts texts={{ forms: FORMS_TEXTS_DE }}>
        <FormRenderer store={store} onTranslate={vi.fn()} />
      </ProcedoTexts>,
    );
    expect(screen.getByRole('button', { name: 'Country übersetzen' }).textContent).toBe('Übersetzen');
    expect(
      screen.getByRole('group', { name: 'Spaltenüberschriften von Suppliers found übersetzen' }),
    ).toBeTruthy();
  });
});
