import type { Role, SessionContext } from '@procedo/client-api';
import { describe, expect, it } from 'vitest';
import { systemEntriesFor } from './system-entries';

const contextWith = (roles: Role[], isSupervisor: boolean) =>
  ({
    Roles: roles,
    WebUserIsSupervisor: isSupervisor,
    DesignMode: { CanDesign: roles.includes('design'), CanDesignNavigation: false },
  }) as SessionContext;

const titles = (roles: Role[], isSupervisor: boolean) =>
  systemEntriesFor(contextWith(roles, isSupervisor)).map((entry) => entry.title);

describe('systemEntriesFor', () => {
  it('lists every administration entry for a user with every right, in menu order', () => {
    expect(
      systemEntriesFor(contextWith(['design', 'navigation-design', 'permission-design', 'user-admin'], true)),
    ).toEqual([
      {
        title: 'Users',
        href: '/form?WebTemplateNo=901',
        description: 'User accounts, their profiles and roles',
      },
      {
        title: 'Permissions',
        href: '/_forms/form?WebTemplateNo=101&PERMISSION_FORMID=101',
        description: 'Hide or lock form elements for a user or a profile',
      },
      {
        title: 'Form designer',
        href: '/designer',
        description: 'Change a form, publish it as a new version, compare and revert versions',
      },
      {
        title: 'Navigation designer',
        href: '/designer/navigation',
        description: "Change a profile's menu, publish it as a new version, compare and revert versions",
      },
      {
        title: 'Audit trail',
        href: '/audit',
        description: 'Signed changes across records: who, what and when',
      },
      {
        title: 'Security events',
        href: '/security-events',
        description: 'Failed signature attempts and signing blocks',
      },
    ]);
  });

  it('offers each entry only with the right the server checks for it', () => {
    expect(titles(['user-admin'], false)).toEqual(['Users']);
    expect(titles(['permission-design'], false)).toEqual(['Permissions']);
    expect(titles([], true)).toEqual(['Audit trail', 'Security events']);
    expect(titles(['design'], false)).toEqual(['Form designer']);
    expect(titles(['navigation-design'], false)).toEqual(['Navigation designer']);
    expect(titles(['translation-admin'], false)).toEqual([]);
  });
});
