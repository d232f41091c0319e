import type { Options } from 'tsup';
import { libraryConfig } from '../../tsup.shared';

// `./charts`, `./dashboard`, `./filter-editor`, `./admin`, `./permissions`, `./developer`,
// `./translation`, `./designer` and `./column-list` are entries of their own, loaded only by the
// pages that use them. The dashboard entry loads the charts by their package name (kept external),
// so the chart library is in no file of another entry in either format; the main entry loads none
// of them (test: chart-entry.test.ts).
// `./locales/de` (the German texts) is one too, loaded by apps that show German.
const entry = [
  'src/index.ts',
  'src/charts.ts',
  'src/dashboard.ts',
  'src/filter-editor.ts',
  'src/admin.ts',
  'src/permissions.ts',
  'src/developer.ts',
  'src/translation.ts',
  'src/designer.ts',
  'src/column-list.ts',
  'src/locales/de.ts',
];
const config: Options & { entry: string[]; external: string[] } = {
  ...(libraryConfig({ entry, styles: true }) as Options),
  entry,
  external: ['@procedo/forms-react/charts'],
  // Chunks in the CJS build too (ESM has them anyway): a module the package loads with `import()`
  // (the picker's ComboBox, the tooltip's overlay, …) stays a chunk of its own instead of being
  // inlined into every entry that reaches it, and the entries share their common modules.
  splitting: true,
};
export default config;
