import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const apiTarget = process.env.PROCEDO_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // `resolve.conditions` replaces Vite's defaults, so keep them after our source condition.
  resolve: { conditions: ['@procedo/source', ...defaultClientConditions] },
  build: { outDir: 'dist', sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/callback': apiTarget },
  },
});
