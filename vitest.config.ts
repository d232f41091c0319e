import { defineConfig } from 'vitest/config';

// Unit and server-integration tests of every workspace project. End-to-end browser tests have
// their own config (e2e/vitest.config.ts) because they need the built product.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/mock-server/vitest.config.ts',
      'apps/mock-server/vitest.pg.config.ts',
      'apps/reference-host/vitest.config.ts',
      'scripts/vitest.config.mjs',
    ],
  },
});
