import { Messages, type Role } from '@procedo/client-api';
/**
 * Demo data of a regulated quality-management business, seeded on first start. `full` goes to
 * the `demo` database, `small` to `training`.
 */

export type SeedKind = 'full' | 'small';

export interface NavigationSeed {
  title: string;
  url?: string;
  description?: string;
  children?: NavigationSeed[];
}

export interface ProfileSeed {
  id: number;
  name: string;
  description: string;
}

export interface UserSeed {
  id: number;
  name: string;
  password: string;
  legalName: string;
  profileId: number;
  isSupervisor: boolean;
  preferenceId: number;
  department: string;
  region: string;
  mobileTel: string;
  emailBusiness: string;
  emailPrivate: string;
  jobTitle: string;
}

/** The demo accounts the banner prints; the same in every database. */
export const DEMO_ACCOUNTS = [
  { userName: 'supervisor', password: 'demo', role: 'supervisor' },
  { userName: 'operator', password: 'demo', role: 'operator' },
  { userName: 'translator', password: 'demo', role: 'translation admin' },
] as const;

export const SUPERVISOR_PROFILE_ID = 1;
export const OPERATOR_PROFILE_ID = 2;

export const PROFILES: ProfileSeed[] = [
  { id: SUPERVISOR_PROFILE_ID, name: 'Quality supervisors', description: 'Quality assurance management' },
  { id: OPERATOR_PROFILE_ID, name: 'Operators', description: 'Production and laboratory staff' },
];

export const USERS: UserSeed[] = [
  {
    id: 1,
    name: 'supervisor',
    password: 'demo',
    legalName: 'Sam Supervisor',
    profileId: SUPERVISOR_PROFILE_ID,
    isSupervisor: true,
    preferenceId: 101,
    department: 'Quality Assurance',
    region: 'EMEA',
    mobileTel: '+44 7700 900123',
    emailBusiness: 'sam.supervisor@procedo.example',
    emailPrivate: 'sam.s@example.net',
    jobTitle: 'Head of Quality Assurance',
  },
  {
    id: 2,
    name: 'operator',
    password: 'demo',
    legalName: 'Olive Operator',
    profileId: OPERATOR_PROFILE_ID,
    isSupervisor: false,
    preferenceId: 102,
    department: 'Manufacturing',
    region: 'EMEA',
    mobileTel: '+44 7700 900456',
    emailBusiness: 'olive.operator@procedo.example',
    emailPrivate: 'olive.o@example.net',
    jobTitle: 'Production Operator',
  },
  {
    id: 3,
    name: 'translator',
    password: 'demo',
    legalName: 'Tess Translator',
    profileId: OPERATOR_PROFILE_ID,
    isSupervisor: false,
    preferenceId: 103,
    department: 'Documentation',
    region: 'DACH',
    mobileTel: '+49 151 23456789',
    emailBusiness: 'tess.translator@procedo.example',
    emailPrivate: 'tess.t@example.net',
    jobTitle: 'Technical Translator',
  },
];

/** The roles of the demo accounts, by user name (docs/protocol.md "Roles"). */
export const USER_ROLES: Readonly<Record<string, readonly Role[]>> = {
  supervisor: ['design', 'navigation-design', 'permission-design', 'translation-admin', 'user-admin'],
  translator: ['translation-admin'],
};

const quality = (kind: SeedKind, supervisor: boolean): NavigationSeed => ({
  title: 'Quality',
  description: 'Suppliers, products, batches and deviations',
  children: [
    {
      title: 'Suppliers',
      url: '/form?WebTemplateNo=101',
      description: 'Approved suppliers and their audits',
    },
    ...(kind === 'full'
      ? [{ title: 'Products', url: '/form?WebTemplateNo=106', description: 'Products and specifications' }]
      : []),
    { title: 'Batches', url: '/form?WebTemplateNo=104', description: 'Batch records and release' },
    ...(kind === 'full'
      ? [
          {
            title: 'Deviations',
            url: '/form?WebTemplateNo=103',
            description: 'Deviations from procedures and specifications',
          },
        ]
      : []),
    ...(kind === 'full' && supervisor
      ? [
          {
            title: 'Certificates',
            url: '/form?WebTemplateNo=105',
            description: 'Supplier certificates and their documents',
          },
        ]
      : []),
  ],
});

const processes = (kind: SeedKind): NavigationSeed => ({
  title: 'Processes',
  description: 'Guided user processes',
  children: [
    {
      title: 'Process explorer',
      url: '/apps/flow/home/flow',
      description: 'Processes under way and their steps',
    },
    ...(kind === 'full'
      ? [
          {
            title: 'Start a process',
            url: '/#start-a-process',
            description: 'Start a new guided process',
          },
        ]
      : []),
  ],
});

/** The supervisors' list of failed signature attempts (migration 12 adds it to existing databases). */
export const SECURITY_EVENTS_NODE = {
  title: 'Security events',
  url: '/security-events',
  description: 'Failed signature attempts and signing blocks',
} as const;

const administration = (kind: SeedKind): NavigationSeed => ({
  title: 'Administration',
  description: 'Users, permissions and the audit trail',
  children: [
    { title: 'Users', url: '/form?WebTemplateNo=901', description: 'User accounts and profiles' },
    ...(kind === 'full'
      ? [
          {
            title: 'Permissions',
            url: '/permissions',
            description: 'Every element permission by form and owner',
          },
          {
            title: 'Audit trail',
            url: '/audit',
            description: 'Signed changes, who and when',
          },
        ]
      : []),
    {
      title: SECURITY_EVENTS_NODE.title,
      url: SECURITY_EVENTS_NODE.url,
      description: SECURITY_EVENTS_NODE.description,
    },
  ],
});

const help = (kind: SeedKind): NavigationSeed => ({
  title: 'Help',
  description: 'How to use Procedo',
  children: [
    { title: 'Getting started', url: '/help/getting-started', description: 'A first tour of Procedo' },
    ...(kind === 'full'
      ? [
          {
            title: 'Sessions and sign-in',
            url: '/help/sessions',
            description: 'Session timeout and keep-alive',
          },
        ]
      : []),
  ],
});

/** The navigation tree of each profile. */
export function navigationTrees(kind: SeedKind): Map<number, NavigationSeed[]> {
  return new Map([
    [SUPERVISOR_PROFILE_ID, [quality(kind, true), processes(kind), administration(kind), help(kind)]],
    [OPERATOR_PROFILE_ID, [quality(kind, false), processes(kind), help(kind)]],
  ]);
}

/**
 * Resource components (`Web.Resources.XmlOfComponentName`). `Procedo.Messages` holds the
 * product's message catalogue (spec §8, exact wording) so a host can show server-side texts.
 */
export const RESOURCES: Record<string, Record<string, string>> = {
  // The §8 catalogue of the client, word for word: one source for both sides.
  'Procedo.Messages': { ...Messages },
  'Procedo.Logon': {
    title: 'Sign in to Procedo',
    database: 'Database',
    userName: 'User name',
    password: 'Password',
    submit: 'Sign in',
    invalidCredentials: 'The user name or password is incorrect.',
  },
  'Procedo.Session': {
    warning: 'Your session is about to expire.',
    keepAlive: 'Stay signed in',
    locked: 'Your session has expired.',
  },
};
