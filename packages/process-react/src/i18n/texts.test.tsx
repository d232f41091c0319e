// @vitest-environment jsdom
import { ProcedoTexts } from '@procedo/texts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PROCESS_TEXTS_DE } from '../locales/de';

describe('ProcedoTexts over process-react', () => {
  it('names the confirm dialog’s buttons from the provider, English where it gives none', () => {
    render(
      <ProcedoTexts texts={{ process: { process: { yes: 'Ja' } } }}>
        <ConfirmDialog title="Confirm the start" message="Start?" onAnswer={() => {}} />
      </ProcedoTexts>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm the start' });
    expect([...dialog.querySelectorAll('button')].map((button) => button.textContent)).toEqual(['Ja', 'No']);
  });

  it('shows the German catalogue', () => {
    render(
      <ProcedoTexts locale="de" texts={{ process: PROCESS_TEXTS_DE }}>
        <ConfirmDialog title="Confirm the start" message="Start?" onAnswer={() => {}} />
      </ProcedoTexts>,
    );
    expect(screen.getByRole('button', { name: 'Nein' })).toBeTruthy();
  });
});
