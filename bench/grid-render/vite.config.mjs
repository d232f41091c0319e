// Builds the grid pages of bench/grid-bench.mjs as separate pages, so each loads only its own code.
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
  plugins: [optimizeLocales.vite({ locales: ['en-US'] }), react()],
  resolve: {
    conditions: ['@procedo/source', ...defaultClientConditions],
    alias: {
      '@procedo/forms-react': path.join(packages, 'forms-react/src/index.ts'),
      '@procedo/client-api': path.join(packages, 'client-api/src/index.ts'),
    },
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: path.join(dir, 'dist'),
    emptyOutDir: true,
    // One file per page, so its size is the page's own JS.
    rollupOptions: {
      input: Object.fromEntries(
        (process.env.BENCH_GRIDS ?? 'plain,tanstack,procedo')
          .split(',')
          .map((name) => [name, path.join(dir, `${name}.html`)]),
      ),
    },
  },
});
