import { describe, expect, it } from 'vitest';
import { locateRecord, resultsDataSource } from './parent-records';

describe('locateRecord', () => {
  const source = resultsDataSource(102, [7, 3, 9]);

  it('gives the position and the neighbours of a record in the parent result list', () => {
    expect(locateRecord(source, 102, 7)).toEqual({ position: 1, total: 3, previousId: null, nextId: 3 });
    expect(locateRecord(source, 102, 3)).toEqual({ position: 2, total: 3, previousId: 7, nextId: 9 });
    expect(locateRecord(source, 102, 9)).toEqual({ position: 3, total: 3, previousId: 3, nextId: null });
  });

  it('treats a list of another form, a record no longer listed, or a foreign shape as invalid parent data', () => {
    expect(locateRecord(source, 103, 7)).toBeNull();
    expect(locateRecord(source, 102, 4)).toBeNull();
    expect(locateRecord({ WebTemplateNo: 102, Ids: ['7'] }, 102, 7)).toBeNull();
    expect(locateRecord(null, 102, 7)).toBeNull();
    expect(locateRecord([7, 3], 102, 7)).toBeNull();
  });

  it('keeps a registered list from being changed by the windows that read it', () => {
    const ids = [1, 2];
    const registered = resultsDataSource(102, ids);
    ids.push(3);
    expect(registered.Ids).toEqual([1, 2]);
    expect(Object.isFrozen(registered.Ids)).toBe(true);
  });
});
