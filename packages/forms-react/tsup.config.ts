import { copyFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { customConditions: [] } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
  // The default styles ship as a plain CSS file (`@procedo/forms-react/styles.css`), not through JS.
  async onSuccess() {
    await copyFile('src/styles.css', 'dist/styles.css');
  },
});
