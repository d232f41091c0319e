import { copyFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

/** The build of every published package: ESM + CJS + `.d.ts`, and its default styles if any. */
export function libraryConfig(options: { entry: string[]; styles?: boolean }) {
  return defineConfig({
    entry: options.entry,
    format: ['esm', 'cjs'],
    // Declarations resolve sibling packages through their built types, not their sources.
    dts: { compilerOptions: { customConditions: [] } },
    sourcemap: true,
    clean: true,
    target: 'es2022',
    treeshake: true,
    // Default styles ship as a plain CSS file (`@procedo/<package>/styles.css`), not through JS.
    onSuccess: options.styles ? () => copyFile('src/styles.css', 'dist/styles.css') : undefined,
  });
}
