/** The dashboard the home page shows first (the seeded "Quality overview"). */
export const HOME_DASHBOARD_ID = 1;

/** A dashboard number as `/dashboard?id=…` accepts it, or `null`. */
export const dashboardIdOf = (text: string | null): number | null =>
  text !== null && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
