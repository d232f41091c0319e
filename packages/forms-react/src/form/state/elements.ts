import type { FormElement, FormElementKind } from '@procedo/client-api';

/** The element type of one `Kind`, e.g. `ElementOf<'phone'>`. */
export type ElementOf<K extends FormElementKind> = Extract<FormElement, { Kind: K }>;
