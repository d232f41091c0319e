// @vitest-environment jsdom
import { Messages } from '@procedo/client-api';
import { ProcedoTexts } from '@procedo/texts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlertDialog } from '../components/AlertDialog';
import { PromptDialog } from '../components/PromptDialog';
import { UnknownField } from '../form/components/UnknownField';
import { FORMS_TEXTS_DE } from '../locales/de';
import { localizeMessage, useMessages } from './texts';

describe('ProcedoTexts over forms-react', () => {
  it('changes a dialog’s title and its button’s name', () => {
    render(
      <ProcedoTexts texts={{ forms: { shell: { alertTitle: 'Notice', ok: 'Got it' } } }}>
        <AlertDialog isOpen message="Hello" onClose={() => {}} />
      </ProcedoTexts>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Notice' });
    expect(dialog.querySelector('button')?.textContent).toBe('Got it');
  });

  it('falls back to English for every key it leaves out', () => {
    render(
      <ProcedoTexts texts={{ forms: { shell: { alertTitle: 'Notice' } } }}>
        <AlertDialog isOpen message="Hello" onClose={() => {}} />
      </ProcedoTexts>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Notice' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('lets a component’s own prop win over the provider', () => {
    render(
      <ProcedoTexts texts={{ forms: { shell: { alertTitle: 'Notice' } } }}>
        <AlertDialog isOpen title="Saved" message="Hello" onClose={() => {}} />
      </ProcedoTexts>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Saved' })).toBeTruthy();
  });

  it('shows the German catalogue: the prompt’s title and both buttons', () => {
    render(
      <ProcedoTexts locale="de" texts={{ forms: FORMS_TEXTS_DE }}>
        <PromptDialog isOpen message="Name?" onSubmit={() => {}} onCancel={() => {}} />
      </ProcedoTexts>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Eingabe' });
    expect([...dialog.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'OK',
      'Abbrechen',
    ]);
  });

  it('reaches a text made by a function, with its argument', () => {
    render(
      <ProcedoTexts texts={{ forms: FORMS_TEXTS_DE }}>
        <UnknownField kind="gauge" name="Pressure" />
      </ProcedoTexts>,
    );
    expect(screen.getByRole('note').textContent).toBe('Nicht unterstützte Feldart: gauge');
  });
});

function Probe() {
  return <p>{useMessages().saveFailed}</p>;
}

describe('the messages catalogue', () => {
  it('is client-api’s English without a provider and the override with one', () => {
    const { unmount } = render(<Probe />);
    expect(screen.getByText(Messages.saveFailed)).toBeTruthy();
    unmount();
    render(
      <ProcedoTexts texts={{ messages: { saveFailed: 'Speichern fehlgeschlagen' } }}>
        <Probe />
      </ProcedoTexts>,
    );
    expect(screen.getByText('Speichern fehlgeschlagen')).toBeTruthy();
  });

  it('localizes an English §8 message made outside React and leaves any other text alone', () => {
    const messages = { ...Messages, popupBlocked: 'Popup blockiert' };
    expect(localizeMessage(Messages.popupBlocked, messages)).toBe('Popup blockiert');
    expect(localizeMessage('Saving the form: HTTP 500', messages)).toBe('Saving the form: HTTP 500');
  });
});
