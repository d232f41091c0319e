import '@procedo/forms-react/styles.css';
import '@procedo/session/styles.css';
import '@procedo/process-react/styles.css';
import './styles/app.css';
import './styles/classic.css';
import { earlyReadsFor, startEarlyReads } from './early-reads';

// The entry: small on purpose. A signed-in page's first reads (the session, the dashboard) and the
// dashboard's chart code start before React and the app are evaluated (early-reads.ts); the app
// follows (boot.tsx, whose code index.html already preloads: vite.config.ts).

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const early = earlyReadsFor(window.location);
startEarlyReads(early.urls);
// Without it the chart widgets load the code themselves, as on later visits.
if (early.showsDashboard) import('@procedo/forms-react/charts').catch(() => undefined);

void import('./boot').then(({ boot }) => boot(container));
