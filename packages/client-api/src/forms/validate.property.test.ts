import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { URL_PROTOCOLS, validateElementValue, validateNumberStep, validateUrl } from './validate';

describe('validateNumberStep', () => {
  it('refuses a value between steps and accepts one on a step, from Min or 0', () => {
    expect(validateNumberStep(2.5, { Min: 1, Step: 1 })).toEqual({
      code: 'step_mismatch',
      message: 'Enter 1 plus a multiple of 1.',
    });
    expect(validateNumberStep(2.5, { Step: 1 })?.message).toBe('Enter a multiple of 1.');
    expect(validateNumberStep(3, { Min: 1, Step: 1 })).toBeNull();
    expect(validateNumberStep(1.5, { Min: 0.5, Step: 1 })).toBeNull();
    expect(validateNumberStep(1.5, { Step: 1 })).not.toBeNull();
    // Decimal steps that binary floating point cannot hold exactly.
    expect(validateNumberStep(0.3, { Step: 0.1 })).toBeNull();
    expect(validateNumberStep(1.1, { Min: 0.2, Step: 0.3 })).toBeNull();
    expect(validateNumberStep(0.35, { Step: 0.1 })).not.toBeNull();
    expect(validateNumberStep(7.3, {})).toBeNull();
  });

  it('is part of a number field’s rules, after the range', () => {
    const element = { Kind: 'number', Name: 'Rating', Label: 'Rating', Min: 1, Max: 5, Step: 1 } as const;
    expect(validateElementValue(element, 2.5)?.code).toBe('step_mismatch');
    expect(validateElementValue(element, 9)?.code).toBe('too_big');
    expect(validateElementValue(element, 4)).toBeNull();
  });

  const step = fc.double({ min: 1e-3, max: 1e3, noNaN: true, noDefaultInfinity: true });
  const min = fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }), {
    nil: undefined,
  });
  const count = fc.integer({ min: -100_000, max: 100_000 });

  it('accepts Min (or 0) plus any whole number of steps', () => {
    fc.assert(
      fc.property(step, min, count, (Step, Min, k) => {
        expect(validateNumberStep((Min ?? 0) + k * Step, { Min, Step })).toBeNull();
      }),
    );
  });

  it('refuses Min (or 0) plus a whole number of steps and a part of one', () => {
    const part = fc.double({ min: 0.01, max: 0.99, noNaN: true });
    fc.assert(
      fc.property(step, min, count, part, (Step, Min, k, f) => {
        expect(validateNumberStep((Min ?? 0) + (k + f) * Step, { Min, Step })?.code).toBe('step_mismatch');
      }),
    );
  });
});

describe('validateUrl', () => {
  it('accepts only http, https and mailto', () => {
    expect(validateUrl('https://example.com/a?b=1')).toBeNull();
    expect(validateUrl('HTTP://EXAMPLE.COM')).toBeNull();
    expect(validateUrl('mailto:qa@example.com')).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      '\u0000\u001fjavascript:alert(1)',
      'java\tscript:alert(1)',
      'jav\nascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'DATA:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'blob:https://example.com/1',
      'ftp://example.com',
      'example.com',
      '//example.com',
    ]) {
      expect(validateUrl(bad), bad).toEqual({ code: 'invalid_url', message: expect.any(String) });
    }
  });

  it('accepts a value only when the browser would read its scheme as http, https or mailto', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.string({ unit: 'binary' })), (text) => {
        if (validateUrl(text) !== null) return;
        expect(URL_PROTOCOLS).toContain(new URL(text).protocol);
      }),
    );
  });

  it('refuses a script-running or other scheme whatever its case, leading whitespace and embedded tabs', () => {
    const scheme = fc.constantFrom('javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'ws', 'ftp');
    const blank = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r', '\f', '\u0000', '\u001f') });
    const tabOrNewline = fc.string({ unit: fc.constantFrom('\t', '\n', '\r'), maxLength: 2 });
    fc.assert(
      fc.property(
        scheme,
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        blank,
        tabOrNewline,
        fc.string(),
        (name, upper, lead, inside, rest) => {
          const cased = [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          const spliced = `${cased.slice(0, 2)}${inside}${cased.slice(2)}`;
          expect(validateUrl(`${lead}${spliced}:${rest}`)?.code).toBe('invalid_url');
        },
      ),
    );
  });

  it('accepts every http(s) web address and mailto address', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        expect(validateUrl(url)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        expect(validateUrl(`mailto:${address}`)).toBeNull();
      }),
    );
  });
});
