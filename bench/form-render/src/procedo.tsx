import './t0';
import { createFormStore, FormRenderer, type FormStore } from '@procedo/forms-react';
import { createRoot } from 'react-dom/client';
import { buildDefinition, initialFieldValues } from './fields';
import { reportWhenRendered } from './report';

declare global {
  interface Window {
    /** The form's store, for the fast-typing check to read the value back. */
    __benchStore?: FormStore;
  }
}

// (a) Our renderer: the generated definition through createFormStore + FormRenderer, as the
// form page uses them (the definition as the server sends it, the dirty flag cleared after load).
reportWhenRendered('procedo');
const store = createFormStore({ definition: buildDefinition(), initialValues: initialFieldValues() });
window.__benchStore = store;
createRoot(document.getElementById('root')!).render(<FormRenderer store={store} />);
store.clearDirtyAfterLoad();
