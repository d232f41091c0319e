import type { SessionContext } from '@procedo/client-api';
import { HOST_TEXTS, type HostTexts } from '../texts';

/** One entry of the administration area (`/system`). */
export interface SystemEntry {
  title: string;
  href: string;
  description: string;
}

type SystemTexts = HostTexts['system'];
type TextKey = 'users' | 'permissions' | 'audit' | 'securityEvents' | 'designer' | 'navigationDesigner';

interface GatedEntry {
  /** Its title's key in the texts; the description's is `<key>Description`. */
  text: TextKey;
  href: string;
  /** Whether the user may use it: the same right the server checks on its requests. */
  isAllowed: (context: SessionContext) => boolean;
}

const ENTRIES: readonly GatedEntry[] = [
  {
    text: 'users',
    href: '/form?WebTemplateNo=901',
    isAllowed: (context) => context.Roles.includes('user-admin'),
  },
  {
    text: 'permissions',
    href: '/_forms/form?WebTemplateNo=101&PERMISSION_FORMID=101',
    isAllowed: (context) => context.Roles.includes('permission-design'),
  },
  {
    text: 'designer',
    href: '/designer',
    // The design-mode permission (the `design` role): the server's check on `designer/forms…`.
    isAllowed: (context) => context.DesignMode.CanDesign,
  },
  {
    text: 'navigationDesigner',
    href: '/designer/navigation',
    // The `navigation-design` role: the server's check on `designer/navigation…`.
    isAllowed: (context) => context.Roles.includes('navigation-design'),
  },
  {
    text: 'audit',
    href: '/audit',
    isAllowed: (context) => context.WebUserIsSupervisor,
  },
  {
    text: 'securityEvents',
    href: '/security-events',
    isAllowed: (context) => context.WebUserIsSupervisor,
  },
];

/** The administration entries the user's rights allow, in menu order, in `texts`' language. */
export function systemEntriesFor(
  context: SessionContext,
  texts: SystemTexts = HOST_TEXTS.system,
): SystemEntry[] {
  return ENTRIES.filter((entry) => entry.isAllowed(context)).map(({ text, href }) => ({
    title: texts[text],
    href,
    description: texts[`${text}Description`],
  }));
}
