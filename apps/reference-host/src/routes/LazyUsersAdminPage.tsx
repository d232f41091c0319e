import { LoadingPanel } from '@procedo/forms-react';
import { lazyComponent, useLoaded } from '../lazy-component';

// The administration's part of forms-react (`./admin`) is loaded on the first visit to form 901,
// in a chunk of its own: no other page carries it.
const Page = lazyComponent(() => import('./UsersAdminPage'), 'UsersAdminPage');

/** The users administration's form number (Administration › Users, `/form?WebTemplateNo=901`). */
export const USERS_FORM_NO = 901;

/** Form 901 (Administration › Users), loaded on its first visit. */
export function UsersAdminPage() {
  return useLoaded(Page) ? <Page /> : <LoadingPanel isVisible />;
}
