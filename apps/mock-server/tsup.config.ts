import { defineConfig } from 'tsup';

export default defineConfig({
  // bench-support: the record store for bench/records-bench.mjs.
  entry: ['src/server.ts', 'src/bench-support.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  // The wire schemas are bundled from source so the server runs without a separate build order.
  noExternal: ['@procedo/client-api'],
  esbuildOptions(options) {
    options.conditions = ['@procedo/source'];
  },
});
