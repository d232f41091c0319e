/** One help topic of the reference host. */
export interface HelpTopic {
  title: string;
  paragraphs: string[];
}

/** The help topics the host ships, keyed by the `{topic}` of `/help/{topic}`. */
export const HELP_TOPICS: Readonly<Record<string, HelpTopic>> = Object.freeze({
  'getting-started': {
    title: 'Getting started',
    paragraphs: [
      'Log on with your database, user name and password. The demo databases are Demo and Training.',
      'After logging on, the navigation on the left lists the forms, processes and help pages of your profile. Type in Quick find to narrow it down.',
      'Choose Classic for a compact layout or Modern for the default one; your choice is saved with your preferences.',
      'Sign Out ends your session on the server.',
    ],
  },
  sessions: {
    title: 'Sessions',
    paragraphs: [
      'Your session ends after a period without activity. Thirty seconds before that, a notice offers a Log in button that keeps the session going.',
      'When the session has expired, the page is locked. Enter your password in the lock dialog and choose Login: you continue where you were, and nothing you typed is lost.',
      'Logging in again in one tab unlocks every other tab of the product.',
    ],
  },
  navigation: {
    title: 'Navigation',
    paragraphs: [
      'The navigation comes from the site map of your profile. Supervisors also see the Administration section.',
      'Supervisors see the database name in the window title, so they always know which database they are changing.',
    ],
  },
});

/** Looks a help topic up by its route name; `undefined` for an unknown topic. */
export function findHelpTopic(name: string | undefined): HelpTopic | undefined {
  if (!name || !Object.hasOwn(HELP_TOPICS, name)) return undefined;
  return HELP_TOPICS[name];
}
