import type { NavigationDefinition } from '@procedo/client-api/designer';

/** The operators' navigation, as the designer API gives it (tests and stories). */
export const OPERATOR_NAVIGATION: NavigationDefinition = {
  Nodes: [
    {
      Id: 10,
      Title: 'Quality',
      Description: 'Suppliers and batches',
      Children: [
        { Id: 11, Title: 'Suppliers', Link: { Kind: 'form', WebTemplateNo: 101 }, Children: [] },
        { Id: 12, Title: 'Batches', Link: { Kind: 'form', WebTemplateNo: 104 }, Children: [] },
      ],
    },
    {
      Id: 20,
      Title: 'Help',
      Children: [
        { Id: 21, Title: 'Getting started', Link: { Kind: 'help', Topic: 'getting-started' }, Children: [] },
      ],
    },
  ],
};
