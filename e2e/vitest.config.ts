import { defineConfig } from 'vitest/config';

// End-to-end browser tests: the real reference server (from source) serving the BUILT host
// (apps/reference-host/dist), driven in Chromium. Build the host first:
//   corepack pnpm --filter @procedo/reference-host build
// Vite's default conditions are spelled out because `vite` is not a root dependency.
export default defineConfig({
  resolve: { conditions: ['@procedo/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@procedo/source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
