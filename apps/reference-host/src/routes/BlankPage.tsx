import { useEffect } from 'react';

/** The blank helper page (spec §2): an empty document, e.g. the first page of a popup. */
export function BlankPage() {
  useEffect(() => {
    document.title = 'Procedo';
  }, []);
  return <main className="procedo-BlankPage" aria-label="Blank page" />;
}
