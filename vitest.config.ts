import { defineConfig } from 'vitest/config';

// Unit and server-integration tests of every workspace project. End-to-end browser tests have
// their own config (e2e/vitest.config.ts) because they need the built product.
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on our 2-core machines, so
    // every file ran after the other while most of them wait on a server or PostgreSQL. Two
    // workers keep both cores busy. The e2e config keeps its own (one file at a time).
    maxWorkers: 2,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/mock-server/vitest.config.ts',
      'apps/mock-server/vitest.pg.config.ts',
      'apps/reference-host/vitest.config.ts',
      'scripts/vitest.config.mjs',
    ],
  },
});
