import { describe, expect, it } from 'vitest';
import { windowTitle } from './title';

describe('windowTitle', () => {
  it('adds the database name for supervisors', () => {
    expect(windowTitle({ WebUserIsSupervisor: true, WebDatabaseName: 'Demo' })).toBe('Procedo - Demo');
  });

  it('is the product name alone for other users', () => {
    expect(windowTitle({ WebUserIsSupervisor: false, WebDatabaseName: 'Demo' })).toBe('Procedo');
  });
});
