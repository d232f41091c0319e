import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * react-aria's translated strings we ship (docs/ARCHITECTURE.md): Procedo's UI is English and
 * react-aria's only English table is en-US; en-GB and every other locale fall back to it, while
 * dates and numbers still follow the user's locale through `Intl`. Drops ~37 KB minified.
 */
const SHIPPED_LOCALES = ['en-US'];

const apiTarget = process.env.PROCEDO_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [optimizeLocales.vite({ locales: SHIPPED_LOCALES }), react()],
  // `resolve.conditions` replaces Vite's defaults, so keep them after our source condition.
  resolve: { conditions: ['@procedo/source', ...defaultClientConditions] },
  // The manifest names every chunk by its source module (bench/host-bundle.mjs, e2e/responsive).
  build: { outDir: 'dist', sourcemap: true, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/callback': apiTarget },
  },
});
