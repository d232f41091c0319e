import { Messages } from '../messages';
import type { FieldValue, FieldValues, FormDefinition, FormElement, LeafElement } from '../v1/form-schemas';

/**
 * Field validation rules shared by the renderer (as the user types and on submit) and the server
 * (on every write), so both sides refuse the same input with the same message. Each rule is one
 * pure function returning the user-facing message, or `null` when the value passes.
 */

/** Issue codes of {@link validateValues}; the `code` of each issue. */
export const ValidationCode = Object.freeze({
  mandatory: 'mandatory',
  tooShort: 'too_short',
  tooLong: 'too_long',
  invalidType: 'invalid_type',
  tooSmall: 'too_small',
  tooBig: 'too_big',
  stepMismatch: 'step_mismatch',
  invalidDate: 'invalid_date',
  invalidOption: 'invalid_option',
  invalidPhone: 'invalid_phone',
  invalidBrackets: 'invalid_brackets',
  invalidEmail: 'invalid_email',
  invalidUrl: 'invalid_url',
  fileTypeNotSupported: 'file_type_not_supported',
  fileTooBig: 'file_too_big',
  unknownElement: 'unknown_element',
});

/** One of {@link ValidationCode}. */
export type ValidationCodeValue = (typeof ValidationCode)[keyof typeof ValidationCode];

/** The texts of the validation rules: one catalogue, shared by client and server. */
export const ValidationMessages = Object.freeze({
  mandatory: 'This field is required.',
  tooShort: (min: number) => `Enter at least ${min} characters.`,
  tooLong: (max: number) => `Enter at most ${max} characters.`,
  notText: 'Enter text.',
  notNumber: 'Enter a number.',
  notBoolean: 'Expected a yes or no value.',
  tooSmall: (min: number) => `Enter a number of at least ${min}.`,
  tooBig: (max: number) => `Enter a number of at most ${max}.`,
  stepMismatch: (step: number, base: number) =>
    base === 0 ? `Enter a multiple of ${step}.` : `Enter ${base} plus a multiple of ${step}.`,
  invalidDate: 'Enter a date as yyyy-MM-dd.',
  dateTooEarly: (min: string) => `Enter a date on or after ${min}.`,
  dateTooLate: (max: string) => `Enter a date on or before ${max}.`,
  invalidOption: 'Choose one of the listed options.',
  invalidPhone: 'Enter a phone number: digits, optionally after a leading +.',
  invalidBrackets: 'Enter brackets only: ( ) [ ] { } < >.',
  invalidEmail: 'Enter an email address.',
  invalidUrl: 'Enter a web address, such as https://example.com.',
  notPicker: 'Choose a value from the list.',
  notFile: 'Upload a file.',
  fileTooBig: (maxBytes: number) => `The file is larger than ${maxBytes} bytes.`,
  unknownElement: 'This form has no such field.',
});

/** A validation issue, zod-style, as the server's 400 body carries it (`Issues`). */
export interface ValidationIssue {
  code: ValidationCodeValue;
  path: (string | number)[];
  message: string;
}

/** A rule's verdict: the issue code and message, or `null` when the value passes. */
export type RuleResult = { code: ValidationCodeValue; message: string } | null;

const fail = (code: ValidationCodeValue, message: string): RuleResult => ({ code, message });

/** Whether a value counts as empty: `null`, absent, blank text or an unticked checkbox. */
export function isEmptyValue(value: FieldValue | undefined): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '')
  );
}

/** Mandatory: the value must not be empty (a mandatory checkbox must be ticked). */
export function validateMandatory(value: FieldValue | undefined): RuleResult {
  return isEmptyValue(value) ? fail(ValidationCode.mandatory, ValidationMessages.mandatory) : null;
}

/** MinLength / MaxLength of a text, in UTF-16 code units as the browser's `maxlength` counts. */
export function validateLength(text: string, limits: { MinLength?: number; MaxLength?: number }): RuleResult {
  if (limits.MinLength !== undefined && text.length > 0 && text.length < limits.MinLength) {
    return fail(ValidationCode.tooShort, ValidationMessages.tooShort(limits.MinLength));
  }
  if (limits.MaxLength !== undefined && text.length > limits.MaxLength) {
    return fail(ValidationCode.tooLong, ValidationMessages.tooLong(limits.MaxLength));
  }
  return null;
}

/** Number Min / Max, and that the value is a finite number. */
export function validateNumberRange(value: number, limits: { Min?: number; Max?: number }): RuleResult {
  if (!Number.isFinite(value)) return fail(ValidationCode.invalidType, ValidationMessages.notNumber);
  if (limits.Min !== undefined && value < limits.Min) {
    return fail(ValidationCode.tooSmall, ValidationMessages.tooSmall(limits.Min));
  }
  if (limits.Max !== undefined && value > limits.Max) {
    return fail(ValidationCode.tooBig, ValidationMessages.tooBig(limits.Max));
  }
  return null;
}

/**
 * Number `Step`: the value must be `Min` (or 0 without one) plus a whole number of steps, as the
 * browser's `<input type="number" step min>` has it. Decimal steps are not exact in binary floating
 * point (0.3 is not 3 × 0.1), so "whole" allows the rounding error of the numbers involved.
 */
export function validateNumberStep(value: number, limits: { Min?: number; Step?: number }): RuleResult {
  const step = limits.Step;
  if (step === undefined || !(step > 0) || !Number.isFinite(value)) return null;
  const base = limits.Min ?? 0;
  const steps = (value - base) / step;
  // Each of value, base and the division can be off by an ulp of the magnitudes involved.
  const tolerance = 1e-9 + (16 * Number.EPSILON * (Math.abs(value) + Math.abs(base))) / step;
  return Math.abs(steps - Math.round(steps)) <= tolerance
    ? null
    : fail(ValidationCode.stepMismatch, ValidationMessages.stepMismatch(step, base));
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date written `yyyy-MM-dd` (spec §9 filter date format). */
export function isIsoDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Date format `yyyy-MM-dd` and Min / Max (inclusive; ISO dates compare as text). */
export function validateDate(text: string, limits: { Min?: string; Max?: string }): RuleResult {
  if (!isIsoDate(text)) return fail(ValidationCode.invalidDate, ValidationMessages.invalidDate);
  if (limits.Min !== undefined && text < limits.Min) {
    return fail(ValidationCode.tooSmall, ValidationMessages.dateTooEarly(limits.Min));
  }
  if (limits.Max !== undefined && text > limits.Max) {
    return fail(ValidationCode.tooBig, ValidationMessages.dateTooLate(limits.Max));
  }
  return null;
}

/** Select: the value must be one of the options' values. */
export function validateSelectOption(value: string, options: readonly { Value: string }[]): RuleResult {
  return options.some((option) => option.Value === value)
    ? null
    : fail(ValidationCode.invalidOption, ValidationMessages.invalidOption);
}

/** Spec §5 phone fields: digits, optionally after one leading plus. */
export const PHONE_PATTERN = /^\+?[0-9]+$/;

/** Phone format. */
export function validatePhone(text: string): RuleResult {
  return PHONE_PATTERN.test(text) ? null : fail(ValidationCode.invalidPhone, ValidationMessages.invalidPhone);
}

/** Spec §5 bracket-only fields. */
export const BRACKETS_PATTERN = /^[()[\]{}<>]*$/;

/** Brackets only. */
export function validateBrackets(text: string): RuleResult {
  return BRACKETS_PATTERN.test(text)
    ? null
    : fail(ValidationCode.invalidBrackets, ValidationMessages.invalidBrackets);
}

// The HTML standard's "valid e-mail address", so the server agrees with `<input type="email">`.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Email format, as `<input type="email">` checks it. */
export function validateEmail(text: string): RuleResult {
  return EMAIL_PATTERN.test(text) ? null : fail(ValidationCode.invalidEmail, ValidationMessages.invalidEmail);
}

/**
 * The schemes a URL field accepts. A URL field's value is shown as a link, so a `javascript:`,
 * `data:` or `vbscript:` value would run or render whatever it holds when clicked.
 */
export const URL_PROTOCOLS: readonly string[] = Object.freeze(['http:', 'https:', 'mailto:']);

/**
 * URL format: an absolute URL, as `<input type="url">` checks it, whose scheme is one of
 * {@link URL_PROTOCOLS}. The scheme is the one the browser would use: the WHATWG parser drops
 * leading spaces and control characters, tabs and newlines, and ignores case.
 */
export function validateUrl(text: string): RuleResult {
  let protocol: string;
  try {
    protocol = new URL(text).protocol;
  } catch {
    return fail(ValidationCode.invalidUrl, ValidationMessages.invalidUrl);
  }
  return URL_PROTOCOLS.includes(protocol)
    ? null
    : fail(ValidationCode.invalidUrl, ValidationMessages.invalidUrl);
}

/** The extension of a file name, lower case and without the dot (`''` when it has none). */
export function fileExtension(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/**
 * Spec §5: the extension must be in the supported list (the global setting; lower case, with or
 * without the dot). The message is `Messages.fileTypeNotSupported`.
 */
export function validateFileExtension(fileName: string, supportedExtensions: readonly string[]): RuleResult {
  const extension = fileExtension(fileName);
  const supported = supportedExtensions.some((entry) => entry.replace(/^\./, '').toLowerCase() === extension);
  return extension !== '' && supported
    ? null
    : fail(ValidationCode.fileTypeNotSupported, Messages.fileTypeNotSupported);
}

/** Options of {@link validateElementValue} and {@link validateValues}. */
export interface ValidateOptions {
  /** The global supported file extension list; file values are checked against it when given. */
  supportedFileExtensions?: readonly string[];
  /** The global upload size limit, in bytes. */
  maxUploadBytes?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates one element's value with every rule that applies to its kind; the first failure wins. */
export function validateElementValue(
  element: LeafElement,
  value: FieldValue | undefined,
  options: ValidateOptions = {},
): RuleResult {
  if (!isValueElement(element)) return null;
  if (isEmptyValue(value)) return element.IsMandatory ? validateMandatory(value) : null;
  switch (element.Kind) {
    case 'text':
    case 'phone':
    case 'brackets':
    case 'textarea': {
      if (typeof value !== 'string') return fail(ValidationCode.invalidType, ValidationMessages.notText);
      const length = validateLength(value, element);
      if (length) return length;
      if (element.Kind === 'phone') return validatePhone(value);
      if (element.Kind === 'brackets') return validateBrackets(value);
      if (element.Kind === 'text' && element.Format === 'email') return validateEmail(value);
      if (element.Kind === 'text' && element.Format === 'url') return validateUrl(value);
      return null;
    }
    case 'number':
      return typeof value === 'number'
        ? (validateNumberRange(value, element) ?? validateNumberStep(value, element))
        : fail(ValidationCode.invalidType, ValidationMessages.notNumber);
    case 'date':
      return typeof value === 'string'
        ? validateDate(value, element)
        : fail(ValidationCode.invalidDate, ValidationMessages.invalidDate);
    case 'select':
      return typeof value === 'string'
        ? validateSelectOption(value, element.Options)
        : fail(ValidationCode.invalidOption, ValidationMessages.invalidOption);
    case 'checkbox':
      return typeof value === 'boolean'
        ? null
        : fail(ValidationCode.invalidType, ValidationMessages.notBoolean);
    case 'picker': {
      const raw: unknown = value;
      return isRecord(raw) && typeof raw.Id === 'string' && typeof raw.Text === 'string'
        ? null
        : fail(ValidationCode.invalidType, ValidationMessages.notPicker);
    }
    case 'file': {
      const raw: unknown = value;
      if (!isRecord(raw) || typeof raw.FileName !== 'string' || typeof raw.Size !== 'number') {
        return fail(ValidationCode.invalidType, ValidationMessages.notFile);
      }
      if (options.supportedFileExtensions) {
        const extension = validateFileExtension(raw.FileName, options.supportedFileExtensions);
        if (extension) return extension;
      }
      const maxBytes = element.MaxBytes ?? options.maxUploadBytes;
      if (maxBytes !== undefined && raw.Size > maxBytes) {
        return fail(ValidationCode.fileTooBig, ValidationMessages.fileTooBig(maxBytes));
      }
      return null;
    }
  }
}

/** Elements that hold a value (fields), tabs' children included, in document order. */
export type ValueElement = Extract<LeafElement, { IsMandatory?: boolean }>;

/** Every element of a definition in document order, each tab strip followed by its tabs' elements. */
export function flattenElements(definition: Pick<FormDefinition, 'Elements'>): (FormElement | LeafElement)[] {
  const result: (FormElement | LeafElement)[] = [];
  for (const element of definition.Elements) {
    result.push(element);
    if (element.Kind === 'tabs') for (const tab of element.Tabs) result.push(...tab.Elements);
  }
  return result;
}

/** Whether an element holds a value (text, number, picker… but not info, button, results, tabs). */
export function isValueElement(element: FormElement | LeafElement): element is ValueElement {
  return !['info', 'button', 'results', 'tabs'].includes(element.Kind);
}

/** Options of {@link validateValues}. */
export interface ValidateValuesOptions extends ValidateOptions {
  /**
   * Validate only the fields present in `values` (an update carrying changed values only);
   * otherwise a missing mandatory field is an issue.
   * @default false
   */
  partial?: boolean;
}

/**
 * Validates a record's values against its definition: every field rule, and that every value
 * names a field of the form. Issues carry `path: ['Values', Name]` so a 400 finds its field.
 *
 * @example validateValues(definition, body.Values, { supportedFileExtensions, partial: true })
 */
export function validateValues(
  definition: Pick<FormDefinition, 'Elements'>,
  values: FieldValues,
  options: ValidateValuesOptions = {},
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const fields = new Map<string, ValueElement>();
  for (const element of flattenElements(definition)) {
    if (isValueElement(element)) fields.set(element.Name, element);
  }
  for (const name of Object.keys(values)) {
    if (!fields.has(name)) {
      issues.push({
        code: ValidationCode.unknownElement,
        path: ['Values', name],
        message: ValidationMessages.unknownElement,
      });
    }
  }
  for (const [name, element] of fields) {
    const present = Object.hasOwn(values, name);
    if (options.partial && !present) continue;
    const result = validateElementValue(element, present ? values[name] : undefined, options);
    if (result) issues.push({ ...result, path: ['Values', name] });
  }
  return issues;
}
