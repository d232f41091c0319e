// Imported first by every page's entry, so this runs before React and the form code evaluate.
/** `performance.now()` when the page's own modules started to run. */
export const t0 = performance.now();
