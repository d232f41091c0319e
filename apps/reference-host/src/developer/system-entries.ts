import type { SessionContext } from '@procedo/client-api';

/** One entry of the administration area (`/system`). */
export interface SystemEntry {
  title: string;
  href: string;
  description: string;
}

interface GatedEntry extends SystemEntry {
  /** Whether the user may use it: the same right the server checks on its requests. */
  isAllowed: (context: SessionContext) => boolean;
}

const ENTRIES: readonly GatedEntry[] = [
  {
    title: 'Users',
    href: '/form?WebTemplateNo=901',
    description: 'User accounts, their profiles and roles',
    isAllowed: (context) => context.Roles.includes('user-admin'),
  },
  {
    title: 'Permissions',
    href: '/_forms/form?WebTemplateNo=101&PERMISSION_FORMID=101',
    description: 'Hide or lock form elements for a user or a profile',
    isAllowed: (context) => context.Roles.includes('permission-design'),
  },
  {
    title: 'Audit trail',
    href: '/audit',
    description: 'Signed changes across records: who, what and when',
    isAllowed: (context) => context.WebUserIsSupervisor,
  },
  {
    title: 'Security events',
    href: '/security-events',
    description: 'Failed signature attempts and signing blocks',
    isAllowed: (context) => context.WebUserIsSupervisor,
  },
];

/** The administration entries the user's rights allow, in menu order. */
export function systemEntriesFor(context: SessionContext): SystemEntry[] {
  return ENTRIES.filter((entry) => entry.isAllowed(context)).map(({ isAllowed: _, ...entry }) => entry);
}
