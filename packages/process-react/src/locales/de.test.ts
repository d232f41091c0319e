import { catalogueProblems } from '@procedo/texts';
import { describe, expect, it } from 'vitest';
import { PROCESS_TEXTS } from '../i18n/texts';
import { PROCESS_TEXTS_DE } from './de';

describe('the German process-react catalogue', () => {
  it('has exactly the keys of the English one, with the same arguments shown', () => {
    expect(catalogueProblems(PROCESS_TEXTS, PROCESS_TEXTS_DE)).toEqual([]);
  });
});
