import { useContext } from 'react';
import type { FormOpener } from './form-opener';
import { FormOpenerContext } from './opener-context';

/**
 * Returns the form opener of the nearest `FormOpenerProvider`. Throws when there is no provider
 * above.
 *
 * @example
 * const opener = useFormOpener();
 * opener.open({ url: '/form?WebTemplateNo=12', target: 'supplier_dialog', title: 'Supplier' });
 */
export function useFormOpener(): FormOpener {
  const opener = useContext(FormOpenerContext);
  if (!opener) throw new Error('useFormOpener() needs a <FormOpenerProvider> above it in the tree.');
  return opener;
}
