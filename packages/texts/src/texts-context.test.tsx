import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueProblems } from './catalogue-problems';
import { mergeTexts, ProcedoTexts, useCatalogue, useTextsLocale } from './texts-context';

const ENGLISH = {
  dialog: { title: 'Alert', ok: 'OK' },
  greet: (name: string) => `Hello ${name}`,
  asOf: 'Rows at {timepoint}.',
};

declare module './texts-context' {
  interface ProcedoTextCatalogues {
    demo: typeof ENGLISH;
  }
}

const useDemoTexts = () => useCatalogue('demo', ENGLISH);

function Probe() {
  const texts = useDemoTexts();
  return (
    <p>
      {useTextsLocale()}|{texts.dialog.title}|{texts.dialog.ok}|{texts.greet('Ann')}
    </p>
  );
}

describe('ProcedoTexts', () => {
  it('gives the English catalogue and locale en without a provider', () => {
    render(<Probe />);
    expect(screen.getByText('en|Alert|OK|Hello Ann')).toBeTruthy();
  });

  it('overrides some keys and keeps English for the keys it leaves out', () => {
    render(
      <ProcedoTexts locale="de" texts={{ demo: { dialog: { title: 'Hinweis' } } }}>
        <Probe />
      </ProcedoTexts>,
    );
    expect(screen.getByText('de|Hinweis|OK|Hello Ann')).toBeTruthy();
  });

  it('lays an inner provider over the outer one, section by section', () => {
    render(
      <ProcedoTexts locale="de" texts={{ demo: { dialog: { title: 'Hinweis' } } }}>
        <ProcedoTexts texts={{ demo: { dialog: { ok: 'Gut' }, greet: (name: string) => `Hallo ${name}` } }}>
          <Probe />
        </ProcedoTexts>
      </ProcedoTexts>,
    );
    expect(screen.getByText('de|Hinweis|Gut|Hallo Ann')).toBeTruthy();
  });
});

describe('mergeTexts', () => {
  it('skips undefined overrides so the English text stays', () => {
    expect(mergeTexts(ENGLISH, { dialog: { title: undefined } }).dialog.title).toBe('Alert');
  });
});

describe('catalogueProblems', () => {
  const german = {
    dialog: { title: 'Hinweis', ok: 'OK' },
    greet: (name: string) => `Hallo ${name}`,
    asOf: 'Zeilen am {timepoint}.',
  };

  it('finds nothing wrong with a complete translation', () => {
    expect(catalogueProblems(ENGLISH, german)).toEqual([]);
  });

  it('names a missing key, an extra key, a changed placeholder and a dropped argument', () => {
    const broken = {
      dialog: { title: 'Hinweis', cancel: 'Abbrechen' },
      greet: (_name: string) => 'Hallo',
      asOf: 'Zeilen am {zeit}.',
    };
    expect(catalogueProblems(ENGLISH, broken)).toEqual([
      'dialog.ok: missing',
      'dialog.cancel: not in the English catalogue',
      'greet: shows arguments ⟨0⟩ in English, none here',
      'asOf: placeholders {{timepoint}} in English, {{zeit}} here',
    ]);
  });
});
