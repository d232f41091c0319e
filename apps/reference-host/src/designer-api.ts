import { createDesignerClient } from '@procedo/client-api/designer';
import { v1Options } from './api-session';

/**
 * The designers' v1 client of the host (same origin, `v1`'s options: the same CSRF token, ajax
 * counter, timeout cookie and read-only timepoint). Apart from `api.ts`, which every signed-in
 * page loads, so that only the designers' pages load the designers' resources and schemas
 * (`@procedo/client-api/designer`; docs/ARCHITECTURE.md, Host bundle).
 */
export const designerV1 = createDesignerClient(v1Options);
