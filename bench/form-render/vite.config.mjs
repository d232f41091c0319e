// Builds the three form implementations of bench/form-bench.mjs as separate pages, so each page
// loads only its own code: `npx vite build bench/form-render` (or let form-bench.mjs build it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const dir = path.dirname(fileURLToPath(import.meta.url));
const packages = path.resolve(dir, '../../packages');

export default defineConfig({
  root: dir,
  base: './',
  logLevel: 'warn',
  // Only react-aria's en-US strings, as the reference host ships them (docs/ARCHITECTURE.md).
  plugins: [optimizeLocales.vite({ locales: ['en-US'] }), react()],
  // `resolve.conditions` replaces Vite's defaults, so keep them after our source condition.
  resolve: {
    conditions: ['@procedo/source', ...defaultClientConditions],
    // The bench is no workspace package: point at the sources, as `@procedo/source` would.
    alias: {
      '@procedo/forms-react': path.join(packages, 'forms-react/src/index.ts'),
      '@procedo/client-api': path.join(packages, 'client-api/src/index.ts'),
    },
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: path.join(dir, 'dist'),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        index: path.join(dir, 'index.html'),
        procedo: path.join(dir, 'procedo.html'),
        plain: path.join(dir, 'plain.html'),
        rhf: path.join(dir, 'rhf.html'),
      },
    },
  },
});
