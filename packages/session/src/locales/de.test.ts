import { catalogueProblems } from '@procedo/texts';
import { describe, expect, it } from 'vitest';
import { SESSION_TEXTS } from '../texts';
import { SESSION_TEXTS_DE } from './de';

describe('the German session catalogue', () => {
  it('has exactly the keys of the English one, with the same arguments shown', () => {
    expect(catalogueProblems(SESSION_TEXTS, SESSION_TEXTS_DE)).toEqual([]);
  });

  it('counts down one second and several in German', () => {
    expect(SESSION_TEXTS_DE.secondsLeft(1)).toBe('Noch 1 Sekunde.');
    expect(SESSION_TEXTS_DE.secondsLeft(5)).toBe('Noch 5 Sekunden.');
  });
});
