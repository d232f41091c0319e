import { describe, expect, it } from 'vitest';
import { storageFailure } from './app-error';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('storageFailure', () => {
  it.each(['SQLITE_FULL', 'ENOSPC', 'EDQUOT', '53100'])('answers %s 507 STORAGE_FULL', (code) => {
    expect(storageFailure(withCode(code))).toMatchObject({ status: 507, code: 'STORAGE_FULL' });
  });

  it.each([
    'SQLITE_BUSY',
    'SQLITE_BUSY_SNAPSHOT',
    'SQLITE_LOCKED',
    '40001',
    '40P01',
    '53300',
    '57014',
    '57P01',
    '08006',
    'ECONNREFUSED',
  ])('answers %s 503 DATABASE_BUSY (try again soon)', (code) => {
    expect(storageFailure(withCode(code))).toMatchObject({ status: 503, code: 'DATABASE_BUSY' });
  });

  it('leaves every other error, coded or not, to the 500 handler', () => {
    for (const error of [withCode('23505'), withCode('SQLITE_CONSTRAINT'), new Error('x'), null, 'text']) {
      expect(storageFailure(error)).toBeNull();
    }
  });
});
