import { describe, expect, it } from 'vitest';
import { loadTexts, shippedLanguage } from './languages';

describe('shippedLanguage', () => {
  it('reads the primary subtag of the preference and falls back to English', () => {
    expect(shippedLanguage('de')).toBe('de');
    expect(shippedLanguage('de-AT')).toBe('de');
    expect(shippedLanguage('DE_ch')).toBe('de');
    expect(shippedLanguage('fr')).toBe('en');
    expect(shippedLanguage('')).toBe('en');
    expect(shippedLanguage(undefined)).toBe('en');
  });
});

describe('loadTexts', () => {
  it('loads nothing for English and every package’s German catalogue for German', async () => {
    expect(await loadTexts('en')).toBeUndefined();
    const de = await loadTexts('de');
    expect(de?.forms?.shell?.alertTitle).toBe('Hinweis');
    expect(de?.process?.process?.resetStep).toBe('Schritt zurücksetzen');
    expect(de?.session?.expired).toBe('Ihre Sitzung ist abgelaufen.');
    expect(de?.messages?.saveFailed).toMatch(/Speichern/);
  });
});
