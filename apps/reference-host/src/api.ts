import { createCallbackClient, createV1Client } from '@procedo/client-api';
import { ajaxCounter, serverTimeout, v1Options } from './api-session';

export {
  ajaxCounter,
  applySessionTimeout,
  bindSessionLock,
  serverTimeout,
  viewedTimepoint,
} from './api-session';

/** The v1 JSON client of the host (same origin). */
export const v1 = createV1Client(v1Options);

/** The callback (XML) client of the host (same origin). */
export const callback = createCallbackClient({ baseUrl: '', ajaxCounter, serverTimeout });
