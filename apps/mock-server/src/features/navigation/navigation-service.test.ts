import { describe, expect, it } from 'vitest';
import { NavigationError, parseSiteMapQuery } from './navigation-service';

describe('parseSiteMapQuery', () => {
  it('reads an empty query as the whole tree', () => {
    expect(parseSiteMapQuery(undefined)).toBeNull();
    expect(parseSiteMapQuery('  ')).toBeNull();
  });

  it("reads //Node[@Title='X'] with either quote", () => {
    expect(parseSiteMapQuery("//Node[@Title='Start a process']")).toBe('Start a process');
    expect(parseSiteMapQuery(`//Node[@Title="Q'A"]`)).toBe("Q'A");
  });

  it.each(['//Node', "/SiteMap/Node[@Title='Quality']", "//Node[@Url='/x']", "//Node[@Title='A' or 1=1]"])(
    'refuses %s with a message naming the supported form',
    (query) => {
      expect(() => parseSiteMapQuery(query)).toThrow(NavigationError);
      expect(() => parseSiteMapQuery(query)).toThrow("only //Node[@Title='…'] is supported");
    },
  );
});
