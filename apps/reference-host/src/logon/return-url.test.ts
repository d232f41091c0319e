import { describe, expect, it } from 'vitest';
import { logonUrlFor, safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  it('returns to a path of this site with its query and hash', () => {
    expect(safeReturnUrl('/form?WebTemplateNo=101#top')).toBe('/form?WebTemplateNo=101#top');
    expect(safeReturnUrl('/help/sessions')).toBe('/help/sessions');
  });

  it('goes home for a missing value or any other site (no open redirect)', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
    expect(safeReturnUrl('https://evil.example/')).toBe('/');
    expect(safeReturnUrl('//evil.example/path')).toBe('/');
    expect(safeReturnUrl('/\\evil.example')).toBe('/');
    expect(safeReturnUrl('javascript:alert(1)')).toBe('/');
  });

  it('never returns to the logon page or to a sign-out', () => {
    expect(safeReturnUrl('/logon?returnUrl=%2F')).toBe('/');
    expect(safeReturnUrl('/?cmd=logout_kill')).toBe('/');
  });
});

describe('logonUrlFor', () => {
  it('sends the current page along as returnUrl', () => {
    expect(logonUrlFor('/form?WebTemplateNo=101&a_nofocus=1')).toBe(
      '/logon?returnUrl=%2Fform%3FWebTemplateNo%3D101%26a_nofocus%3D1',
    );
    expect(logonUrlFor('/')).toBe('/logon?returnUrl=%2F');
  });
});
