import { describe, expect, it } from 'vitest';
import {
  filterBracketText,
  filterPhoneText,
  formatTimestamp,
  insertAt,
  isBracketKeyAllowed,
  isEditingKey,
  isPhoneKeyAllowed,
  isTimestampShortcut,
} from './input-rules';

describe('input rules', () => {
  it('lets phone fields take digits, plus, backspace and tab only', () => {
    for (const key of ['0', '9', '+', 'Backspace', 'Tab']) expect(isPhoneKeyAllowed({ key })).toBe(true);
    for (const key of ['a', ' ', '-', 'ArrowLeft', 'Delete', '('])
      expect(isPhoneKeyAllowed({ key })).toBe(false);
    expect(isPhoneKeyAllowed({ key: 'v', ctrlKey: true })).toBe(true);
  });
  it('lets bracket fields take brackets, shift, backspace, left and right arrows only', () => {
    for (const key of [
      '(',
      ')',
      '[',
      ']',
      '{',
      '}',
      '<',
      '>',
      'Shift',
      'Backspace',
      'ArrowLeft',
      'ArrowRight',
    ]) {
      expect(isBracketKeyAllowed({ key })).toBe(true);
    }
    for (const key of ['a', '1', 'ArrowUp', 'Delete', 'Home'])
      expect(isBracketKeyAllowed({ key })).toBe(false);
  });
  it('filters pasted text to the characters each field accepts', () => {
    expect(filterPhoneText('+44 (0) 20-7946 0958')).toBe('+4402079460958');
    expect(filterBracketText('a(b)[c]{}<>')).toBe('()[]{}<>');
  });
  it('treats printable keys, deletion and cut/paste shortcuts as editing', () => {
    expect(isEditingKey({ key: 'a' })).toBe(true);
    expect(isEditingKey({ key: 'Delete' })).toBe(true);
    expect(isEditingKey({ key: 'x', ctrlKey: true })).toBe(true);
    expect(isEditingKey({ key: 'c', ctrlKey: true })).toBe(false);
    expect(isEditingKey({ key: 'ArrowLeft' })).toBe(false);
    expect(isEditingKey({ key: 'Tab' })).toBe(false);
  });
  it('recognises Ctrl+; as the timestamp shortcut', () => {
    expect(isTimestampShortcut({ key: ';', ctrlKey: true })).toBe(true);
    expect(isTimestampShortcut({ key: ';' })).toBe(false);
  });
  it('formats timestamps as yyyy-MM-dd HH:mm and inserts them at the caret', () => {
    expect(formatTimestamp(new Date(2024, 0, 5, 7, 3))).toBe('2024-01-05 07:03');
    expect(insertAt('ab', 1, 1, 'X')).toEqual({ text: 'aXb', caret: 2 });
    expect(insertAt('abc', 1, 2, 'X')).toEqual({ text: 'aXc', caret: 2 });
  });
});
