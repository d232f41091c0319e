import { describe, expect, it } from 'vitest';
import { Messages } from '../messages';
import type { FormDefinition } from '../v1/form-schemas';
import {
  fileExtension,
  flattenElements,
  isEmptyValue,
  isIsoDate,
  ValidationCode,
  ValidationMessages,
  validateBrackets,
  validateDate,
  validateElementValue,
  validateEmail,
  validateFileExtension,
  validateLength,
  validateMandatory,
  validateNumberRange,
  validatePhone,
  validateSelectOption,
  validateUrl,
  validateValues,
} from './validate';

describe('validateMandatory', () => {
  it('refuses null, absent, blank text and an unticked checkbox', () => {
    for (const value of [null, undefined, '', '   ', false]) {
      expect(validateMandatory(value)).toEqual({ code: 'mandatory', message: ValidationMessages.mandatory });
    }
  });
  it('accepts text, zero, a ticked checkbox and a picker value', () => {
    for (const value of ['a', 0, true, { Id: '1', Text: 'One' }]) expect(validateMandatory(value)).toBeNull();
  });
  it('treats the same values as empty in isEmptyValue', () => {
    expect(isEmptyValue(' ')).toBe(true);
    expect(isEmptyValue(0)).toBe(false);
  });
});

describe('validateLength', () => {
  it('refuses text shorter than MinLength and longer than MaxLength', () => {
    expect(validateLength('ab', { MinLength: 3 })?.code).toBe('too_short');
    expect(validateLength('abcd', { MaxLength: 3 })).toEqual({
      code: 'too_long',
      message: 'Enter at most 3 characters.',
    });
  });
  it('accepts text within the limits, at both edges', () => {
    expect(validateLength('abc', { MinLength: 3, MaxLength: 3 })).toBeNull();
  });
});

describe('validateNumberRange', () => {
  it('refuses numbers below Min and above Max, and non-finite numbers', () => {
    expect(validateNumberRange(-1, { Min: 0 })?.code).toBe('too_small');
    expect(validateNumberRange(11, { Max: 10 })?.code).toBe('too_big');
    expect(validateNumberRange(Number.NaN, {})?.code).toBe('invalid_type');
  });
  it('accepts the limits themselves', () => {
    expect(validateNumberRange(0, { Min: 0, Max: 0 })).toBeNull();
  });
});

describe('validateDate', () => {
  it('refuses text that is not a real yyyy-MM-dd date', () => {
    for (const text of ['2024-2-01', '01/02/2024', '2023-02-29', '2024-13-01', '2024-01-01T00:00']) {
      expect(validateDate(text, {})?.code).toBe('invalid_date');
    }
    expect(isIsoDate('2024-02-29')).toBe(true);
  });
  it('refuses dates outside Min and Max, inclusive limits', () => {
    expect(validateDate('2023-12-31', { Min: '2024-01-01' })?.message).toBe(
      'Enter a date on or after 2024-01-01.',
    );
    expect(validateDate('2025-01-01', { Max: '2024-12-31' })?.code).toBe('too_big');
    expect(validateDate('2024-01-01', { Min: '2024-01-01', Max: '2024-01-01' })).toBeNull();
  });
});

describe('validateSelectOption', () => {
  const options = [{ Value: 'open' }, { Value: 'closed' }];
  it('accepts a listed value and refuses any other', () => {
    expect(validateSelectOption('open', options)).toBeNull();
    expect(validateSelectOption('Open', options)?.code).toBe('invalid_option');
  });
});

describe('validatePhone', () => {
  it('accepts digits with an optional leading plus', () => {
    expect(validatePhone('+441234567')).toBeNull();
    expect(validatePhone('0123')).toBeNull();
  });
  it('refuses spaces, letters, dashes and a plus not in front', () => {
    for (const text of ['0123 456', '12a', '12-34', '12+3', '+'])
      expect(validatePhone(text)?.code).toBe('invalid_phone');
  });
});

describe('validateBrackets', () => {
  it('accepts only ( ) [ ] { } < >', () => {
    expect(validateBrackets('()[]{}<>')).toBeNull();
    expect(validateBrackets('(a)')?.code).toBe('invalid_brackets');
  });
});

describe('validateEmail and validateUrl', () => {
  it('checks email addresses as <input type="email"> does', () => {
    expect(validateEmail('qa@example.com')).toBeNull();
    expect(validateEmail('qa@')?.code).toBe('invalid_email');
    expect(validateEmail('q a@example.com')?.code).toBe('invalid_email');
  });
  it('checks absolute URLs as <input type="url"> does', () => {
    expect(validateUrl('https://example.com/a?b=1')).toBeNull();
    expect(validateUrl('example.com')?.code).toBe('invalid_url');
  });
});

describe('validateFileExtension', () => {
  it('accepts an extension in the list whatever its case or a dot in the list', () => {
    expect(validateFileExtension('Report.PDF', ['pdf'])).toBeNull();
    expect(validateFileExtension('scan.png', ['.png'])).toBeNull();
  });
  it("refuses other extensions and names without one with the spec's message", () => {
    expect(validateFileExtension('virus.exe', ['pdf'])).toEqual({
      code: 'file_type_not_supported',
      message: Messages.fileTypeNotSupported,
    });
    expect(validateFileExtension('README', ['pdf'])?.code).toBe('file_type_not_supported');
    expect(validateFileExtension('.pdf', ['pdf'])?.code).toBe('file_type_not_supported');
  });
  it('reads the extension after the last dot of the base name', () => {
    expect(fileExtension('C:\\docs.v2\\archive.tar.GZ')).toBe('gz');
    expect(fileExtension('dir.x/file')).toBe('');
  });
});

describe('validateElementValue', () => {
  it('skips every rule but mandatory for an empty value', () => {
    expect(validateElementValue({ Kind: 'phone', Name: 'Tel', Label: 'Tel' }, '')).toBeNull();
    expect(
      validateElementValue({ Kind: 'phone', Name: 'Tel', Label: 'Tel', IsMandatory: true }, '')?.code,
    ).toBe('mandatory');
  });
  it('refuses a value of the wrong type for the kind', () => {
    expect(validateElementValue({ Kind: 'number', Name: 'N', Label: 'N' }, '12')?.code).toBe('invalid_type');
    expect(
      validateElementValue({ Kind: 'picker', Name: 'P', Label: 'P', Source: 'suppliers' }, 'x')?.code,
    ).toBe('invalid_type');
  });
  it('checks a file value against the extension list and the size limit', () => {
    const file = { Kind: 'file', Name: 'F', Label: 'F', MaxBytes: 10 } as const;
    const ref = { Id: 'a', FileName: 'a.pdf', Size: 11, ContentType: 'application/pdf' };
    expect(validateElementValue(file, ref, { supportedFileExtensions: ['txt'] })?.message).toBe(
      Messages.fileTypeNotSupported,
    );
    expect(validateElementValue(file, ref, { supportedFileExtensions: ['pdf'] })?.code).toBe('file_too_big');
  });
  it('ignores elements that hold no value', () => {
    expect(validateElementValue({ Kind: 'info', Name: 'I', Label: 'I', Text: 't' }, 'x')).toBeNull();
  });
});

describe('validateValues', () => {
  const definition: Pick<FormDefinition, 'Elements'> = {
    Elements: [
      { Kind: 'text', Name: 'Name', Label: 'Name', IsMandatory: true, MaxLength: 5 },
      { Kind: 'info', Name: 'About', Label: 'About', Text: 'x' },
      {
        Kind: 'tabs',
        Name: 'Tabs',
        Label: 'Tabs',
        Tabs: [{ Name: 'Main', Label: 'Main', Elements: [{ Kind: 'phone', Name: 'Tel', Label: 'Tel' }] }],
      },
    ],
  };

  it('reports an issue per field with the path Values.Name, fields inside tabs included', () => {
    expect(validateValues(definition, { Name: 'toolong', Tel: 'abc' })).toEqual([
      { code: 'too_long', path: ['Values', 'Name'], message: 'Enter at most 5 characters.' },
      { code: 'invalid_phone', path: ['Values', 'Tel'], message: ValidationMessages.invalidPhone },
    ]);
  });
  it('reports a missing mandatory field unless the values are partial', () => {
    expect(validateValues(definition, { Tel: '1' }).map((issue) => issue.code)).toEqual([
      ValidationCode.mandatory,
    ]);
    expect(validateValues(definition, { Tel: '1' }, { partial: true })).toEqual([]);
  });
  it('reports values for names the form has no field for', () => {
    expect(validateValues(definition, { Name: 'a', About: 'x', Nope: 1 }).map((issue) => issue.path)).toEqual(
      [
        ['Values', 'About'],
        ['Values', 'Nope'],
      ],
    );
  });
  it('lists tab children after their tab strip', () => {
    expect(flattenElements(definition).map((element) => element.Name)).toEqual([
      'Name',
      'About',
      'Tabs',
      'Tel',
    ]);
  });
});
