import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.PROCEDO_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@procedo/source'] },
  build: { outDir: 'dist', sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/callback': apiTarget },
  },
});
