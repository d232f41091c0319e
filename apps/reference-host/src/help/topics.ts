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
  suppliers: {
    title: 'Suppliers',
    paragraphs: [
      'The Suppliers search lists approved, conditionally approved and blocked suppliers. Type part of a name or country, or pick a status, and press Enter or Search.',
      'Open a supplier from the results to change it. The General tab holds the contact details; the Quality tab the rating, the last audit and the audit notes.',
      'Some fields may be locked or hidden for your profile. Save keeps every earlier version of the record.',
    ],
  },
  deviations: {
    title: 'Deviations',
    paragraphs: [
      'A deviation records something that did not go as planned, with the batch it concerns.',
      'Severity, status, root cause and the CAPA flag are signed fields: saving a change to them asks for your legal name as a signature and a reason. Cancel Edit drops the change and reloads the form.',
    ],
  },
  batches: {
    title: 'Batches',
    paragraphs: [
      'A batch is made from one product of one supplier. Choose the supplier first: the product list then shows only that supplier’s products, and changing the supplier clears the product.',
      'Rework of batch lists the batches of the chosen product.',
    ],
  },
  certificates: {
    title: 'Supplier certificates',
    paragraphs: [
      'Attach the certificate document of a supplier. Only the file types of the global supported list are accepted; any other file is refused with a message and cleared.',
    ],
  },
  products: {
    title: 'Products',
    paragraphs: [
      'A product is bought from one supplier. The bracket code describes the packaging nesting using brackets only.',
      'The shelf life may be locked for your profile.',
    ],
  },
  forms: {
    title: 'Working with forms',
    paragraphs: [
      'Change the fields and choose Save. If someone else saved the same record meanwhile, your changes stay on screen next to the saved values: choose Use current to take theirs, or Keep mine to save yours over them.',
      'Leaving a form with unsaved changes asks you first.',
    ],
  },
  processes: {
    title: 'User processes',
    paragraphs: [
      'A user process guides you through a piece of work one step at a time. Start one from the Processes list on the home page; your open processes are listed there too.',
      'A step may ask you to confirm, to answer a question, to choose from a list, to produce a report, or to open a page and complete it there. When a step is done the next one starts, or you land on the step page of the process, where Run continues with the current step.',
      'The flow page shows every step of a process and its state. A step, a step and all later steps (its chain), or the whole process can be reset there to run again.',
    ],
  },
});

/** Looks a help topic up by its route name; `undefined` for an unknown topic. */
export function findHelpTopic(name: string | undefined): HelpTopic | undefined {
  if (!name || !Object.hasOwn(HELP_TOPICS, name)) return undefined;
  return HELP_TOPICS[name];
}
