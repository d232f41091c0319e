import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * react-aria's translated strings we ship (docs/ARCHITECTURE.md): Procedo's UI is English and
 * react-aria's only English table is en-US; en-GB and every other locale fall back to it, while
 * dates and numbers still follow the user's locale through `Intl`. Drops ~37 KB minified.
 */
const SHIPPED_LOCALES = ['en-US'];

/**
 * The libraries every page shares, in one long-cached chunk whatever page loads first
 * (docs/ARCHITECTURE.md, Host bundle): React and the router (the logon page too). react-aria is not
 * grouped: its modules follow the pages and the parts loaded on demand that use them (the picker's
 * combobox, the developer bar's menus, the designers' trees), so a page fetches only the react-aria
 * code it runs. Everything else follows the route split.
 */
const VENDOR_CHUNKS = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
    priority: 2,
  },
];

const apiTarget = process.env.PROCEDO_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [optimizeLocales.vite({ locales: SHIPPED_LOCALES }), react()],
  // `resolve.conditions` replaces Vite's defaults, so keep them after our source condition.
  resolve: { conditions: ['@procedo/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest names every chunk by its source module (bench/host-bundle.mjs, e2e/responsive).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/callback': apiTarget },
  },
});
