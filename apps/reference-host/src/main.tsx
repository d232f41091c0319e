import '@procedo/forms-react/styles.css';
import '@procedo/session/styles.css';
import '@procedo/process-react/styles.css';
import './styles/app.css';
import './styles/classic.css';
import { earlyReadsFor, startEarlyReads } from './early-reads';
import { pageCode } from './routes/page-code';

// The entry: small on purpose. A signed-in page's first reads (the session, the dashboard), the code
// of its layout and dashboard page and the chart code start before React and the app are evaluated
// (early-reads.ts); the app follows (boot.tsx, whose code index.html already preloads:
// vite.config.ts), and finds that code on its way.

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const early = earlyReadsFor(window.location);
startEarlyReads(early.urls);
// A failure here is met again, and shown, where the app loads the same code.
for (const page of early.pages) pageCode[page]().catch(() => undefined);
if (early.showsDashboard) import('@procedo/forms-react/charts').catch(() => undefined);

void import('./boot').then(({ boot }) => boot(container));
