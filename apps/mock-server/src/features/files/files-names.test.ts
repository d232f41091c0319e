import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanFileName } from './files-service';

// Full Unicode plus the characters that matter here, so path separators, controls, bidi
// overrides, lone surrogates and combining marks come up often.
const nameChars = fc.oneof(
  fc.string({ unit: 'grapheme-composite' }),
  fc.string({
    unit: fc.constantFrom(
      '/',
      '\\',
      '.',
      ' ',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u202e',
      '\u2066',
      '\u0301',
      '\ud800',
      'é',
      '履',
      'a',
    ),
  }),
  fc.string({ unit: 'binary' }),
);
const names = fc.array(nameChars, { maxLength: 4 }).map((parts) => parts.join(''));

describe('cleanFileName', () => {
  it('never keeps a path separator, a control, a bidi override or a lone surrogate, and stays within 255 characters', () => {
    fc.assert(
      fc.property(names, (name) => {
        const clean = cleanFileName(name);
        expect(clean).not.toMatch(/[/\\\p{Cc}\p{Cs}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
        expect([...clean].length).toBeLessThanOrEqual(255);
        expect(clean).toBe(clean.trim());
        expect(clean).toBe(clean.normalize('NFC'));
      }),
    );
  });

  it('is idempotent: a clean name comes back unchanged', () => {
    fc.assert(
      fc.property(names, (name) => {
        expect(cleanFileName(cleanFileName(name))).toBe(cleanFileName(name));
      }),
    );
  });

  it('keeps the last path segment and the end of a long name, where the extension is', () => {
    expect(cleanFileName('C:\\Users\\sam\\..\\résumé.pdf')).toBe('résumé.pdf');
    expect(cleanFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    const long = `${'x'.repeat(300)}.pdf`;
    expect(cleanFileName(long)).toBe(long.slice(-255));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 }), (stem) => {
        const clean = cleanFileName(`${'履'.repeat(300)}${stem.replace(/[/\\]/g, '')}.pdf`);
        expect(clean.endsWith('.pdf')).toBe(true);
      }),
    );
  });
});
