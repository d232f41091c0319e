/** The application version the product reports (spec §1), shown in the developer bar. */
export const APPLICATION_VERSION = 'R1501';

/** The client web API version (spec §1) this client speaks, shown in the developer bar. */
export const CLIENT_WEB_API_VERSION = '18.01';
