import { describe, expect, it } from 'vitest';
import { Messages } from '../messages';
import { MESSAGES_DE } from './de';

describe('the German messages', () => {
  it('have exactly the keys of the English catalogue', () => {
    expect(Object.keys(MESSAGES_DE).sort()).toEqual(Object.keys(Messages).sort());
  });

  it('translate every message into a non-empty text', () => {
    for (const [key, text] of Object.entries(MESSAGES_DE)) expect(text.trim(), key).not.toBe('');
  });
});
